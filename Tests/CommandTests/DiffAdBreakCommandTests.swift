import ManifestCore
import SchemaTestSupport
import Testing

/// `m3u8-tool diff` reports the ad breaks started and ended between two reloads, by stable id.
@Suite struct DiffAdBreakCommandTests {
  /// Two reloads of an AWS Elemental MediaLive window (2 s segments, ELEMENTAL_SCTE35 markers):
  /// the break opens in the first and closes in the second.
  static let old = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:2
    #EXT-X-MEDIA-SEQUENCE:1002
    #EXTINF:2.000,
    live_1002.ts
    #EXTINF:2.000,
    live_1003.ts
    #EXT-OATCLS-SCTE35:/DAlAAAAAAAAAP/wFAUAABDMf+/+DQ+xgP4ACD1gAAEAAAAAoWNfUA==
    #EXT-X-CUE-OUT:6.000
    #EXTINF:2.000,
    live_1004.ts

    """
  static let new = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:2
    #EXT-X-MEDIA-SEQUENCE:1004
    #EXT-OATCLS-SCTE35:/DAlAAAAAAAAAP/wFAUAABDMf+/+DQ+xgP4ACD1gAAEAAAAAoWNfUA==
    #EXT-X-CUE-OUT:6.000
    #EXTINF:2.000,
    live_1004.ts
    #EXT-X-CUE-OUT-CONT:ElapsedTime=2.000,Duration=6.000
    #EXTINF:2.000,
    live_1005.ts
    #EXT-X-CUE-OUT-CONT:ElapsedTime=4.000,Duration=6.000
    #EXTINF:2.000,
    live_1006.ts
    #EXT-X-CUE-IN
    #EXT-X-CUE-OUT:4.000
    #EXTINF:2.000,
    live_1007.ts

    """

  @Test func textNamesTheBreaksStartedAndEnded() {
    let (status, out, err) = m3u8(
      ["diff", "old", "new"], files: ["old": Self.old, "new": Self.new])
    #expect(status == 0 && err == "")
    #expect(
      out == """
        media sequence: 1002 → 1004 (2 removed)
        added segments: 3
          1005  2  live_1005.ts
          1006  2  live_1006.ts
          1007  2  live_1007.ts
        ad break started: MSN-1007 at 1007, planned 4 s
        ad break ended: SCTE35-4300 after 6 s
        consistent: yes

        """)
  }

  @Test func jsonListsThemWithTheirMediaSequence() throws {
    let (status, out, _) = m3u8(
      ["diff", "--json", "old", "new"], files: ["old": Self.old, "new": Self.new])
    #expect(status == 0)
    let json = try JSONValue.parse(out)
    #expect(
      json["adBreaksStarted"] == [
        ["id": "MSN-1007", "mediaSequence": 1007, "plannedDuration": 4, "open": true]
      ])
    #expect(json["adBreaksEnded"] == [["id": "SCTE35-4300", "mediaSequence": 1004, "duration": 6]])
    #expect(json["adBreaksWithdrawn"] == [])
    let check = try JSONSchemaCheck.file("docs/schemas/diff.schema.json")
    #expect(check.errors(json) == [])
  }
}
