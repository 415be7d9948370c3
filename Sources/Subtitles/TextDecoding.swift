import ManifestCore

/// Turns subtitle file bytes into UTF-8: UTF-8 (with or without a byte-order mark) is checked
/// and passed through, UTF-16 and UTF-32 LE/BE with a byte-order mark are transcoded, and
/// anything else is a `ParseError` naming the first bad byte (`decode(_:encoding:replacingNUL:)`
/// adds the other encodings of `SubtitleEncoding`). A second byte-order mark after the first is an
/// error (`repeated-bom`): the text then does not start with its signature or first cue.
public enum TextDecoding {
  /// The input as UTF-8 bytes (a UTF-8 byte-order mark is kept; readers skip it).
  public static func utf8(_ bytes: [UInt8]) throws(ParseError) -> [UInt8] {
    if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])
    {
      let transcoded = try transcodeUTF32(bytes, from: 4, bigEndian: bytes[0] == 0)
      if transcoded.starts(with: byteOrderMark) { throw repeatedBOM(offset: 4) }
      return transcoded
    }
    if bytes.count >= 2 {
      var transcoded: [UInt8]? = nil
      if bytes[0] == 0xFF && bytes[1] == 0xFE {
        transcoded = try transcodeUTF16(bytes, from: 2, bigEndian: false)
      } else if bytes[0] == 0xFE && bytes[1] == 0xFF {
        transcoded = try transcodeUTF16(bytes, from: 2, bigEndian: true)
      }
      if let transcoded {
        if transcoded.starts(with: byteOrderMark) { throw repeatedBOM(offset: 2) }
        return transcoded
      }
    }
    if bytes.starts(with: byteOrderMark + byteOrderMark) { throw repeatedBOM(offset: 3) }
    if let bad = firstInvalidUTF8(bytes) {
      let location = locate(bad, in: bytes)
      if bytes[bad] == 0 {
        throw ParseError(
          code: SubtitleDiagnosticCode.notUTF8.rawValue,
          message: "NUL byte in text input (UTF-16 without a byte-order mark?); "
            + "convert the file to UTF-8", location: location)
      }
      throw ParseError(
        code: SubtitleDiagnosticCode.notUTF8.rawValue,
        message: "byte \(ASCII.describe(bytes[bad])) is not valid UTF-8; convert the file to "
          + "UTF-8 (for example: iconv -f WINDOWS-1252 -t UTF-8)", location: location)
    }
    return bytes
  }

  /// The input as UTF-8 the way the W3C WebVTT parser reads it (§6.1: every U+0000 NULL becomes
  /// U+FFFD REPLACEMENT CHARACTER). A NUL among the first two bytes still means UTF-16 without a
  /// byte-order mark, which is an error as in `utf8(_:)`.
  public static func utf8ReplacingNUL(_ bytes: [UInt8]) throws(ParseError) -> [UInt8] {
    guard let bad = firstInvalidUTF8(bytes) else { return bytes }
    guard bytes[bad] == 0, bytes.count >= 2, bytes[0] != 0, bytes[1] != 0 else {
      return try utf8(bytes)
    }
    var replaced = [UInt8]()
    replaced.reserveCapacity(bytes.count + 16)
    for byte in bytes {
      if byte == 0 {
        replaced += [0xEF, 0xBF, 0xBD]
      } else {
        replaced.append(byte)
      }
    }
    return try utf8(replaced)
  }

  /// The input as UTF-8 read as `encoding`, and the warning when `.automatic` fell back to
  /// Windows-1252. With `replacingNUL`, every U+0000 becomes U+FFFD as the W3C WebVTT parser
  /// reads it (§6.1); otherwise a NUL is an error.
  public static func decode(
    _ bytes: [UInt8], encoding: SubtitleEncoding, replacingNUL: Bool = false
  ) throws(ParseError) -> (bytes: [UInt8], diagnostics: [Diagnostic]) {
    func unicode(_ bytes: [UInt8]) throws(ParseError) -> [UInt8] {
      replacingNUL ? try utf8ReplacingNUL(bytes) : try utf8(bytes)
    }
    switch encoding {
    case .unicode: return (try unicode(bytes), [])
    case .named(let name): return (try unicode(IconvDecoder.decode(bytes, from: name)), [])
    case .automatic: break
    }
    if let (width, bigEndian) = unmarkedUnicode(bytes) {
      let transcoded =
        width == 4
        ? try transcodeUTF32(bytes, from: 0, bigEndian: bigEndian)
        : try transcodeUTF16(bytes, from: 0, bigEndian: bigEndian)
      return (try unicode(transcoded), [])
    }
    do {
      return (try unicode(bytes), [])
    } catch {
      let offset = error.location.offset
      guard error.code == SubtitleDiagnosticCode.notUTF8.rawValue, offset < bytes.count,
        bytes[offset] != 0
      else { throw error }
      let warning = Diagnostic(
        .warning,
        "byte \(ASCII.describe(bytes[offset])) is not valid UTF-8, so the file is read as "
          + "Windows-1252 (name its encoding if it is another)",
        code: SubtitleDiagnosticCode.encodingFallback.rawValue, at: error.location)
      return (try unicode(Windows1252.decode(bytes)), [warning])
    }
  }

  /// True when iconv can decode the encoding `name` (for checking a `--encoding` option).
  public static func isKnownEncoding(_ name: String) -> Bool {
    IconvDecoder.isKnown(name)
  }

  /// UTF-32 or UTF-16 without a byte-order mark, from the first four bytes: one ASCII
  /// character (not NUL) and NULs, as XML 1.0 Appendix F detects them.
  private static func unmarkedUnicode(_ b: [UInt8]) -> (width: Int, bigEndian: Bool)? {
    guard b.count >= 4, b[0] < 0x80, b[1] < 0x80, b[2] < 0x80, b[3] < 0x80 else { return nil }
    switch (b[0] != 0, b[1] != 0, b[2] != 0, b[3] != 0) {
    case (true, false, false, false): return (4, false)
    case (false, false, false, true): return (4, true)
    case (true, false, true, false): return (2, false)
    case (false, true, false, true): return (2, true)
    default: return nil
    }
  }

  /// U+FEFF in UTF-8.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private static func repeatedBOM(offset: Int) -> ParseError {
    ParseError(
      code: SubtitleDiagnosticCode.repeatedBOM.rawValue,
      message: "the text starts with two byte-order marks (U+FEFF); remove the second",
      location: SourceLocation(line: 1, column: 2, offset: offset))
  }

  /// The offset of the first byte that is not part of well-formed UTF-8 (or is NUL), or `nil`.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = UnsafeRawPointer(buffer.baseAddress) else { return nil }
      let n = buffer.count
      var i = 0
      while i < n {
        // Eight ASCII bytes at a time.
        if i + 8 <= n {
          let word = (base + i).loadUnaligned(as: UInt64.self)
          if word & 0x8080_8080_8080_8080 == 0
            && (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 == 0
          {
            i += 8
            continue
          }
        }
        let b = buffer[i]
        if b < 0x80 {
          if b == 0 { return i }
          i += 1
          continue
        }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0:
          length = 3
          lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
          length = 3
          upper = 0x9F
        case 0xF0:
          length = 4
          lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
          length = 4
          upper = 0x8F
        default: return i
        }
        guard i + length <= n else { return i }
        let second = buffer[i + 1]
        guard second >= lower && second <= upper else { return i }
        var k = 2
        while k < length {
          guard buffer[i + k] & 0xC0 == 0x80 else { return i }
          k += 1
        }
        i += length
      }
      return nil
    }
  }

  private static func transcodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool)
    throws(ParseError) -> [UInt8]
  {
    var out = TranscodedText(capacity: bytes.count)
    var i = start
    func unit(_ at: Int) -> UInt16 {
      bigEndian
        ? UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
        : UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at])
    }
    while i + 1 < bytes.count {
      let u = unit(i)
      var scalar = UInt32(u)
      if u >= 0xD800 && u < 0xDC00 {
        guard i + 3 < bytes.count, case let low = unit(i + 2), low >= 0xDC00 && low < 0xE000
        else {
          throw surrogateError(u, out.location(offset: i))
        }
        scalar = 0x10000 + ((UInt32(u) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        i += 2
      } else if u >= 0xDC00 && u < 0xE000 {
        throw surrogateError(u, out.location(offset: i))
      }
      i += 2
      out.append(scalar)
    }
    if i < bytes.count {
      throw ParseError(
        code: SubtitleDiagnosticCode.notUTF16.rawValue,
        message: "UTF-16 input has an odd number of bytes", location: out.location(offset: i))
    }
    return out.bytes
  }

  private static func transcodeUTF32(_ bytes: [UInt8], from start: Int, bigEndian: Bool)
    throws(ParseError) -> [UInt8]
  {
    var out = TranscodedText(capacity: bytes.count / 2)
    var i = start
    while i + 3 < bytes.count {
      let scalar =
        bigEndian
        ? UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8
          | UInt32(bytes[i + 3])
        : UInt32(bytes[i + 3]) << 24 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 1]) << 8
          | UInt32(bytes[i])
      guard scalar < 0x11_0000, scalar & 0xFFFF_F800 != 0xD800 else {
        let shown = withUnsafeBytes(of: scalar.bigEndian) { Array($0) }
        throw ParseError(
          code: SubtitleDiagnosticCode.notUTF32.rawValue,
          message: "0x\(Hex.encode(shown, uppercase: true)) is not a Unicode scalar value",
          location: out.location(offset: i))
      }
      i += 4
      out.append(scalar)
    }
    if i < bytes.count {
      throw ParseError(
        code: SubtitleDiagnosticCode.notUTF32.rawValue,
        message: "UTF-32 input has a length that is not a multiple of 4",
        location: out.location(offset: i))
    }
    return out.bytes
  }

  private static func surrogateError(_ unit: UInt16, _ location: SourceLocation) -> ParseError {
    let hex = Hex.encode([UInt8(unit >> 8), UInt8(unit & 0xFF)], uppercase: true)
    return ParseError(
      code: SubtitleDiagnosticCode.notUTF16.rawValue, message: "unpaired UTF-16 surrogate 0x\(hex)",
      location: location)
  }

  /// The line and column of byte `offset`.
  static func locate(_ offset: Int, in bytes: [UInt8]) -> SourceLocation {
    var line = 1
    var lineStart = 0
    var i = 0
    while i < offset {
      if bytes[i] == 0x0A {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    return SourceLocation(line: line, column: offset - lineStart + 1, offset: offset)
  }
}

/// UTF-8 written from decoded Unicode scalars, keeping the line and column of the next one for
/// the transcoders' error locations.
private struct TranscodedText {
  private(set) var bytes: [UInt8] = []
  private var line = 1
  private var column = 1

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  /// Where the scalar starting at input `offset` is.
  func location(offset: Int) -> SourceLocation {
    SourceLocation(line: line, column: column, offset: offset)
  }

  /// Appends `scalar` (a Unicode scalar value) as UTF-8.
  mutating func append(_ scalar: UInt32) {
    if scalar == 0x0A {
      line += 1
      column = 1
    } else {
      column += 1
    }
    switch scalar {
    case 0..<0x80: bytes.append(UInt8(scalar))
    case 0x80..<0x800:
      bytes.append(UInt8(0xC0 | scalar >> 6))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    case 0x800..<0x10000:
      bytes.append(UInt8(0xE0 | scalar >> 12))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    default:
      bytes.append(UInt8(0xF0 | scalar >> 18))
      bytes.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      bytes.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      bytes.append(UInt8(0x80 | scalar & 0x3F))
    }
  }
}
