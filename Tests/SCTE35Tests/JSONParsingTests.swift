import ManifestCore
import SCTE35
import Testing

/// The JSON form read back (`SpliceInfoSection.init(json:)`, what `scte35-tool encode` does).
@Suite struct JSONParsingTests {
  @Test(arguments: SamplePayloads.all)
  func decodedJSONEncodesToTheSameBytes(_ payload: String) throws {
    let section = try SpliceInfoSection(payload)
    let json = try JSONValue.parse(section.json().jsonString(pretty: true))
    let back = try SpliceInfoSection(json: json)
    #expect(back == section)
    #expect(try back.base64Encoded() == Base64.encode(TestBytes.of(payload)))
  }

  @Test func randomSectionsSurviveJSON() throws {
    var random = SplitMix64(seed: 0x0004_5043)
    for _ in 0..<300 {
      let section = RandomSections.section(&random)
      #expect(try SpliceInfoSection(json: section.json()) == section)
    }
  }

  @Test func handWrittenJSONWithDefaultsAndSeconds() throws {
    // The workload's splice_insert OUT, written by hand.
    let insert = try JSONValue.parse(
      """
      {"spliceCommandType": 5,
       "spliceCommand": {"spliceEventId": 1001, "outOfNetworkIndicator": true,
         "spliceTime": {"ptsTimeSeconds": 31.371733},
         "breakDuration": {"durationSeconds": 30}, "uniqueProgramId": 1001}}
      """)
    #expect(try SpliceInfoSection(json: insert).base64Encoded() == SamplePayloads.workloadInsert)
    // The workload's time_signal with a URI UPID, format implied by the type.
    let signal = try JSONValue.parse(
      """
      {"spliceCommandType": 6, "spliceCommand": {"spliceTime": {"ptsTime": 123456}},
       "descriptors": [{"spliceDescriptorTag": 2, "segmentationEventId": 5000,
         "segmentationDurationSeconds": 30, "segmentationUpidType": 15,
         "segmentationUpid": "urn:ad:000000", "segmentationTypeId": 52,
         "segmentNum": 1, "segmentsExpected": 1}]}
      """)
    #expect(try SpliceInfoSection(json: signal).base64Encoded() == SamplePayloads.workloadSignal)
    // The MID of SamplePayloads.mid, nested UPIDs given without formats.
    let mid = try JSONValue.parse(
      """
      {"spliceCommandType": 6, "spliceCommand": {"spliceTime": {"ptsTime": 4294967296}},
       "descriptors": [{"spliceDescriptorTag": 2, "segmentationEventId": 287454020,
         "segmentationDuration": 2700000, "segmentationUpidType": 13,
         "segmentationUpid": [
           {"segmentationUpidType": 3, "segmentationUpid": "ABCD0123456H"},
           {"segmentationUpidType": 15, "segmentationUpid": "urn:ad:123"},
           {"segmentationUpidType": 8, "segmentationUpid": "0x000000002CA0A18A"}],
         "segmentationTypeId": 48, "segmentNum": 1, "segmentsExpected": 2,
         "subSegmentNum": 1, "subSegmentsExpected": 3}]}
      """)
    #expect(try SpliceInfoSection(json: mid).base64Encoded() == SamplePayloads.mid)
  }

  @Test func upidFormsAreReadBack() throws {
    func upid(_ type: UInt8, _ json: String) throws -> [UInt8] {
      try SegmentationUPIDProbe.bytes(type: type, json: json)
    }
    #expect(
      try upid(0x0A, #""10.5240/7791-8534-2C23-9030-8610-5""#)
        == [0x14, 0x78, 0x77, 0x91, 0x85, 0x34, 0x2C, 0x23, 0x90, 0x30, 0x86, 0x10])
    #expect(try upid(0x0A, #""10.5240/7791-8534-2C23-9030-8610""#).count == 12)
    #expect(try upid(0x10, #""aa85bbb6-5c43-4b6a-bebb-ee3b13eb7999""#).first == 0xAA)
    #expect(
      try upid(0x0C, #"{"formatIdentifier": "RTLN", "privateData": "0x3148"}"#)
        == Array("RTLN1H".utf8))
    #expect(try upid(0x0C, #"{"formatIdentifier": 1381256270}"#) == Array("RTLN".utf8))
  }

  @Test func errorsNameTheJSONPath() throws {
    func error(_ text: String) -> String? {
      do {
        _ = try SpliceInfoSection(json: try JSONValue.parse(text))
        return nil
      } catch let issue as SCTE35Issue {
        return issue.message
      } catch {
        return "\(error)"
      }
    }
    #expect(error("[]") == "document: is not a JSON object")
    #expect(error("{}") == "spliceCommandType: is missing")
    #expect(
      error(#"{"spliceCommandType": 9}"#) == "spliceCommandType: 9 is a reserved command type")
    #expect(
      error(#"{"spliceCommandType": 0, "tier": 4096}"#) == "tier: 4096 does not fit in 12 bits")
    #expect(error(#"{"spliceCommandType": 0, "sapType": "3"}"#) == "sapType: is not a whole number")
    #expect(
      error(
        #"{"spliceCommandType": 5, "spliceCommand": {"spliceEventId": 1, "outOfNetwork": true}}"#)
        == "spliceCommand.outOfNetwork: is not a member of this object")
    #expect(
      error(#"{"spliceCommandType": 5, "spliceCommand": {"breakDuration": {"duration": 1}}}"#)
        == "spliceCommand.spliceEventId: is missing")
    #expect(
      error(
        #"{"spliceCommandType": 5, "spliceCommand": {"spliceEventId": 1, "breakDuration": {"autoReturn": true}}}"#
      )
        == "spliceCommand.breakDuration.duration: is missing")
    #expect(
      error(#"{"spliceCommandType": 6, "spliceCommand": {"spliceTime": {"ptsTime": 8589934592}}}"#)
        == "spliceCommand.spliceTime.ptsTime: 8589934592 does not fit in 33 bits")
    #expect(
      error(
        #"{"spliceCommandType": 0, "descriptors": [{"spliceDescriptorTag": 2, "segmentationEventId": 1, "segmentationTypeId": 52, "segmentationUpidType": 10, "segmentationUpid": "10.5240/7791-8534-2C23-9030-8610-6"}]}"#
      )
        == "descriptors[0].segmentationUpid: has the check character '6' where '5' is due")
    #expect(
      error(#"{"spliceCommandType": 0, "descriptors": [{"spliceDescriptorTag": 9}]}"#)
        == "descriptors[0].bytes: is needed for a descriptor this library does not interpret")
    #expect(
      error(#"{"spliceCommandType": 255, "spliceCommand": {"identifier": "TOOLONG"}}"#)
        == "spliceCommand.identifier: is not hex: 'T' is not a hex digit at offset 0")
    #expect(
      error(#"{"encryptedPacket": true}"#)
        == "spliceCommandLength: is needed, from 0 to 4095, for an encrypted section")
  }
}

/// Reads one UPID value through a whole segmentation descriptor.
enum SegmentationUPIDProbe {
  static func bytes(type: UInt8, json value: String) throws -> [UInt8] {
    let text =
      #"{"spliceCommandType": 0, "descriptors": [{"spliceDescriptorTag": 2, "segmentationEventId": 1, "#
      + #""segmentationTypeId": 1, "segmentationUpidType": \#(type), "segmentationUpid": \#(value)}]}"#
    let section = try SpliceInfoSection(json: try JSONValue.parse(text))
    return section.segmentationDescriptors.first?.segmentationUpid.bytes ?? []
  }
}
