import ManifestCore

/// A pass over a document's bytes before libxml2 sees them, for what libxml2 would take
/// unbounded time over: a start tag with more attributes than `XMLReaderLimits.maximumAttributes`
/// (libxml2 2.9 checks each attribute against every one before it, so 200,000 attributes on one
/// element take 37 s, all before the first callback), and encodings the pass cannot read the
/// markup of.
///
/// The pass reads the document's code units as libxml2 detects them (XML 1.0 Appendix F: a
/// byte-order mark, or the first four bytes of `<?xml`): single bytes, UTF-16 or UCS-4 of
/// either byte order. Only the ASCII markup characters matter, so any other unit is one opaque
/// character. A document that declares an encoding in which markup may not be plain ASCII bytes
/// (UTF-7, ISO-2022, EBCDIC, …) is refused: the accepted ones are UTF-8, US-ASCII,
/// ISO-8859-*, windows-125* and Latin-1 for byte documents, UTF-16 for UTF-16 ones, UCS-4 or
/// UTF-32 for UCS-4 ones.
///
/// Markup is followed the way XML 1.0 §2 delimits it: comments, CDATA sections, processing
/// instructions and the DOCTYPE declaration (its internal subset with quoted literals and
/// comments) are skipped, and in a start tag every `=` outside a quoted value starts one
/// attribute (namespace declarations count too).
enum XMLPrescan {
  /// The reason to refuse `bytes` before parsing, or `nil`.
  static func check(_ bytes: [UInt8], limits: XMLReaderLimits) -> XMLReaderError? {
    let layout: (width: Int, bigEndian: Bool, skip: Int)
    switch (byte(bytes, 0), byte(bytes, 1), byte(bytes, 2), byte(bytes, 3)) {
    case (0xFF, 0xFE, 0x00, 0x00): layout = (4, false, 4)
    case (0x00, 0x00, 0xFE, 0xFF): layout = (4, true, 4)
    case (0xEF, 0xBB, 0xBF, _): layout = (1, false, 3)
    case (0xFE, 0xFF, _, _): layout = (2, true, 2)
    case (0xFF, 0xFE, _, _): layout = (2, false, 2)
    case (0x00, 0x00, 0x00, 0x3C): layout = (4, true, 0)
    case (0x3C, 0x00, 0x00, 0x00): layout = (4, false, 0)
    case (0x00, 0x3C, 0x00, 0x3F): layout = (2, true, 0)
    case (0x3C, 0x00, 0x3F, 0x00): layout = (2, false, 0)
    case (0x4C, 0x6F, 0xA7, 0x94), (0x00, 0x00, 0x3C, 0x00), (0x00, 0x3C, 0x00, 0x00):
      return XMLReaderError(
        code: "unsupported-encoding",
        message: "the document is in EBCDIC or an unusual UCS-4 byte order, which is not read "
          + "for untrusted XML; convert it to UTF-8", line: 1, column: 1)
    default: layout = (1, false, 0)
    }
    if layout.width == 1 {
      return bytes.withUnsafeBufferPointer { scan($0, from: layout.skip, layout.width, limits) }
    }
    // One byte per code unit: the unit itself when it is ASCII, else 0x80.
    var units = [UInt8]()
    units.reserveCapacity(bytes.count / layout.width)
    var i = layout.skip
    while i + layout.width <= bytes.count {
      var value: UInt32 = 0
      for k in 0..<layout.width {
        let b = UInt32(bytes[layout.bigEndian ? i + k : i + layout.width - 1 - k])
        value = value << 8 | b
      }
      units.append(value < 0x80 ? UInt8(value) : 0x80)
      i += layout.width
    }
    return units.withUnsafeBufferPointer { scan($0, from: 0, layout.width, limits) }
  }

  private static func byte(_ bytes: [UInt8], _ index: Int) -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private static func scan(
    _ b: UnsafeBufferPointer<UInt8>, from start: Int, _ width: Int, _ limits: XMLReaderLimits
  ) -> XMLReaderError? {
    if let refused = checkDeclaredEncoding(b, from: start, width) { return refused }
    let n = b.count
    var i = start
    while i < n {
      guard let open = find(0x3C, in: b, from: i) else { return nil }
      let next = open + 1 < n ? b[open + 1] : 0
      if next == 0x21 {  // <!
        if starts(b, open, "<!--") {
          i = end(of: "-->", in: b, from: open + 4)
        } else if starts(b, open, "<![CDATA[") {
          i = end(of: "]]>", in: b, from: open + 9)
        } else if starts(b, open, "<!DOCTYPE") {
          i = skipDoctype(b, from: open + 9)
        } else {
          i = open + 2
        }
      } else if next == 0x3F {  // <?
        i = end(of: "?>", in: b, from: open + 2)
      } else if next == 0x2F {  // </
        i = end(of: ">", in: b, from: open + 2)
      } else {
        var j = open + 1
        var quote: UInt8 = 0
        var count = 0
        while j < n {
          let c = b[j]
          if quote != 0 {
            if c == quote { quote = 0 }
          } else if c == 0x22 || c == 0x27 {
            quote = c
          } else if c == 0x3D {
            count += 1
            if count > limits.maximumAttributes {
              let (line, column) = position(of: open, in: b, from: start)
              return XMLReaderError(
                code: "limit.xml-attributes",
                message: "an element has more than \(limits.maximumAttributes) attributes "
                  + "(limit xml-attributes=\(limits.maximumAttributes)) [limit.xml-attributes]",
                line: line, column: column)
            }
          } else if c == 0x3E || c == 0x3C {
            break
          }
          j += 1
        }
        i = j + 1
      }
    }
    return nil
  }

