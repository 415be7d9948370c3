import ManifestCore
import SCTE35
import Testing

/// The JSON, XML (2013 SpliceInfoSection and 2014 xml+bin) and text forms, exactly.
@Suite struct FormTests {
  @Test func jsonOfASpliceInsert() throws {
    let result = SpliceInfoSection.decode(SamplePayloads.workloadInsert)
    #expect(
      result.json.jsonString()
        == #"{"tableId":252,"sectionSyntaxIndicator":false,"privateIndicator":false,"sapType":3,"#
        + #""sapTypeName":"Not Specified","sectionLength":37,"protocolVersion":0,"#
        + #""encryptedPacket":false,"encryptionAlgorithm":0,"ptsAdjustment":0,"#
        + #""ptsAdjustmentSeconds":0,"cwIndex":0,"tier":4095,"spliceCommandLength":20,"#
        + #""spliceCommandType":5,"spliceCommandName":"splice_insert","spliceCommand":{"#
        + #""spliceEventId":1001,"spliceEventCancelIndicator":false,"outOfNetworkIndicator":true,"#
        + #""programSpliceFlag":true,"durationFlag":true,"spliceImmediateFlag":false,"#
        + #""eventIdComplianceFlag":true,"spliceTime":{"timeSpecifiedFlag":true,"ptsTime":2823456,"#
        + #""ptsTimeSeconds":31.371733333,"ptsTimeAdjusted":2823456,"#
        + #""ptsTimeAdjustedSeconds":31.371733333},"components":null,"breakDuration":{"#
        + #""autoReturn":true,"duration":2700000,"durationSeconds":30},"uniqueProgramId":1001,"#
        + #""availNum":0,"availsExpected":0},"descriptorLoopLength":0,"descriptors":[],"#
        + #""alignmentStuffing":"","encryptedPayload":null,"crc32":"0xf68642ba","crcValid":true}"#)
    // A section built in code has the same JSON, with its computed CRC.
    #expect(try SpliceInfoSection(SamplePayloads.workloadInsert).json() == result.json)
  }

