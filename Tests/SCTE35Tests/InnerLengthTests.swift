import ManifestCore
import SCTE35
import Testing

/// Sections whose inner length fields disagree with the bytes: every field that can be decoded
/// is, the first length that claims more than remains is the error at its byte offset (as
/// threefive 2.4 and scte35-go decode such sections), CRC_32 is the one `section_length`
/// places, and bytes after it are reported.
@Suite struct InnerLengthTests {
  /// A time_signal pair (Program End, Program Start) as an Elemental Live encoder muxes it into
  /// a 188-byte TS packet: the second segmentation_descriptor's descriptor_length says 60 (the
  /// encoder wrote the pair's length), and the packet's 0xFF stuffing follows the section when
  /// the payload is lifted into HLS.
  static let elementalPadded =
    TestBytes.of(
      "/DBIAAAAAAAA///wBQb+ek2ItgAyAhdDVUVJSAAAGH+fCAgAAAAALMvDRBEAAAI8Q1VFSUgAABl/nwgIAAAAACyk26AQAAAkBfP9"
    ) + [0xFF, 0xFF, 0xFF]

  @Test func anOverlongDescriptorIsDecodedFromWhatRemains() throws {
    let result = SpliceInfoSection.decode(bytes: Self.elementalPadded)
    #expect(
      result.error?.message
        == "descriptor_length at byte 47: 60 bytes declared but the descriptor loop "
        + "(descriptor_loop_length 50) has 23 left")
    #expect(result.error?.offset == 47)
    #expect(
      result.warnings.map(\.message) == [
        "section_length at byte 1: 72 bytes declared; the 3 bytes after the section are ignored"
      ])
    // CRC_32 is read at section_length (bytes 71-74), not at the end of the padded payload.
    #expect(result.crc32 == 0x2405_F3FD)
    #expect(result.crcValid)
    let section = try #require(result.section)
    #expect(section.segmentationDescriptors.map(\.segmentationTypeId) == [0x11])
    // The fields threefive reports for the second descriptor: event 0x48000019, Program Start,
    // UPID 0x2ca4dba0.
    guard case .segmentation(let salvaged) = result.salvagedDescriptor else {
      Issue.record("no salvaged descriptor")
      return
    }
    #expect(salvaged.segmentationEventId == 0x4800_0019)
    #expect(salvaged.segmentationTypeId == 0x10)
    #expect(salvaged.segmentationUpid.bytes == [0, 0, 0, 0, 0x2C, 0xA4, 0xDB, 0xA0])
    #expect(!result.succeeded)
  }

  @Test func anOverlongCommandIsDecodedAndTheLoopReadWhereItFits() throws {
    // splice_command_length (low byte at 12) of 200 in a 37-byte splice_insert section.
    let insert = TestBytes.of(SamplePayloads.workloadInsert)
    let result = SpliceInfoSection.decode(bytes: TestBytes.patched(insert, 12, 200))
    #expect(
      result.error?.message
        == "splice_command_length at byte 11: 200 bytes declared but the section has 22 left")
    let section = try #require(result.section)
    #expect(section.spliceInsert?.spliceEventId == 1001)
    #expect(section.spliceInsert?.breakDuration?.duration == 2_700_000)
    #expect(section.descriptors.isEmpty)
  }

  @Test func anOverlongLoopIsReadWithinTheSection() throws {
    // descriptor_loop_length (bytes 34-35) of 9 with nothing after it.
    let insert = TestBytes.of(SamplePayloads.workloadInsert)
    let result = SpliceInfoSection.decode(bytes: TestBytes.patched(insert, 35, 9))
    #expect(
      result.error?.message
        == "descriptor_loop_length at byte 34: 9 bytes declared but the section has 0 left")
    #expect(result.section?.spliceInsert?.spliceEventId == 1001)
  }
}
