/// Base64 (RFC 4648) encoding and a tolerant decoder for payloads copied out of playlists.
package enum Base64 {
  /// Why a base64 text could not be decoded.
  package struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Offset of the offending byte in the input text.
    package var offset: Int
    /// What was wrong.
    package var reason: String

    /// Creates an error.
    package init(offset: Int, reason: String) {
      self.offset = offset
      self.reason = reason
    }

    package var description: String { "invalid base64 at offset \(offset): \(reason)" }
  }

  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  private static let decodeTable: [UInt8] = {
    var table = [UInt8](repeating: 0xFF, count: 256)
    for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
    table[Int(UInt8(ascii: "-"))] = 62  // URL-safe alphabet
    table[Int(UInt8(ascii: "_"))] = 63
    return table
  }()

  /// `decodeTable` four times over, each value shifted into its place in a 24-bit group (the
  /// first character's table, then the second's ...); a character outside the alphabet sets the
  /// top byte, so one OR of four lookups decodes a whole group or shows it cannot.
  private static let groupTables: [UInt32] = {
    var tables = [UInt32](repeating: 0xFF00_0000, count: 4 * 256)
    for c in 0..<256 where decodeTable[c] != 0xFF {
      for k in 0..<4 { tables[k * 256 + c] = UInt32(decodeTable[c]) << (18 - 6 * k) }
    }
    return tables
  }()

  /// Standard base64 with `=` padding.
  package static func encode(_ data: [UInt8]) -> String {
    var out = [UInt8]()
    out.reserveCapacity((data.count + 2) / 3 * 4)
    var i = 0
    while i + 2 < data.count {
      let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8 | UInt32(data[i + 2])
      out.append(alphabet[Int(v >> 18)])
      out.append(alphabet[Int(v >> 12 & 63)])
      out.append(alphabet[Int(v >> 6 & 63)])
      out.append(alphabet[Int(v & 63)])
      i += 3
    }
    let rest = data.count - i
    if rest == 1 {
      let v = UInt32(data[i]) << 16
      out += [alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], 0x3D, 0x3D]
    } else if rest == 2 {
      let v = UInt32(data[i]) << 16 | UInt32(data[i + 1]) << 8
      out += [
        alphabet[Int(v >> 18)], alphabet[Int(v >> 12 & 63)], alphabet[Int(v >> 6 & 63)], 0x3D,
      ]
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Decodes standard or URL-safe base64, with or without `=` padding, ignoring ASCII
  /// whitespace. Data after padding, a stray `=`, or a lone trailing character is an error.
  package static func decode(_ text: some Collection<UInt8>) throws(DecodingError) -> [UInt8] {
    let result =
      text.withContiguousStorageIfAvailable { decode(buffer: $0) }
      ?? Array(text).withUnsafeBufferPointer { decode(buffer: $0) }
    return try result.get()
  }

  /// The output capacity `decode(_:into:)` needs for `count` bytes of text.
  package static func decodedCapacity(forTextCount count: Int) -> Int { count * 3 / 4 + 3 }

  /// Decodes base64 text (as `decode(_:)`) into `output`, which must hold at least
  /// `decodedCapacity(forTextCount: text.count)` bytes, and returns how many it wrote: for
  /// callers that decode into a reused or stack buffer.
  package static func decode(
    _ text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
  ) throws(DecodingError) -> Int {
    guard output.count >= decodedCapacity(forTextCount: text.count) else {
      throw DecodingError(offset: 0, reason: "the output buffer is too small")
    }
    var failure: DecodingError? = nil
    // Whole groups of four alphabet characters first, in a tight loop; the general loop takes
    // the rest from the first group that has anything else (whitespace, padding, an error).
    let (read, fast) = groupTables.withUnsafeBufferPointer { tables in
      decodeGroups(text, tables, output)
    }
    if read == text.count { return fast }
    let written = decodeTable.withUnsafeBufferPointer { table in
      decode(
        UnsafeBufferPointer(rebasing: text[read...]), table,
        UnsafeMutableBufferPointer(rebasing: output[fast...]), &failure)
    }
    if var failure {
      failure.offset += read
      throw failure
    }
    return fast + written
  }

  /// Decodes the leading groups of four alphabet characters of `text` into `out`, and a last
  /// group that is four alphabet characters or ends in `=` or `==`; returns how many characters
  /// it read and bytes it wrote.
  private static func decodeGroups(
    _ text: UnsafeBufferPointer<UInt8>, _ tables: UnsafeBufferPointer<UInt32>,
    _ out: UnsafeMutableBufferPointer<UInt8>
  ) -> (Int, Int) {
    guard let base = text.baseAddress, let target = out.baseAddress else { return (0, 0) }
    var offset = 0
    var o = 0
    // A group at the very end is left to the general loop, which handles its padding.
    while offset + 4 < text.count {
      let v =
        tables[Int(base[offset])] | tables[256 + Int(base[offset + 1])]
        | tables[512 + Int(base[offset + 2])] | tables[768 + Int(base[offset + 3])]
      if v > 0xFF_FFFF { break }
      target[o] = UInt8(truncatingIfNeeded: v >> 16)
      target[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
      target[o + 2] = UInt8(truncatingIfNeeded: v)
      o += 3
      offset += 4
    }
    guard offset + 4 == text.count else { return (offset, o) }
    // The last group: what the general loop makes of it when it is this simple.
    let head =
      tables[Int(base[offset])] | tables[256 + Int(base[offset + 1])]
    let third = base[offset + 2]
    let fourth = base[offset + 3]
    if third == 0x3D && fourth == 0x3D {
      guard head <= 0xFF_FFFF else { return (offset, o) }
      target[o] = UInt8(truncatingIfNeeded: head >> 16)
      return (offset + 4, o + 1)
    }
    let three = head | tables[512 + Int(third)]
    guard three <= 0xFF_FFFF else { return (offset, o) }
    if fourth == 0x3D {
      target[o] = UInt8(truncatingIfNeeded: three >> 16)
      target[o + 1] = UInt8(truncatingIfNeeded: three >> 8)
      return (offset + 4, o + 2)
    }
    let v = three | tables[768 + Int(fourth)]
    guard v <= 0xFF_FFFF else { return (offset, o) }
    target[o] = UInt8(truncatingIfNeeded: v >> 16)
    target[o + 1] = UInt8(truncatingIfNeeded: v >> 8)
    target[o + 2] = UInt8(truncatingIfNeeded: v)
    return (offset + 4, o + 3)
  }

  private static func decode(buffer text: UnsafeBufferPointer<UInt8>)
    -> Result<[UInt8], DecodingError>
  {
    var failure: DecodingError? = nil
    let out = [UInt8](unsafeUninitializedCapacity: decodedCapacity(forTextCount: text.count)) {
      out, written in
      written = decodeTable.withUnsafeBufferPointer { table in
        decode(text, table, out, &failure)
      }
    }
    if let failure { return .failure(failure) }
    return .success(out)
  }

  /// The decoding loop: whole groups of four alphabet characters take a fast path, anything
  /// else (whitespace, padding, errors) the byte-at-a-time one. Returns the bytes written.
  private static func decode(
    _ text: UnsafeBufferPointer<UInt8>, _ table: UnsafeBufferPointer<UInt8>,
    _ out: UnsafeMutableBufferPointer<UInt8>, _ failure: inout DecodingError?
  ) -> Int {
    var accumulator: UInt32 = 0
    var pending = 0
    var padding = 0
    var offset = 0
    var o = 0
    let n = text.count
    while offset < n {
      if pending == 0 && padding == 0 && offset + 4 <= n {
        let a = table[Int(text[offset])]
        let b = table[Int(text[offset + 1])]
        let c = table[Int(text[offset + 2])]
        let d = table[Int(text[offset + 3])]
        if (a | b | c | d) < 64 {
          let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
          out[o] = UInt8(v >> 16)
          out[o + 1] = UInt8(v >> 8 & 0xFF)
          out[o + 2] = UInt8(v & 0xFF)
          o += 3
          offset += 4
          continue
        }
      }
      let c = text[offset]
      defer { offset += 1 }
      if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { continue }
      if c == 0x3D {
        padding += 1
        guard pending >= 2, pending + padding <= 4 else {
          failure = DecodingError(offset: offset, reason: "unexpected '='")
          return 0
        }
        continue
      }
      let v = table[Int(c)]
      guard v != 0xFF else {
        failure = DecodingError(
          offset: offset, reason: "\(ASCII.describe(c)) is not a base64 character")
        return 0
      }
      guard padding == 0 else {
        failure = DecodingError(offset: offset, reason: "data after '=' padding")
        return 0
      }
      accumulator = accumulator << 6 | UInt32(v)
      pending += 1
      if pending == 4 {
        out[o] = UInt8(accumulator >> 16 & 0xFF)
        out[o + 1] = UInt8(accumulator >> 8 & 0xFF)
        out[o + 2] = UInt8(accumulator & 0xFF)
        o += 3
        accumulator = 0
        pending = 0
      }
    }
    switch pending {
    case 0: break
    case 1:
      failure = DecodingError(offset: offset, reason: "input ends with a lone base64 character")
      return 0
    case 2:
      out[o] = UInt8(accumulator >> 4 & 0xFF)
      o += 1
    default:
      out[o] = UInt8(accumulator >> 10 & 0xFF)
      out[o + 1] = UInt8(accumulator >> 2 & 0xFF)
      o += 2
    }
    return o
  }
}
