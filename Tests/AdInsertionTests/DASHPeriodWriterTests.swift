import AdInsertion
import Foundation
import ManifestCore
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The Period XML: exact text for each shape, and every output parsed back as namespace-aware
/// XML.
@Suite struct DASHPeriodWriterTests {
  @Test func beaconPeriodsAreExactAndParseBack() throws {
    let timeline = try Fixture.timeline("beacons.m3u8")
    let periods = DASHPeriodWriter().periods(timeline)
    #expect(periods.count == 4)
    let expected1: [String] = [
      "<Period id=\"MSN-2\" duration=\"PT6S\" start=\"PT12S\">",
      "  <AssetIdentifier schemeIdUri=\"urn:com:vodafone:vtv:ssai:2019\" value=\"ad\"/>",
      "  <EventStream schemeIdUri=\"urn:scte:scte35:2013:xml\" timescale=\"1000\">",
      "    <Event id=\"0\" xmlns:VTV-SSAI=\"urn:vodafone:vtv:ssai:event\">",
      "      <VTV-SSAI:beaconurls><TrackingEvents>"
        + "<Tracking event=\"start\">https://t.example.com/ev?e=start&amp;ad=102</Tracking>"
        + "</TrackingEvents></VTV-SSAI:beaconurls>",
      "    </Event>",
      "    <Event id=\"1\" presentationTime=\"6000\""
        + " xmlns:VTV-SSAI=\"urn:vodafone:vtv:ssai:event\">",
      "      <VTV-SSAI:beaconurls><TrackingEvents>"
        + "<Tracking event=\"complete\">https://t.example.com/ev?e=complete"
        + "&amp;ad=102</Tracking></TrackingEvents></VTV-SSAI:beaconurls>",
      "    </Event>",
      "  </EventStream>",
      "</Period>",
    ]
    #expect(lines(periods[1]) == expected1)
    // Beacons at the same offset share one Event; the URL with `,` `=` `&` survives escaped.
    let first = try XMLTree(periods[0])
    #expect(first.name == "Period")
    let events = first.children[1].children
    #expect(events.map { $0.attributes["id"] } == ["0", "1", "2"])
    #expect(events.map { $0.attributes["presentationTime"] } == [nil, "6000", "12000"])
    let tracking = events[0].children[0].children[0].children
    #expect(tracking.map { $0.attributes["event"] } == ["impression", "start"])
    #expect(tracking[0].text == "https://t.example.com/imp?ad=101&pod=pre,1&sig=a%3Db==")
    // An ad without beacons is still a Period.
    let expected2: [String] = [
      "<Period id=\"MSN-6\" duration=\"PT10.01S\" start=\"PT36S\">",
      "  <AssetIdentifier schemeIdUri=\"urn:com:vodafone:vtv:ssai:2019\" value=\"ad\"/>",
      "</Period>",
    ]
    #expect(lines(periods[2]) == expected2)
    for period in periods { _ = try XMLTree(period) }
  }

