extension JSONValue {
  /// The document as UTF-8 JSON: compact on one line, or indented by two spaces per level.
  public func serialized(pretty: Bool = false) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(256)
    write(into: &out, pretty: pretty, indent: 0)
    return out
  }

  /// The document as a JSON `String`.
  public func jsonString(pretty: Bool = false) -> String {
    String(decoding: serialized(pretty: pretty), as: UTF8.self)
  }

  /// Appends the document to `out`.
  public func write(into out: inout [UInt8], pretty: Bool = false, indent: Int = 0) {
    switch self {
    case .null: out += "null".utf8
    case .bool(let b): out += (b ? "true" : "false").utf8
    case .int(let i): Self.writeInteger(i, into: &out)
    case .unsigned(let u): Self.writeDigits(u, into: &out)
    case .double(let x):
      if !x.isFinite {
        out += "null".utf8
      } else if x == x.rounded(), abs(x) < 1e15 {
        out += String(Int64(x)).utf8
      } else {
        out += String(x).utf8
      }
    case .decimal(let d): out += d.description.utf8
    case .string(let s): Self.writeString(s, into: &out)
    case .array(let elements):
      if elements.isEmpty {
        out += "[]".utf8
        return
      }
      out.append(0x5B)
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(0x2C) }
        if pretty { Self.newline(&out, indent + 1) }
        element.write(into: &out, pretty: pretty, indent: indent + 1)
      }
      if pretty { Self.newline(&out, indent) }
      out.append(0x5D)
    case .object(let members):
      if members.isEmpty {
        out += "{}".utf8
        return
      }
      out.append(0x7B)
      for (i, (key, value)) in members.enumerated() {
        if i > 0 { out.append(0x2C) }
        if pretty { Self.newline(&out, indent + 1) }
        Self.writeString(key, into: &out)
        out.append(0x3A)
        if pretty { out.append(0x20) }
        value.write(into: &out, pretty: pretty, indent: indent + 1)
      }
      if pretty { Self.newline(&out, indent) }
      out.append(0x7D)
    }
  }

  private static func newline(_ out: inout [UInt8], _ indent: Int) {
    out.append(0x0A)
    for _ in 0..<(indent * 2) { out.append(0x20) }
  }

  /// Appends `s` as a quoted JSON string, escaping quotes, backslashes and control characters.
  public static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(0x22)
    var s = s
    s.withUTF8 { utf8 in
      // Copy runs that need no escaping in bulk; most strings are one run.
      var runStart = 0
      for i in 0..<utf8.count {
        let b = utf8[i]
        guard b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F else { continue }
        if runStart < i {
          out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<i]))
        }
        appendEscape(b, into: &out)
        runStart = i + 1
      }
      if runStart < utf8.count {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
      }
    }
    out.append(0x22)
  }

  private static func appendEscape(_ b: UInt8, into out: inout [UInt8]) {
    switch b {
    case 0x22: out += [0x5C, 0x22]
    case 0x5C: out += [0x5C, 0x5C]
    case 0x0A: out += [0x5C, 0x6E]
    case 0x0D: out += [0x5C, 0x72]
    case 0x09: out += [0x5C, 0x74]
    case 0x08: out += [0x5C, 0x62]
    case 0x0C: out += [0x5C, 0x66]
    default:
      let digits: StaticString = "0123456789abcdef"
      digits.withUTF8Buffer { d in
        out += [0x5C, 0x75, 0x30, 0x30, d[Int(b >> 4)], d[Int(b & 15)]]
      }
    }
  }

  /// Appends the decimal digits of `value` without making a `String`.
  static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
    if value < 0 { out.append(0x2D) }
    writeDigits(value.magnitude, into: &out)
  }

  /// Appends the decimal digits of `value` without making a `String`.
  static func writeDigits(_ value: UInt64, into out: inout [UInt8]) {
    var magnitude = value
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 20 digits, filled from the end
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        count += 1
        buffer[24 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + 0x30
        magnitude /= 10
      } while magnitude > 0
      out.append(contentsOf: buffer[(24 - count)...])
    }
  }
}