  /// The encoding an XML declaration names, refused unless markup in it is plain ASCII units.
  private static func checkDeclaredEncoding(
    _ b: UnsafeBufferPointer<UInt8>, from start: Int, _ width: Int
  ) -> XMLReaderError? {
    guard starts(b, start, "<?xml") else { return nil }
    let close = min(end(of: "?>", in: b, from: start), start + 1024, b.count)
    var i = start + 5
    while i < close, !starts(b, i, "encoding") { i += 1 }
    guard i < close else { return nil }
    i += 8
    while i < close, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x3D {
      i += 1
    }
    guard i < close, b[i] == 0x22 || b[i] == 0x27 else { return nil }
    let quote = b[i]
    var j = i + 1
    while j < close, b[j] != quote { j += 1 }
    let name = String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<j]), as: UTF8.self)
    let lower = name.lowercased()
    let accepted: Bool
    switch width {
    case 1:
      accepted =
        ["utf-8", "utf8", "us-ascii", "ascii", "latin1", "latin-1", "iso-latin-1", "l1"]
        .contains(lower) || lower.hasPrefix("iso-8859-") || lower.hasPrefix("iso8859-")
        || lower.hasPrefix("iso_8859-") || lower.hasPrefix("windows-125")
        || lower.hasPrefix("cp125")
    case 2: accepted = ["utf-16", "utf16", "utf-16le", "utf-16be"].contains(lower)
    default:
      accepted = ["ucs-4", "ucs4", "iso-10646-ucs-4", "utf-32", "utf32", "utf-32le", "utf-32be"]
        .contains(lower)
    }
    guard !accepted else { return nil }
    let shown = PrintableText.value(name)
    return XMLReaderError(
      code: "unsupported-encoding",
      message: "the document declares encoding '\(shown)', which is not read for untrusted XML "
        + "(use UTF-8 or UTF-16)", line: 1, column: 1)
  }

  private static func starts(_ b: UnsafeBufferPointer<UInt8>, _ at: Int, _ text: StaticString)
    -> Bool
  {
    let count = text.utf8CodeUnitCount
    guard at + count <= b.count else { return false }
    let p = text.utf8Start
    for k in 0..<count where b[at + k] != p[k] { return false }
    return true
  }

  /// The index of the first `byte` at or after `from`.
  private static func find(_ byte: UInt8, in b: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
    var i = from
    while i < b.count {
      if b[i] == byte { return i }
      i += 1
    }
    return nil
  }

  /// Just past the first `text` at or after `from` (the end of the input when there is none).
  private static func end(of text: StaticString, in b: UnsafeBufferPointer<UInt8>, from: Int)
    -> Int
  {
    let first = text.utf8Start[0]
    var i = from
    while let hit = find(first, in: b, from: i) {
      if starts(b, hit, text) { return hit + text.utf8CodeUnitCount }
      i = hit + 1
    }
    return b.count
  }

  /// Just past the `>` that ends a DOCTYPE declaration whose name starts at `from`.
  private static func skipDoctype(_ b: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
    var i = from
    var quote: UInt8 = 0
    var subset = false
    while i < b.count {
      let c = b[i]
      if quote != 0 {
        if c == quote { quote = 0 }
      } else if c == 0x22 || c == 0x27 {
        quote = c
      } else if c == 0x5B {
        subset = true
      } else if c == 0x5D {
        subset = false
      } else if subset && c == 0x3C && starts(b, i, "<!--") {
        i = end(of: "-->", in: b, from: i + 4)
        continue
      } else if subset && c == 0x3C && starts(b, i, "<?") {
        i = end(of: "?>", in: b, from: i + 2)
        continue
      } else if c == 0x3E && !subset {
        return i + 1
      }
      i += 1
    }
    return b.count
  }

  /// The 1-based line and column of unit `offset`.
  private static func position(of offset: Int, in b: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (line: Int, column: Int)
  {
    var line = 1
    var lineStart = start
    for i in start..<offset where b[i] == 0x0A {
      line += 1
      lineStart = i + 1
    }
    return (line, offset - lineStart + 1)
  }
}