  @Test func jsonOfSegmentationDescriptorsAndUPIDs() throws {
    let signal = SpliceInfoSection.decode(SamplePayloads.workloadSignal).json
    let d = try #require(signal["descriptors"]?.arrayValue?.first)
    #expect(d["segmentationUpid"] == "urn:ad:000000")
    #expect(d["segmentationUpidFormat"] == "text")
    #expect(d["segmentationUpidTypeName"] == "URI")
    #expect(d["segmentationMessage"] == "Provider Placement Opportunity Start")
    #expect(d["segmentationDurationSeconds"] == .decimal(ExactDecimal(30)))
    #expect(d["subSegmentNum"] == .null)

    let mid = SpliceInfoSection.decode(SamplePayloads.mid).json["descriptors"]?.arrayValue?.first
    #expect(mid?["segmentationUpidFormat"] == "mid")
    #expect(
      mid?["segmentationUpid"]?.jsonString()
        == #"[{"segmentationUpidType":3,"segmentationUpidTypeName":"Ad-ID","#
        + #""segmentationUpidLength":12,"segmentationUpidFormat":"text","#
        + #""segmentationUpid":"ABCD0123456H"},{"segmentationUpidType":15,"#
        + #""segmentationUpidTypeName":"URI","segmentationUpidLength":10,"#
        + #""segmentationUpidFormat":"text","segmentationUpid":"urn:ad:123"},{"#
        + #""segmentationUpidType":8,"segmentationUpidTypeName":"TI","segmentationUpidLength":8,"#
        + #""segmentationUpidFormat":"hexbinary","segmentationUpid":"0x000000002ca0a18a"}]"#)

    func upid(_ payload: String) -> (JSONValue?, JSONValue?) {
      let d = SpliceInfoSection.decode(payload).json["descriptors"]?.arrayValue?.first
      return (d?["segmentationUpidFormat"], d?["segmentationUpid"])
    }
    #expect(upid(SamplePayloads.eidr) == ("eidr", "10.5240/7791-8534-2C23-9030-8610-5"))
    #expect(upid(SamplePayloads.uuid) == ("uuid", "aa85bbb6-5c43-4b6a-bebb-ee3b13eb7999"))
    #expect(
      upid(SamplePayloads.mpu)
        == (
          "mpu",
          [
            "formatIdentifier": 1_381_256_270, "formatIdentifierText": "RTLN",
            "privateData": "0x3148",
          ]
        ))
    #expect(
      upid(SamplePayloads.atsc)
        == (
          "atsc",
          [
            "tsid": 241, "reserved": 3, "endOfDay": 23, "uniqueFor": 511,
            "contentId": "0x68756d616e303132",
          ]
        ))
  }

  @Test func jsonOfCancelledAndEncryptedSections() throws {
    let cancel = SpliceInfoSection.decode(SamplePayloads.cancel).json
    #expect(cancel["spliceCommand"]?["outOfNetworkIndicator"] == .null)
    #expect(cancel["spliceCommand"]?["spliceEventCancelIndicator"] == true)
    #expect(cancel["descriptors"]?.arrayValue?.first?["segmentationTypeId"] == .null)
    let encrypted = SpliceInfoSection.decode(SamplePayloads.encrypted).json
    #expect(encrypted["encryptedPacket"] == true)
    #expect(encrypted["spliceCommandType"] == .null)
    #expect(encrypted["spliceCommandLength"] == 5)
    #expect(encrypted["encryptedPayload"] == "0x0123456789abcdef0011223344556677")
    #expect(SpliceInfoSection.decode("/DA*").json == .null)
  }

  @Test func jsonKeepsTheTransmittedCRC() {
    var bytes = TestBytes.of(SamplePayloads.workloadIn)
    bytes[bytes.count - 1] ^= 0xFF
    let json = SpliceInfoSection.decode(bytes: bytes).json
    #expect(json["crc32"] == "0xc5743aac")
    #expect(json["crcValid"] == false)
  }

  @Test func xmlOfATimeSignal() throws {
    let section = try SpliceInfoSection(SamplePayloads.mid)
    #expect(
      section.xml == """
        <scte35:SpliceInfoSection xmlns:scte35="urn:scte:scte35:2013:xml" protocolVersion="0" \
        sapType="3" ptsAdjustment="0" tier="4095">
          <scte35:TimeSignal>
            <scte35:SpliceTime ptsTime="4294967296"/>
          </scte35:TimeSignal>
          <scte35:SegmentationDescriptor segmentationEventId="287454020" \
        segmentationEventCancelIndicator="false" segmentationEventIdComplianceIndicator="true" \
        segmentationDuration="2700000" segmentationTypeId="48" segmentNum="1" \
        segmentsExpected="2" subSegmentNum="1" subSegmentsExpected="3">
            <scte35:SegmentationUpid segmentationUpidType="3" \
        segmentationUpidFormat="text">ABCD0123456H</scte35:SegmentationUpid>
            <scte35:SegmentationUpid segmentationUpidType="15" \
        segmentationUpidFormat="text">urn:ad:123</scte35:SegmentationUpid>
            <scte35:SegmentationUpid segmentationUpidType="8" \
        segmentationUpidFormat="hexbinary">000000002ca0a18a</scte35:SegmentationUpid>
          </scte35:SegmentationDescriptor>
        </scte35:SpliceInfoSection>
        """)
  }

  @Test func xmlOfASpliceInsertInsideAnEvent() throws {
    // Embedded in a DASH Event of an MPD that declares the scte35 prefix itself.
    let section = try SpliceInfoSection(SamplePayloads.workloadInsert)
    var writer = XMLWriter()
    writer.open("Event", [("presentationTime", "0"), ("id", "1001")])
    section.writeXML(into: &writer, namespace: nil)
    writer.close()
    #expect(
      writer.output == """
        <Event presentationTime="0" id="1001">
          <scte35:SpliceInfoSection protocolVersion="0" sapType="3" ptsAdjustment="0" tier="4095">
            <scte35:SpliceInsert spliceEventId="1001" spliceEventCancelIndicator="false" \
        outOfNetworkIndicator="true" spliceImmediateFlag="false" eventIdComplianceFlag="true" \
        uniqueProgramId="1001" availNum="0" availsExpected="0">
              <scte35:Program>
                <scte35:SpliceTime ptsTime="2823456"/>
              </scte35:Program>
              <scte35:BreakDuration autoReturn="true" duration="2700000"/>
            </scte35:SpliceInsert>
          </scte35:SpliceInfoSection>
        </Event>
        """)
  }

  @Test func xmlEscapesTextUPIDs() throws {
    let section = try SpliceInfoSection(SamplePayloads.ads)
    #expect(
      section.xml.contains(
        #"<scte35:SegmentationUpid segmentationUpidType="14" segmentationUpidFormat="text">"#
          + "ad=1&amp;b=&lt;2&gt;</scte35:SegmentationUpid>"))
    #expect(section.xml.contains("<scte35:SpliceTime/>"))
  }

  @Test func xmlOfOtherCommandsAndDescriptors() throws {
    #expect(
      try SpliceInfoSection(SamplePayloads.encrypted).xml
        == """
        <scte35:SpliceInfoSection xmlns:scte35="urn:scte:scte35:2013:xml" protocolVersion="0" \
        sapType="3" ptsAdjustment="0" tier="4095">
          <scte35:EncryptedPacket encryptionAlgorithm="1" \
        cwIndex="5">0123456789abcdef0011223344556677</scte35:EncryptedPacket>
        </scte35:SpliceInfoSection>
        """)
    let descriptors = try SpliceInfoSection(SamplePayloads.descriptors).xml
    #expect(descriptors.contains(#"<scte35:DTMFDescriptor preroll="50" chars="12#"/>"#))
    #expect(
      descriptors.contains(
        #"<scte35:AudioChannel componentTag="2" ISOCode="spa" bitStreamMode="7" numChannels="6" "#
          + #"fullSrvcAudio="false"/>"#))
    let cancel = try SpliceInfoSection(SamplePayloads.cancel).xml
    #expect(
      cancel.contains(
        #"<scte35:SpliceInsert spliceEventId="1234" spliceEventCancelIndicator="true"/>"#))
  }

  @Test func xmlBinaryForm() throws {
    var writer = XMLWriter()
    try SpliceInfoSection(SamplePayloads.workloadIn).writeXMLBinary(into: &writer)
    #expect(
      writer.output == """
        <scte35:Signal xmlns:scte35="urn:scte:scte35:2013:xml">
          <scte35:Binary>/DAgAAAAAAAAAP/wDwUAAAPrf0/+AH164APrAAAAAMV0OlM=</scte35:Binary>
        </scte35:Signal>
        """)
    #expect(SCTE35XML.xmlBinaryScheme == "urn:scte:scte35:2014:xml+bin")
  }

  @Test func textView() throws {
    #expect(
      SpliceInfoSection.decode(SamplePayloads.workloadIn).text == """
        tableId: 252
        sectionSyntaxIndicator: false
        privateIndicator: false
        sapType: 3 (Not Specified)
        sectionLength: 32
        protocolVersion: 0
        encryptedPacket: false
        encryptionAlgorithm: 0
        ptsAdjustment: 0 (0 s)
        cwIndex: 0
        tier: 4095
        spliceCommandLength: 15
        spliceCommandType: 5 (splice_insert)
        spliceCommand:
          spliceEventId: 1003
          spliceEventCancelIndicator: false
          outOfNetworkIndicator: false
          programSpliceFlag: true
          durationFlag: false
          spliceImmediateFlag: false
          eventIdComplianceFlag: true
          spliceTime:
            timeSpecifiedFlag: true
            ptsTime: 8223456 (91.371733333 s)
            ptsTimeAdjusted: 8223456 (91.371733333 s)
          uniqueProgramId: 1003
          availNum: 0
          availsExpected: 0
        descriptorLoopLength: 0
        crc32: 0xc5743a53 (valid)

        """)
    let mid = try SpliceInfoSection(SamplePayloads.mid).text
    #expect(mid.contains("    segmentationUpid:\n      - segmentationUpidType: 3 (Ad-ID)\n"))
    #expect(mid.contains("    segmentationTypeId: 48 (Provider Advertisement Start)\n"))
  }
}

/// A UPID holding a newline stays on its line of the text view (issue 12, finding 11).
@Suite struct TextViewInjectionTests {
  @Test func aNewlineInAUPIDIsEscaped() throws {
    // The time_signal of SamplePayloads with the URI UPID "x\nf:1:1: err!" and a valid CRC.
    let result = SpliceInfoSection.decode(
      "/DA5AAAAAAAAAP/wBQb+AAHiQAAjAiFDVUVJAAATiH//AAApMuAPDXgKZjoxOjE6IGVyciE0AQH/+iUl")
    #expect(result.issues.isEmpty)
    let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.contains("    segmentationUpid: x\\nf:1:1: err!"))
    #expect(!lines.contains { $0.hasPrefix("f:1:1") })
    #expect(lines.count == 39)  // 38 lines and the empty text after the last newline
  }
}
