import AdInsertion
import ManifestCore
import SCTE35
import Testing

/// The `ads --format json` shape (docs/cli-contract.md).
@Suite struct JSONTests {
  @Test func beaconBreakJSON() throws {
    let timeline = try Fixture.timeline("beacons.m3u8")
    let json = try #require(timeline.jsonValue["breaks"]?.arrayValue?[1])
    #expect(
      json.jsonString() == """
        {"id":"MSN-2","dialect":"beacon","start":12,"duration":6,"plannedDuration":6,\
        "startSegment":2,"endSegment":2,"open":false,"programDateTime":null,"scte35":null,\
        "beacons":[{"event":"start","url":"https://t.example.com/ev?e=start&ad=102","offset":0},\
        {"event":"complete","url":"https://t.example.com/ev?e=complete&ad=102","offset":6}],\
        "periodId":"MSN-2","startedBeforeWindow":false,"line":15,"dialects":["beacon"],"mediaSequence":2}
        """)
  }

  @Test func scte35IsWhatTheDecoderPrints() throws {
    let timeline = try Fixture.timeline("daterange-pdt.m3u8")
    let json = try #require(timeline.jsonValue["breaks"]?.arrayValue?.first)
    let payload =
      "0xFC302500000000000000FFF014050000004D7FEFFE055D4A80FE00149EB6000100000000F3700DB5"
    #expect(json["scte35"] == SpliceInfoSection.decode(payload).json)
    #expect(json["scte35"]?["spliceCommandType"] == .int(5))
    #expect(json["programDateTime"] == .string("2025-11-29T18:00:10.010Z"))
    #expect(json["start"] == .decimal(ExactDecimal(significand: 1001, scale: 2)))
    #expect(json["id"] == .string("splice-77"))
  }

  @Test func openAndNullFields() throws {
    let timeline = try Fixture.timeline("live-window.m3u8")
    let breaks = try #require(timeline.jsonValue["breaks"]?.arrayValue)
    #expect(breaks.map { $0["open"] } == [.bool(false), .bool(false), .bool(true)])
    #expect(breaks[0]["startedBeforeWindow"] == .bool(true))
    #expect(breaks[0]["dialects"] == .array([.string("oatcls")]))
    let empty = try Fixture.timeline(text: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n")
    #expect(empty.jsonValue.jsonString() == #"{"breaks":[]}"#)
  }
}
