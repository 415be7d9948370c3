import Testing

@testable import HLS

@Suite struct NormalizedHexTests {
  @Test(arguments: [
    ("0x9EB4050DE44B4802932E27D75083E266", "9eb4050de44b4802932e27d75083e266"),
    ("0X9eb4050de44b4802932e27d75083e266", "9eb4050de44b4802932e27d75083e266"),
    ("9eb4050de44b4802932e27d75083e266", "9eb4050de44b4802932e27d75083e266"),
    ("9EB4050D-E44B-4802-932E-27D75083E266", "9eb4050de44b4802932e27d75083e266"),
  ])
  func keyIDSpellings(text: String, expected: String) {
    #expect(NormalizedHex.keyID(text) == expected)
  }

  @Test(arguments: [
    "0x9eb4050de44b4802932e27d75083e2", "0x9eb4050de44b4802932e27d75083e26600", "",
    "0x", "0x9eb4050de44b4802932e27d75083e26g", "9eb4050d-e44b4802-932e-27d75083e2666",
  ])
  func badKeyIDs(text: String) {
    #expect(NormalizedHex.keyID(text) == nil)
  }

  @Test(arguments: [
    ("0x00000000000000000000000000000001", "00000000000000000000000000000001"),
    ("0X8FAE680D94CF70CC820379F822E70970", "8fae680d94cf70cc820379f822e70970"),
    ("0x1", "00000000000000000000000000000001"),
    ("8fae680d94cf70cc820379f822e70970", "8fae680d94cf70cc820379f822e70970"),
    ("0x0000ffffffffffffffffffffffffffffffff", "ffffffffffffffffffffffffffffffff"),
  ])
  func ivSpellings(text: String, expected: String) {
    #expect(NormalizedHex.iv(text) == expected)
  }

  @Test(arguments: ["0x", "", "0x1ffffffffffffffffffffffffffffffff", "0xZZ", "12 34"])
  func badIVs(text: String) {
    #expect(NormalizedHex.iv(text) == nil)
  }

  @Test func uuidForm() {
    let bytes: [UInt8] = [
      0xED, 0xEF, 0x8B, 0xA9, 0x79, 0xD6, 0x4A, 0xCE, 0xA3, 0xC8, 0x27, 0xDC, 0xD5, 0x1D, 0x21,
      0xED,
    ]
    #expect(NormalizedHex.uuid(bytes) == "edef8ba9-79d6-4ace-a3c8-27dcd51d21ed")
    #expect(NormalizedHex.uuid(bytes.dropLast()) == nil)
  }
}
