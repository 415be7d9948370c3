import ManifestCore
import SCTE35
import Testing

/// Every error and warning, with its exact message naming the field and byte offset.
@Suite struct ErrorTests {
  private let insert = TestBytes.of(SamplePayloads.workloadInsert)
  private let signal = TestBytes.of(SamplePayloads.workloadSignal)

  @Test func textThatIsNotAPayload() {
    #expect(
      SpliceInfoSection.decode("   ").error?.message == "payload at byte 0: no base64 or hex text")
    #expect(
      SpliceInfoSection.decode("/DA*AAAA").error?.message
        == "payload at byte 3: '*' is not a base64 character")
    #expect(
      SpliceInfoSection.decode(" /DA=A").error?.message
        == "payload at byte 5: data after '=' padding")
    #expect(SpliceInfoSection.decode("/=AA").error?.message == "payload at byte 1: unexpected '='")
    #expect(
      SpliceInfoSection.decode("0xFC3G").error?.message
        == "payload at byte 5: 'G' is not a hex digit")
    #expect(
      SpliceInfoSection.decode("0xFC3").error?.message
        == "payload at byte 5: odd number of hex digits")
    let result = SpliceInfoSection.decode("/DA*")
    #expect(result.error?.code == "bad-base64")
    #expect(result.error?.field == "payload")
    #expect(result.error?.offset == 3)
    #expect(result.error?.severity == .error)
    #expect(result.section == nil)
  }

  @Test func headerErrors() {
    #expect(
      TestBytes.error([0x00, 0x30, 0x11])
        == "table_id at byte 0: 0x00 is not 0xFC, so this is not a splice_info_section")
    #expect(TestBytes.error([]) == "table_id at byte 0: needs 1 byte but the payload has 0 left")
    #expect(
      TestBytes.error([0xFC])
        == "section_syntax_indicator at byte 1: needs 1 bit but the payload has 0 left")
    #expect(
      TestBytes.error(Array(insert.dropLast(5)))
        == "section_length at byte 1: 37 bytes declared but the payload has 32 left")
    #expect(
      TestBytes.error([0xFC, 0x30, 0x02, 0x00, 0x00])
        == "section_length at byte 1: 2 bytes cannot hold the section and CRC_32")
    #expect(
      TestBytes.error([0xFC, 0x30, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])
        == "pts_adjustment at byte 4: needs 33 bits but the section has 1 left")
  }

  @Test func lengthFieldsPointingPastTheEnd() {
    // splice_command_length (low byte at 12) of 200 in a 37-byte section.
    #expect(
      TestBytes.error(TestBytes.patched(insert, 12, 200))
        == "splice_command_length at byte 11: 200 bytes declared but the section has 22 left")
    // descriptor_loop_length (bytes 34-35) of 9 with nothing after it.
    #expect(
      TestBytes.error(TestBytes.patched(insert, 35, 9))
        == "descriptor_loop_length at byte 34: 9 bytes declared but the section has 0 left")
    // descriptor_length (byte 22) of 40 in a 35-byte loop.
    #expect(
      TestBytes.error(TestBytes.patched(signal, 22, 40))
        == "descriptor_length at byte 22: 40 bytes declared but the descriptor loop "
        + "(descriptor_loop_length 35) has 33 left")
    // segmentation_upid_length (byte 39) of 30 in a 33-byte descriptor.
    #expect(
      TestBytes.error(TestBytes.patched(signal, 39, 30))
        == "segmentation_upid_length at byte 39: 30 bytes declared but segmentation_descriptor() "
        + "(descriptor_length 33) has 16 left")
  }

  @Test func truncatedCommandAndDescriptor() {
    // splice_command_length 3 cannot hold splice_event_id.
    #expect(
      TestBytes.error(TestBytes.patched(insert, 12, 3))
        == "splice_event_id at byte 14: needs 4 bytes but splice_insert() (splice_command_length 3) "
        + "has 3 left")
    // descriptor_length 9 ends the segmentation descriptor before its flags.
    #expect(
      TestBytes.error(TestBytes.patched(signal, 22, 9))
        == "program_segmentation_flag at byte 32: needs 1 byte but segmentation_descriptor() "
        + "(descriptor_length 9) has 0 left")
  }

  @Test func reservedCommandType() {
    let result = SpliceInfoSection.decode(bytes: TestBytes.patched(insert, 13, 0x08))
    #expect(
      result.error?.message == "splice_command_type at byte 13: 0x08 is a reserved command type")
    #expect(result.error?.code == "unknown-command")
    #expect(result.section == nil)
  }

  @Test func partialSectionIsKeptOnError() throws {
    // Two descriptors; the second one's length runs past the loop.
    let base = TestBytes.of(SamplePayloads.programEndStart)
    let result = SpliceInfoSection.decode(bytes: TestBytes.patched(base, 47, 60))
    #expect(
      result.error?.message
        == "descriptor_length at byte 47: 60 bytes declared but the descriptor loop "
        + "(descriptor_loop_length 50) has 23 left")
    let partial = try #require(result.section)
    #expect(partial.ptsTime == 2_051_901_622)
    #expect(partial.segmentationDescriptors.map(\.segmentationTypeId) == [0x11])
    #expect(!result.succeeded)
  }

  @Test func badCRCIsAWarningAndDecodingGoesOn() throws {
    var bytes = insert
    bytes[bytes.count - 1] ^= 1
    let result = SpliceInfoSection.decode(bytes: bytes)
    #expect(result.error == nil)
    #expect(!result.crcValid)
    #expect(result.crc32 == 0xF686_42BB)
    #expect(
      result.warnings.map(\.message) == [
        "CRC_32 at byte 36: 0xF68642BB does not match the computed 0xF68642BA"
      ])
    #expect(result.warnings.first?.code == "crc-mismatch")
    #expect(result.section?.spliceInsert?.spliceEventId == 1001)
    #expect(result.succeeded)
  }

  @Test func otherWarnings() {
    #expect(
      TestBytes.warnings(insert + [0xFF, 0xFF])
        == [
          "section_length at byte 1: 37 bytes declared; the 2 bytes after the section are ignored"
        ])
    #expect(
      TestBytes.warnings(TestBytes.of(SamplePayloads.bandwidth))
        == ["splice_descriptor_tag at byte 16: tag 9 is reserved; the descriptor is kept as bytes"])
    #expect(
      TestBytes.warnings(TestBytes.patched(insert, 3, 1))
        == ["protocol_version at byte 3: 1 is not 0; the fields after it may mean something else"])
    #expect(
      TestBytes.warnings(TestBytes.patched(insert, 1, 0xB0))
        == ["section_syntax_indicator at byte 1: is 1; SCTE 35 sets it to 0"])
    // Segmentation type 0x99 is not in Table 23.
    #expect(
      TestBytes.warnings(TestBytes.patched(signal, 53, 0x99))
        == ["segmentation_type_id at byte 53: 0x99 is not in Table 23"])
    // A splice_command_length one byte longer than the command (loop length then misread).
    #expect(
      TestBytes.warnings(TestBytes.patched(TestBytes.of(SamplePayloads.spliceInsertIn), 12, 16))
        .first
        == "splice_command_length at byte 11: 16 bytes declared but splice_insert() uses 15; "
        + "1 byte ignored")
  }

  @Test func upidLengthAndMIDWarnings() {
    // An Ad-ID (0x03) of 13 bytes: change the URI type of the workload signal's UPID.
    #expect(
      TestBytes.warnings(TestBytes.patched(signal, 38, 0x03))
        == ["segmentation_upid_length at byte 39: 13 bytes for Ad-ID (0x03), which has 12"])
    // A MID whose first nested length (byte 41) runs past the UPID.
    let mid = TestBytes.of(SamplePayloads.mid)
    #expect(
      TestBytes.warnings(TestBytes.patched(mid, 41, 40))
        == [
          "segmentation_upid at byte 40: the MID() entries do not add up to "
            + "segmentation_upid_length 36"
        ])
    // A nested UPID of the wrong length is reported at its own length field.
    #expect(
      TestBytes.warnings(TestBytes.patched(mid, 40, 0x10))
        == ["segmentation_upid_length at byte 41: 12 bytes for UUID (0x10), which has 16"])
  }

  @Test func issuesConvertToManifestCoreTypes() {
    let issue = SpliceInfoSection.decode("/DA*").error
    let location = SourceLocation(line: 3, column: 10, offset: 40)
    #expect(
      issue?.parseError(at: location).rendered(file: "x.m3u8")
        == "x.m3u8:3:10: error: payload at byte 3: '*' is not a base64 character "
        + "[scte35.bad-base64]")
    #expect(issue?.parseError(at: location).code == "scte35.bad-base64")
    #expect(issue?.diagnostic(at: location).severity == .error)
    #expect(issue?.diagnostic(at: location).code == "scte35.bad-base64")
    #expect(issue?.description == "error: payload at byte 3: '*' is not a base64 character")
  }
}
