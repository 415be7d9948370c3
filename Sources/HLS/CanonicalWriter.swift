import ManifestCore

/// The canonical form of a playlist: LF line ends and a final newline, no byte-order mark, no
/// blank lines or trailing blanks, attributes in the order RFC 8216bis lists them (unknown ones
/// after, as they were), and numbers written one way (shortest exact decimals, keeping a point
/// that was written: `30.000` is `30.0`; `0x` with upper-case hex digits; `WIDTHxHEIGHT`). Comments, unknown tags and URIs are kept (a URI
/// starting with `#`, written after blanks, stays after one blank). Values the parser rejects
/// (an EXTINF duration, `+5`, `-0`, a hexadecimal-sequence holding a `{$name}` reference), values
/// that cannot be written another way (a `"` in an unquoted BYTERANGE), tag names and lines that
/// are not UTF-8 stay as written, byte for byte. Reading the
/// canonical form gives the same playlist, and its canonical form is itself.
public enum CanonicalWriter {
  /// The canonical bytes of `source`.
  public static func write(_ source: PlaylistSource) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(source.bytes.count)
    for line in source.lines {
      switch line.kind {
      case .blank: continue
      case .comment:
        out += source.bytes[ASCII.trimmed(source.bytes, line.range)]
      case .uri:
        let uri = ASCII.trimmed(source.bytes, line.range)
        // A URI line that starts with `#` once trimmed keeps one blank, or it would read back
        // as a tag or a comment.
        if source.bytes[uri.lowerBound] == 0x23 { out.append(0x20) }
        out += source.bytes[uri]
      case .tag:
        // The name as written, byte for byte (an unknown tag may not be UTF-8).
        let value = source.valueRange(of: line)
        out +=
          source.bytes[line.range.lowerBound..<(value.map { $0.lowerBound - 1 } ?? line.valueStart)]
        if let value {
          out.append(0x3A)
          canonicalValue(source, line, value, into: &out)
        }
      }
      out.append(0x0A)
    }
    return out
  }

  /// Appends the canonical value; what it does not rewrite is copied byte for byte.
  private static func canonicalValue(
    _ source: PlaylistSource, _ line: PlaylistLine, _ value: Range<Int>, into out: inout [UInt8]
  ) {
    let bytes = source.bytes
    switch line.tag {
    case .inf:
      // Only a duration the parser accepts (blanks after it, none before) is rewritten: a
      // rejected one stays as written, so the canonical form is rejected too.
      let comma = value.firstIndex { bytes[$0] == 0x2C } ?? value.upperBound
      var end = comma
      while end > value.lowerBound && ASCII.isBlank(bytes[end - 1]) { end -= 1 }
      guard let duration = ExactDecimal.parse(bytes, value.lowerBound..<end),
        !duration.isNegative
      else {
        out += bytes[value]
        return
      }
      out += duration.description.utf8
      out.append(0x2C)
      if comma < value.upperBound { out += bytes[(comma + 1)..<value.upperBound] }
    case .version, .targetDuration, .mediaSequence, .discontinuitySequence, .bitrate:
      guard let number = ASCII.parseUnsigned(bytes, value) else {
        out += bytes[value]
        return
      }
      out += String(number).utf8
    default:
      // An attribute list is rewritten only when it is UTF-8, so no byte is replaced.
      guard !attributeOrder(line.tag).isEmpty, let list = source.attributes(of: line),
        String(validating: bytes[value], as: UTF8.self) != nil
      else {
        out += bytes[value]
        return
      }
      out +=
        AttributeList(list.ordered(by: attributeOrder(line.tag)).map(canonicalAttribute))
        .rendered.utf8
    }
  }

  private static func canonicalAttribute(_ a: AttributeList.Attribute) -> AttributeList.Attribute {
    guard !a.isQuoted else { return a }
    var b = a
    let v = a.value
    if a.name == "BYTERANGE" {
      // EXT-X-MAP and EXT-X-PART take it as a quoted string; the parser reads it unquoted too.
      // A value holding `"` cannot be quoted and stays as written.
      b.isQuoted = !v.utf8.contains(0x22)
    } else if v.utf8.starts(with: [0x30]), v.utf8.count > 2,
      v.utf8.dropFirst().first.map({ $0 | 0x20 }) == 0x78,
      v.utf8.dropFirst(2).allSatisfy({ ASCII.hexValue($0) != nil })
    {
      // Only a true hexadecimal-sequence: `0x{$iv}` names a variable, whose case is kept.
      b.value = "0x" + v.dropFirst(2).uppercased()
    } else if isPlainDecimal(v), let d = ExactDecimal(v),
      !v.hasPrefix("-") || d.description.hasPrefix("-")
    {
      // A decimal keeps its point (`30.000` is `30.0`) and its sign (`-0`): a decimal-integer
      // attribute written `5.0` or `-0` is rejected, and its canonical form must be too.
      let shortest = d.description
      b.value = v.utf8.contains(0x2E) && !shortest.utf8.contains(0x2E) ? shortest + ".0" : shortest
    } else if let x = v.utf8.firstIndex(where: { $0 | 0x20 == 0x78 }),
      isDigits(v.utf8[..<x]), isDigits(v.utf8[v.utf8.index(after: x)...]),
      let w = Int(v[..<x]), let h = Int(v[v.index(after: x)...])
    {
      b.value = "\(w)x\(h)"
    }
    return b
  }

  /// True for `[-]DIGITS[.DIGITS]`: a `+` sign or a missing digit is left as written, since the
  /// parser rejects some of those spellings where a shorter one would be read.
  private static func isPlainDecimal(_ v: String) -> Bool {
    var digits = v.utf8[...]
    if digits.first == 0x2D { digits = digits.dropFirst() }
    guard let point = digits.firstIndex(of: 0x2E) else { return isDigits(digits) }
    return isDigits(digits[..<point]) && isDigits(digits[digits.index(after: point)...])
  }

  private static func isDigits(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
    !bytes.isEmpty && bytes.allSatisfy(ASCII.isDigit)
  }

  /// Attribute order of each tag, as RFC 8216bis §4.4 lists the attributes.
  static func attributeOrder(_ tag: TagName) -> [String] {
    switch tag {
    case .key, .sessionKey: ["METHOD", "URI", "IV", "KEYFORMAT", "KEYFORMATVERSIONS", "KEYID"]
    case .map: ["URI", "BYTERANGE"]
    case .part: ["DURATION", "URI", "INDEPENDENT", "BYTERANGE", "GAP"]
    case .dateRange:
      [
        "ID", "CLASS", "START-DATE", "CUE", "END-DATE", "DURATION", "PLANNED-DURATION",
        "SCTE35-CMD", "SCTE35-OUT", "SCTE35-IN", "END-ON-NEXT",
      ]
    case .skip: ["SKIPPED-SEGMENTS", "RECENTLY-REMOVED-DATERANGES"]
    case .preloadHint: ["TYPE", "URI", "BYTERANGE-START", "BYTERANGE-LENGTH"]
    case .renditionReport: ["URI", "LAST-MSN", "LAST-PART"]
    case .partInf: ["PART-TARGET"]
    case .serverControl:
      ["CAN-SKIP-UNTIL", "CAN-SKIP-DATERANGES", "HOLD-BACK", "PART-HOLD-BACK", "CAN-BLOCK-RELOAD"]
    case .media:
      [
        "TYPE", "URI", "GROUP-ID", "LANGUAGE", "ASSOC-LANGUAGE", "NAME", "STABLE-RENDITION-ID",
        "DEFAULT", "AUTOSELECT", "FORCED", "INSTREAM-ID", "BIT-DEPTH", "SAMPLE-RATE",
        "CHARACTERISTICS", "CHANNELS",
      ]
    case .streamInf, .iFrameStreamInf, .imageStreamInf:
      [
        "BANDWIDTH", "AVERAGE-BANDWIDTH", "SCORE", "CODECS", "SUPPLEMENTAL-CODECS", "RESOLUTION",
        "FRAME-RATE", "HDCP-LEVEL", "ALLOWED-CPC", "VIDEO-RANGE", "REQ-VIDEO-LAYOUT",
        "STABLE-VARIANT-ID", "AUDIO", "VIDEO", "SUBTITLES", "CLOSED-CAPTIONS", "PATHWAY-ID", "URI",
      ]
    case .sessionData: ["DATA-ID", "VALUE", "URI", "FORMAT", "LANGUAGE"]
    case .contentSteering: ["SERVER-URI", "PATHWAY-ID"]
    case .start: ["TIME-OFFSET", "PRECISE"]
    case .define: ["NAME", "VALUE", "IMPORT", "QUERYPARAM"]
    case .tiles: ["RESOLUTION", "LAYOUT", "DURATION"]
    default: []
    }
  }
}
