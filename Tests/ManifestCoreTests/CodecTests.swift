import ManifestCore
import Testing

@Suite struct CodecTests {
  @Test func base64RoundTripsAllLengths() throws {
    for n in 0..<20 {
      let data = (0..<n).map { UInt8(($0 * 37 + 11) & 0xFF) }
      #expect(try Base64.decode(Array(Base64.encode(data).utf8)) == data)
    }
  }

  @Test func hexadecimalSequences() {
    func check(_ text: String) -> Bool {
      let bytes = Array(text.utf8)
      return ASCII.isHexadecimalSequence(bytes, 0..<bytes.count)
    }
    #expect(check("0xFC30") && check("0X0a") && check("0x1"))
    #expect(!check("0x") && !check("FC30") && !check("0xFG") && !check(" 0x12"))
    #expect(!check("0x12 ") && !check("/DAl") && !check(""))
    // Only the range is read.
    let line = Array("IV=0x1A2B,".utf8)
    #expect(ASCII.isHexadecimalSequence(line, 3..<9))
    #expect(!ASCII.isHexadecimalSequence(line, 3..<10))
  }

  @Test func base64AcceptsURLSafeUnpaddedAndWrapped() throws {
    #expect(try Base64.decode(Array("_-8".utf8)) == [0xFF, 0xEF])
    #expect(try Base64.decode(Array("/+8=".utf8)) == [0xFF, 0xEF])
    #expect(try Base64.decode(Array("/DA\nl AA\r\n".utf8)) == [0xFC, 0x30, 0x25, 0x00])
  }

  @Test func base64ErrorsNameTheOffset() {
    #expect(throws: Base64.DecodingError(offset: 2, reason: "'*' is not a base64 character")) {
      try Base64.decode(Array("ab*d".utf8))
    }
    #expect(throws: Base64.DecodingError(offset: 4, reason: "data after '=' padding")) {
      try Base64.decode(Array("ab==cd".utf8))
    }
    #expect(
      throws: Base64.DecodingError(offset: 5, reason: "input ends with a lone base64 character")
    ) {
      try Base64.decode(Array("abcde".utf8))
    }
  }

  /// `decode(_:into:)`, the path SCTE-35 payloads take: whole groups go through a fast loop,
  /// the rest through the general one; results and error offsets are the same either way.
  @Test func base64IntoBufferAfterWholeGroups() {
    func decode(_ text: String) -> Result<[UInt8], Base64.DecodingError> {
      let input = Array(text.utf8)
      var output = [UInt8](repeating: 0, count: Base64.decodedCapacity(forTextCount: input.count))
      return input.withUnsafeBufferPointer { input in
        output.withUnsafeMutableBufferPointer { output in
          do throws(Base64.DecodingError) {
            let count = try Base64.decode(input, into: output)
            return .success(Array(output[0..<count]))
          } catch {
            return .failure(error)
          }
        }
      }
    }
    #expect(decode("QUJDREVGR0g=") == .success(Array("ABCDEFGH".utf8)))
    #expect(decode("QUJDREVGR0hJ") == .success(Array("ABCDEFGHI".utf8)))
    #expect(decode("QUJD REVG") == .success(Array("ABCDEF".utf8)))
    #expect(
      decode("QUJDREVG*0g=")
        == .failure(Base64.DecodingError(offset: 8, reason: "'*' is not a base64 character")))
    #expect(
      decode("QUJDREVGR")
        == .failure(
          Base64.DecodingError(offset: 9, reason: "input ends with a lone base64 character")))
    #expect(
      decode("QUJD==VG") == .failure(Base64.DecodingError(offset: 4, reason: "unexpected '='")))
  }

  @Test func hexWithAndWithoutPrefix() throws {
    #expect(try Hex.decode(Array("0xFC30".utf8)) == [0xFC, 0x30])
    #expect(try Hex.decode(Array("0Xfc 30".utf8)) == [0xFC, 0x30])
    #expect(try Hex.decode(Array("fc30".utf8)) == [0xFC, 0x30])
    #expect(try Hex.decode(Array("0a".utf8)) == [0x0A])
    #expect(Hex.encode([0xFC, 0x0A], uppercase: true) == "FC0A")
  }

  @Test func hexErrors() {
    #expect(throws: Hex.DecodingError(offset: 3, reason: "'g' is not a hex digit")) {
      try Hex.decode(Array("0xfg".utf8))
    }
    #expect(throws: Hex.DecodingError(offset: 3, reason: "odd number of hex digits")) {
      try Hex.decode(Array("abc".utf8))
    }
  }
}
