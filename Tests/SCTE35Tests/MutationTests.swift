import ManifestCore
import SCTE35
import Testing

/// Broken payloads never crash decoding, and every payload that decodes without an error or a
/// warning encodes back to exactly its bytes.
@Suite struct MutationTests {
  @Test func mutatedPayloadsDecodeSafelyAndCleanOnesRoundTrip() throws {
    var random = SplitMix64(seed: 0xF0_22)
    let seeds = SamplePayloads.all.map(TestBytes.of)
    var clean = 0
    for round in 0..<20_000 {
      var bytes = seeds[round % seeds.count]
      switch Int.random(in: 0..<5, using: &random) {
      case 0:
        // Flip a few bits, then mend the CRC so decoding gets past it.
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          bytes[Int.random(in: 0..<bytes.count, using: &random)] ^=
            1 << UInt8.random(in: 0...7, using: &random)
        }
        bytes = TestBytes.withCRC(bytes)
      case 1: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
      case 2:
        bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
          in: 0...255, using: &random)
      case 3:
        // Any length byte (section, command, loop, descriptor) set to anything.
        let index = [2, 12, 1, 11].randomElement(using: &random) ?? 2
        if index < bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &random) }
        bytes = TestBytes.withCRC(bytes)
      default:
        bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in
          UInt8.random(in: 0...255, using: &random)
        }
      }
      let result = SpliceInfoSection.decode(bytes: bytes)
      _ = result.json
      _ = result.text
      guard result.error == nil, result.warnings.isEmpty, let section = result.section else {
        continue
      }
      clean += 1
      #expect(try section.encoded() == bytes)
      // The JSON form reads back to the same JSON (reserved bits, which it does not carry,
      // can change the CRC).
      let back = try? SpliceInfoSection(json: section.json())
      #expect(back.map { withoutCRC($0.json()) } == withoutCRC(section.json()))
    }
    #expect(clean > 1_500)
  }

  private func withoutCRC(_ json: JSONValue) -> JSONValue {
    .object((json.objectValue ?? []).filter { $0.0 != "crc32" })
  }
}
