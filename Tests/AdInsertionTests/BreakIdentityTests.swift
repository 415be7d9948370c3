import AdInsertion
import HLS
import Testing

/// A break keeps its id in every reload of a live window: ids come from the signal, else from
/// the media sequence number of the break's first segment, never from its position.
@Suite struct BreakIdentityTests {
  /// The SCTE-35 splice_insert (splice_event_id 4300, 6 s) MediaPackage and MediaLive repeat.
  static let cue = "/DAlAAAAAAAAAP/wFAUAABDMf+/+DQ+xgP4ACD1gAAEAAAAAoWNfUA=="

  /// Segments `first..<first+count` of a 2-second live stream with a 6-second break on
  /// segments 1004–1006, as AWS Elemental MediaLive writes it: with `cue`, its ELEMENTAL_SCTE35
  /// markers (EXT-OATCLS-SCTE35 and `#EXT-X-CUE-OUT:6.000`, `ElapsedTime=…,SCTE35=…`
  /// continuations); without, its plain `#EXT-X-CUE-OUT-CONT:2.000/6.000` ones.
  static func window(first: Int, count: Int = 6, cue: Bool) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n"
    text += "#EXT-X-MEDIA-SEQUENCE:\(first)\n"
    for msn in first..<(first + count) {
      switch msn {
      case 1004:
        if cue { text += "#EXT-OATCLS-SCTE35:\(Self.cue)\n" }
        text += "#EXT-X-CUE-OUT:6.000\n"
      case 1005, 1006:
        let elapsed = (msn - 1004) * 2
        text +=
          cue
          ? "#EXT-X-CUE-OUT-CONT:ElapsedTime=\(elapsed).000,Duration=6.000,SCTE35=\(Self.cue)\n"
          : "#EXT-X-CUE-OUT-CONT:\(elapsed).000/6.000\n"
      case 1007: text += "#EXT-X-CUE-IN\n"
      default: break
      }
      text += "#EXTINF:2.000,\nlive_\(msn).ts\n"
    }
    return text
  }

  static func breaks(_ text: String) throws -> [(String, String, UInt64, Bool)] {
    try Fixture.timeline(text: text).breaks.map {
      ($0.id, $0.periodId, $0.mediaSequence, $0.startedBeforeWindow)
    }
  }

  @Test func theSCTE35EventIdNamesTheBreakInEveryReload() throws {
    let reloads = try [1000, 1002, 1005].map { try Self.breaks(Self.window(first: $0, cue: true)) }
    #expect(reloads.map { $0.map(\.0) } == [["SCTE35-4300"], ["SCTE35-4300"], ["SCTE35-4300"]])
    #expect(reloads.map { $0.map(\.1) } == [["SCTE35-4300"], ["SCTE35-4300"], ["SCTE35-4300"]])
    // The third window starts on the break's second segment: its continuation carries the cue.
    #expect(reloads.map { $0.map(\.2) } == [[1004], [1004], [1005]])
    #expect(reloads.map { $0.map(\.3) } == [[false], [false], [true]])
  }

  @Test func withoutASignalTheFirstSegmentsMediaSequenceNamesIt() throws {
    let reloads = try [1000, 1002, 1004, 1005].map {
      try Self.breaks(Self.window(first: $0, cue: false)).map(\.0)
    }
    // Once its first segment slid out, one playlist cannot name the break; the window's first
    // segment does (LiveReloadTracker keeps MSN-1004 across reloads).
    #expect(reloads == [["MSN-1004"], ["MSN-1004"], ["MSN-1004"], ["MSN-1005"]])
  }

  @Test func aReusedEventIdIsMadeUniqueByMediaSequence() throws {
    // An encoder that numbers every splice_insert 4300: three breaks, one id.
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:500\n"
    for n in 0..<3 {
      text += "#EXT-OATCLS-SCTE35:\(Self.cue)\n#EXT-X-CUE-OUT:2.000\n#EXTINF:2.000,\nad\(n).ts\n"
      text += "#EXT-X-CUE-IN\n#EXTINF:2.000,\nc\(n).ts\n"
    }
    #expect(
      try Self.breaks(text).map(\.0) == [
        "SCTE35-4300", "SCTE35-4300.MSN-502", "SCTE35-4300.MSN-504",
      ]
    )
  }

  @Test func aDateRangeIdWinsAndTakenIdsGetTheirMediaSequence() throws {
    // A DATERANGE whose ID reads like a fallback id, then a bare CUE-OUT on that segment number.
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:2
      #EXT-X-MEDIA-SEQUENCE:7
      #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:00.000Z
      #EXT-X-DATERANGE:ID="MSN-9",START-DATE="2025-11-29T00:00:00.000Z",DURATION=2.0,SCTE35-OUT=0xFC302500000000000000FFF01405000010CC7FEFFE0D0FB180FE00083D60000100000000A1635F50
      #EXTINF:2.000,
      a.ts
      #EXTINF:2.000,
      b.ts
      #EXT-X-CUE-OUT:2.000
      #EXTINF:2.000,
      c.ts
      #EXT-X-CUE-IN
      #EXTINF:2.000,
      d.ts

      """
    #expect(try Self.breaks(text).map(\.0) == ["MSN-9", "MSN-9.MSN-9"])
  }
}

/// Breaks started, ended and withdrawn between reloads, matched by id.
@Suite struct AdBreakChangesTests {
  static func timeline(_ first: Int, cue: Bool) throws -> AdTimeline {
    try Fixture.timeline(text: BreakIdentityTests.window(first: first, cue: cue))
  }

  @Test func aBreakStartsInOneReloadAndEndsInALaterOne() throws {
    let a = try Self.timeline(1000, cue: true)
    let b = try Self.timeline(1002, cue: true)
    let c = try Self.timeline(1005, cue: true)
    let first = AdBreakChanges(old: a, new: b)
    #expect(first.started.map(\.id) == [] && first.ended.map(\.id) == ["SCTE35-4300"])
    let none = AdBreakChanges(old: b, new: c)
    #expect(none.started.isEmpty && none.ended.isEmpty && none.withdrawn.isEmpty)
    let opening = AdBreakChanges(old: try Self.timeline(998, cue: true), new: a)
    #expect(opening.started.map(\.id) == ["SCTE35-4300"] && opening.ended.isEmpty)
  }

  @Test func aBreakWithoutSignalKeepsItsIdAfterItsStartSlidOut() throws {
    // 1003–1008 has the break open from 1004; 1005–1010 starts inside it (MSN-1005 alone).
    let open = try Fixture.timeline(
      text: BreakIdentityTests.window(first: 1001, count: 5, cue: false))
    #expect(open.breaks.map { "\($0.id) open \($0.open)" } == ["MSN-1004 open true"])
    let later = try Self.timeline(1005, cue: false)
    let changes = AdBreakChanges(old: open, new: later)
    #expect(changes.timeline.breaks.map(\.id) == ["MSN-1004"])
    #expect(changes.timeline.breaks.map(\.periodId) == ["MSN-1004"])
    #expect(changes.started.isEmpty)
    #expect(changes.ended.map(\.id) == ["MSN-1004"])
  }

  @Test func anOpenBreakWhoseMarkersDisappearIsWithdrawn() throws {
    let open = try Fixture.timeline(
      text: BreakIdentityTests.window(first: 1001, count: 5, cue: true))
    let text = (1002..<1008).map { "#EXTINF:2.000,\nlive_\($0).ts\n" }.joined()
    let withdrawn = try Fixture.timeline(
      text: "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:1002\n" + text)
    let changes = AdBreakChanges(old: open, new: withdrawn)
    #expect(changes.withdrawn.map(\.id) == ["SCTE35-4300"])
    #expect(changes.started.isEmpty && changes.ended.isEmpty)
  }
}
