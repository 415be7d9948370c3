import ManifestCore

/// Where each value of a JSON text starts, by JSON path (`breaks[1].ads[0].playlist`; `$` for
/// the document), so plan diagnostics point at a line and column. The text has already been
/// read by `JSONValue.parse`; this only scans it again for positions.
struct JSONLocator {
  private let bytes: [UInt8]
  private var offsets: [String: Int] = [:]
  private var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    skipBlanks()
    value("")
  }

  /// Where the value at `path` starts, or that of its nearest enclosing value that exists (a
  /// missing member is reported at its object).
  func location(of path: String) -> SourceLocation {
    var p = Substring(path)
    while !p.isEmpty, offsets[String(p)] == nil {
      guard let cut = p.lastIndex(where: { $0 == "." || $0 == "[" }) else {
        p = ""
        break
      }
      p = p[..<cut]
    }
    let offset = offsets[String(p)] ?? offsets[""] ?? 0
    return StitchPlan.location(of: offset, in: bytes)
  }

  private mutating func skipBlanks() {
    while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
      position += 1
    }
  }

  private mutating func value(_ path: String) {
    guard position < bytes.count else { return }
    if offsets[path] == nil { offsets[path] = position }
    switch bytes[position] {
    case 0x7B:  // {
      position += 1
      skipBlanks()
      while position < bytes.count, bytes[position] != 0x7D {
        let key = string()
        skipBlanks()
        if position < bytes.count, bytes[position] == 0x3A { position += 1 }
        skipBlanks()
        value(path.isEmpty ? key : path + "." + key)
        skipBlanks()
        if position < bytes.count, bytes[position] == 0x2C { position += 1 }
        skipBlanks()
      }
      position += 1
    case 0x5B:  // [
      position += 1
      skipBlanks()
      var index = 0
      while position < bytes.count, bytes[position] != 0x5D {
        value(path + "[\(index)]")
        index += 1
        skipBlanks()
        if position < bytes.count, bytes[position] == 0x2C { position += 1 }
        skipBlanks()
      }
      position += 1
    case 0x22:
      _ = string()
    default:
      while position < bytes.count,
        ![0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D].contains(bytes[position])
      {
        position += 1
      }
    }
  }

  /// A string's text as written (escapes left in), after its closing quote.
  private mutating func string() -> String {
    guard position < bytes.count, bytes[position] == 0x22 else { return "" }
    position += 1
    let start = position
    while position < bytes.count, bytes[position] != 0x22 {
      position += bytes[position] == 0x5C ? 2 : 1
    }
    let text = String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self)
    position += 1
    return text
  }
}