  @Test func perBeaconShapeWritesOneEventPerBeaconCountedPerPeriod() throws {
    // beacons.m3u8: EXT-X-BEACON blocks for the Vodafone VTV SSAI player; the two beacons at
    // the first ad's start (impression, start) share an Event by offset and get one each here.
    let timeline = try Fixture.timeline("beacons.m3u8")
    var writer = DASHPeriodWriter()
    writer.eventShape = .perBeacon
    let periods = writer.periods(timeline)
    #expect(periods.count == 4)
    let first = try XMLTree(periods[0])
    let events = first.children[1].children
    #expect(events.map { $0.attributes["id"] } == ["0", "1", "2", "3"])
    #expect(events.map { $0.attributes["presentationTime"] } == [nil, nil, "6000", "12000"])
    #expect(
      events.map { $0.children[0].children[0].children.map { $0.attributes["event"] } }
        == [["impression"], ["start"], ["midpoint"], ["complete"]])
    // Ids start again at 0 in the next Period; with one beacon per offset the shapes agree.
    #expect(periods[1] == DASHPeriodWriter().periods(timeline)[1])
    #expect(
      lines(periods[0])[3] == "    <Event id=\"0\" xmlns:VTV-SSAI=\"urn:vodafone:vtv:ssai:event\">")
    #expect(
      lines(periods[0])[6] == "    <Event id=\"1\" xmlns:VTV-SSAI=\"urn:vodafone:vtv:ssai:event\">")
    for period in periods { _ = try XMLTree(period) }
  }

  @Test func cueGoesInTheFirstEventAsSpliceInfoSection() throws {
    let timeline = try Fixture.timeline("mediapackage-combined.m3u8")
    let period = try #require(DASHPeriodWriter().periods(timeline).first)
    let expected3: [String] = [
      "<Period id=\"splice-4300\" duration=\"PT6S\" start=\"PT4S\">",
      "  <AssetIdentifier schemeIdUri=\"urn:com:vodafone:vtv:ssai:2019\" value=\"ad\"/>",
      "  <EventStream schemeIdUri=\"urn:scte:scte35:2013:xml\" timescale=\"1000\">",
      "    <Event id=\"0\">",
      "      <scte35:SpliceInfoSection xmlns:scte35=\"urn:scte:scte35:2013:xml\""
        + " protocolVersion=\"0\" sapType=\"3\" ptsAdjustment=\"0\" tier=\"4095\">",
      "        <scte35:SpliceInsert spliceEventId=\"4300\""
        + " spliceEventCancelIndicator=\"false\" outOfNetworkIndicator=\"true\""
        + " spliceImmediateFlag=\"false\" eventIdComplianceFlag=\"true\" uniqueProgramId=\"1\""
        + " availNum=\"0\" availsExpected=\"0\">",
      "          <scte35:Program>",
      "            <scte35:SpliceTime ptsTime=\"219132288\"/>",
      "          </scte35:Program>",
      "          <scte35:BreakDuration autoReturn=\"true\" duration=\"540000\"/>",
      "        </scte35:SpliceInsert>",
      "      </scte35:SpliceInfoSection>",
      "    </Event>",
      "  </EventStream>",
      "</Period>",
    ]
    #expect(lines(period) == expected3)
    let tree = try XMLTree(period)
    #expect(tree.children[1].children[0].children[0].namespace == "urn:scte:scte35:2013:xml")
  }

  @Test func xmlBinarySchemeCarriesTheCueBytes() throws {
    let timeline = try Fixture.timeline("mediapackage-combined.m3u8")
    let period = try #require(DASHPeriodWriter(scheme: .xmlBinary).periods(timeline).first)
    let expected4: [String] = [
      "<Period id=\"splice-4300\" duration=\"PT6S\" start=\"PT4S\">",
      "  <AssetIdentifier schemeIdUri=\"urn:com:vodafone:vtv:ssai:2019\" value=\"ad\"/>",
      "  <EventStream schemeIdUri=\"urn:scte:scte35:2014:xml+bin\" timescale=\"1000\">",
      "    <Event id=\"0\">",
      "      <scte35:Signal xmlns:scte35=\"urn:scte:scte35:2013:xml\">",
      "        <scte35:Binary>/DAlAAAAAAAAAP/wFAUAABDMf+/+DQ+xgP4ACD1gAAEAAAAAoWNfUA==</sct"
        + "e35:Binary>",
      "      </scte35:Signal>",
      "    </Event>",
      "  </EventStream>",
      "</Period>",
    ]
    #expect(lines(period) == expected4)
    _ = try XMLTree(period)
  }

  @Test func fractionalTimesAreShortestExactDecimals() throws {
    let timeline = try Fixture.timeline("daterange-pdt.m3u8")
    let periods = DASHPeriodWriter().periods(timeline)
    #expect(periods[0].hasPrefix(#"<Period id="splice-77" duration="PT15.015S" start="PT10.01S">"#))
    #expect(
      periods[1].hasPrefix(#"<Period id="splice-1002" duration="PT10.01S" start="PT35.035S">"#))
  }

  @Test func openBreakHasItsPlannedDurationOrNone() throws {
    let timeline = try Fixture.timeline("live-window.m3u8")
    let periods = DASHPeriodWriter().periods(timeline)
    #expect(periods[2].hasPrefix(#"<Period id="MSN-18226" duration="PT30.03S" start="PT36.036S">"#))
  }

  @Test func everyValueIsEscaped() throws {
    let timeline = try Fixture.timeline(
      text: """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-BEACON:AD_LENGTH=6
        #EXT-X-BEACON:EVENT=st"art<&>,URL=https://t.example.com/?a=<b>&c="d"
        #EXTINF:6,
        a.ts
        """)
    let period = try #require(DASHPeriodWriter().periods(timeline).first)
    #expect(
      period.contains(
        #"<Tracking event="st&quot;art&lt;&amp;&gt;">"#
          + #"https://t.example.com/?a=&lt;b&gt;&amp;c="d"</Tracking>"#))
    let tree = try XMLTree(period)
    let tracking = try #require(
      tree.children.last?.children.first?.children.first?.children.first?.children.first)
    #expect(tracking.attributes["event"] == #"st"art<&>"#)
    #expect(tracking.text == #"https://t.example.com/?a=<b>&c="d""#)
  }

  @Test func mpdHoldsContentAndAdPeriodsInOrder() throws {
    let timeline = try Fixture.timeline("cue-out-google-dai.m3u8")
    let mpd = DASHPeriodWriter().mpd(timeline)
    let expected5: [String] = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\" xmlns:scte35=\"urn:scte:scte35:2013:xml\""
        + " profiles=\"urn:mpeg:dash:profile:isoff-live:2011\" type=\"static\""
        + " mediaPresentationDuration=\"PT95S\" minBufferTime=\"PT10S\">",
      "  <Period id=\"CONTENT_7796\" duration=\"PT16S\" start=\"PT0S\"/>",
      "  <Period id=\"MSN-7798\" duration=\"PT30S\" start=\"PT16S\">",
      "    <AssetIdentifier schemeIdUri=\"urn:com:vodafone:vtv:ssai:2019\" value=\"ad\"/>",
      "  </Period>",
      "  <Period id=\"CONTENT_7802\" duration=\"PT4S\" start=\"PT46S\"/>",
      "  <Period id=\"MSN-7803\" duration=\"PT20S\" start=\"PT50S\">",
      "    <AssetIdentifier schemeIdUri=\"urn:com:vodafone:vtv:ssai:2019\" value=\"ad\"/>",
      "  </Period>",
      "  <Period id=\"CONTENT_7805\" duration=\"PT10S\" start=\"PT70S\"/>",
      "  <Period id=\"MSN-7806\" duration=\"PT15S\" start=\"PT80S\">",
      "    <AssetIdentifier schemeIdUri=\"urn:com:vodafone:vtv:ssai:2019\" value=\"ad\"/>",
      "  </Period>",
      "</MPD>",
      "",
    ]
    #expect(lines(mpd) == expected5)
    let tree = try XMLTree(mpd)
    #expect(tree.namespace == "urn:mpeg:dash:schema:mpd:2011")
    #expect(
      tree.children.map { $0.attributes["id"] ?? "" } == [
        "CONTENT_7796", "MSN-7798", "CONTENT_7802", "MSN-7803", "CONTENT_7805", "MSN-7806",
      ])
  }

  @Test func liveMPDIsDynamicAndDeclaresTheCuePrefixOnce() throws {
    let timeline = try Fixture.timeline("mediapackage-combined.m3u8")
    let mpd = DASHPeriodWriter().mpd(timeline)
    #expect(
      mpd.contains(
        #"type="dynamic" availabilityStartTime="2025-11-29T00:09:56.000Z" minBufferTime="PT2S">"#))
    #expect(mpd.components(separatedBy: "xmlns:scte35=").count == 2)
    #expect(mpd.contains(#"<Period id="CONTENT_1005" duration="PT2S" start="PT10S"/>"#))
    _ = try XMLTree(mpd)
  }
}

/// The lines of `text`.
func lines(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// A parsed XML element: namespace-aware, so an undeclared prefix fails the parse.
final class XMLTree {
  let name: String
  let namespace: String?
  let attributes: [String: String]
  var children: [XMLTree] = []
  var text = ""

  init(name: String, namespace: String?, attributes: [String: String]) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
  }

  struct ParseFailure: Error, CustomStringConvertible {
    var description: String
  }

  /// Parses `text`; throws when it is not well-formed, namespace-correct XML.
  convenience init(_ text: String) throws {
    let delegate = TreeBuilder()
    let parser = XMLParser(data: Data(text.utf8))
    parser.shouldProcessNamespaces = true
    parser.delegate = delegate
    guard parser.parse(), let root = delegate.root else {
      throw ParseFailure(description: parser.parserError.map { "\($0)" } ?? "no root")
    }
    self.init(name: root.name, namespace: root.namespace, attributes: root.attributes)
    children = root.children
    self.text = root.text
  }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
  var root: XMLTree?
  var stack: [XMLTree] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    let element = XMLTree(name: elementName, namespace: namespaceURI, attributes: attributes)
    stack.last?.children.append(element)
    if root == nil { root = element }
    stack.append(element)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    _ = stack.popLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    stack.last?.text += string.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
