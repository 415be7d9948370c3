import ManifestCore
import SchemaTestSupport
import Testing

/// Issue 17 item 8: media sequence numbers up to 2^64 − 1 and program date-times outside
/// 1677–2262, as real packagers write them, through `diff`, `stitch --state` and `--json`.
@Suite struct SequenceRangeCommandTests {
  /// Two reloads of an origin that numbers segments from a wall-clock-derived seed above
  /// 2^63 (9223372036854775808 + n, as a packager seeding from a nanosecond clock with the
  /// high bit set writes it), 6 s segments, dated 2300 by a test stream's encoder.
  static func window(_ first: UInt64, count: Int = 3) -> String {
    var lines = [
      "#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:\(first)",
      "#EXT-X-PROGRAM-DATE-TIME:2300-01-01T00:00:\(first % 5 * 6 + 10).000Z",
    ]
    for n in 0..<UInt64(count) { lines += ["#EXTINF:6.000,", "seg-\(first + n).ts"] }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func diffCountsSegmentsPast2To63() throws {
    let old = Self.window(9_223_372_036_854_775_808)
    let new = Self.window(9_223_372_036_854_775_809)
    let (status, out, err) = m3u8(["diff", "old", "new"], files: ["old": old, "new": new])
    #expect(status == 0 && err == "")
    #expect(
      out == """
        media sequence: 9223372036854775808 → 9223372036854775809 (1 removed)
        added segments: 1
          9223372036854775811  6  seg-9223372036854775811.ts
        consistent: yes

        """)
    let (_, json, _) = m3u8(["diff", "--json", "old", "new"], files: ["old": old, "new": new])
    let value = try JSONValue.parse(json)
    #expect(json.contains(#""oldMediaSequence":9223372036854775808"#))
    #expect(
      value["addedSegments"]?.arrayValue?.first?["mediaSequence"]
        == .unsigned(9_223_372_036_854_775_811))
    let check = try JSONSchemaCheck.file("docs/schemas/diff.schema.json")
    #expect(check.errors(value) == [])
  }

  /// A reload that went back from the top of the range to 0 (a packager whose counter wrapped)
  /// is reported, and nothing traps on the way.
  @Test func diffAcrossTheTopOfTheRange() {
    let old = Self.window(18_446_744_073_709_551_613)
    let new = Self.window(0)
    let (status, out, _) = m3u8(["diff", "old", "new"], files: ["old": old, "new": new])
    #expect(status == 1)
    #expect(out.contains("EXT-X-MEDIA-SEQUENCE went back from 18446744073709551613 to 0"))
  }

  /// `dump --json` prints the numbers and the 2300 and year-0001 dates exactly.
  @Test func dumpPrintsNumbersAndDatesExactly() throws {
    let zeroedClock = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-MEDIA-SEQUENCE:18446744073709551615
      #EXT-X-PROGRAM-DATE-TIME:0001-01-01T00:00:00.000Z
      #EXT-X-DATERANGE:ID="far",START-DATE="2300-01-01T00:00:00.000Z",END-DATE="2300-01-01T00:00:30.000Z"
      #EXTINF:6.000,
      seg.ts

      """
    let (status, out, err) = m3u8(
      ["dump", "--json", "live.m3u8"], files: ["live.m3u8": zeroedClock])
    #expect(status == 0 && err == "")
    #expect(out.contains(#""mediaSequence":18446744073709551615"#))
    #expect(out.contains(#""programDateTime":"0001-01-01T00:00:00.000Z""#))
    #expect(out.contains(#""startDate":"2300-01-01T00:00:00.000Z""#))
    let check = try JSONSchemaCheck.file("docs/schemas/dump.schema.json")
    #expect(check.errors(try JSONValue.parse(out)) == [])
  }

  /// The same origin numbering from 2^63, stitched live window by window through the state
  /// file (`StitchCommandTests.liveWindowsFollowOnThroughTheStateFile` 2^63 higher): the ad
  /// keeps the content's numbers and the state file holds them exactly.
  @Test func liveStitchContinuesNumbersPast2To63() {
    let base: UInt64 = 9_223_372_036_854_775_808
    func window(_ first: UInt64) -> String {
      var lines = ["#EXTM3U", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:\(first)"]
      for n in first..<(first + 4) {
        if n == base + 10 { lines.append("#EXT-X-CUE-OUT:12") }
        if n == base + 11 { lines.append("#EXT-X-CUE-OUT-CONT:6/12") }
        if n == base + 12 { lines.append("#EXT-X-CUE-IN") }
        lines += ["#EXTINF:6.000,", "live_\(n).ts"]
      }
      return lines.joined(separator: "\n") + "\n"
    }
    var state: String? = nil
    var outputs: [String] = []
    for first in (base + 8)...(base + 12) {
      var files = [
        "live.m3u8": window(first), "ad/index.m3u8": StitchCommandTests.ad,
        "plan.json": StitchCommandTests.plan,
      ]
      if let state { files["state.json"] = state }
      let (status, out, err, io) = StitchCommandTests.run(
        [
          "stitch", "--plan", "plan.json", "--markers", "none", "--state", "state.json",
          "live.m3u8",
        ],
        files: files)
      #expect(status == 0)
      #expect(err == "")
      state = io.writtenFiles["state.json"].map { String(decoding: $0, as: UTF8.self) }
      outputs.append(out)
    }
    #expect(state?.contains(#""windowMediaSequence": 9223372036854775820"#) == true)
    #expect(
      outputs[3] == """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-MEDIA-SEQUENCE:9223372036854775819
        #EXT-X-DISCONTINUITY-SEQUENCE:1
        #EXTINF:6,
        ad/ad1.ts
        #EXT-X-DISCONTINUITY
        #EXTINF:6,
        live_9223372036854775820.ts
        #EXTINF:6,
        live_9223372036854775821.ts
        #EXTINF:6,
        live_9223372036854775822.ts

        """)
  }
}
