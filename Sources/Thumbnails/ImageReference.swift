import ManifestCore

/// A thumbnail cue payload split into the image URL and its media fragment (W3C Media Fragments
/// URI 1.0 §4.1: `name=value` pairs separated by `&`, each percent-decoded; §4.2.2 `xywh`).
struct ImageReference {
  /// The URL before the fragment, `\#` turned into `%23`.
  var url: String
  /// The last valid `xywh` dimension.
  var region: SpatialFragment?
  /// The other fragment pairs, verbatim, joined by `&`.
  var otherFragment: String
  /// The byte offset of the `xywh` pair that gave `region`.
  var regionOffset: Int?

  /// Splits the reference in `bytes[range]` (one line, blanks trimmed). Problems with the
  /// fragment are reported through `report` with the byte offset they concern.
  init(
    _ bytes: [UInt8], _ range: Range<Int>,
    report: (_ offset: Int, _ severity: Severity, _ message: String) -> Void
  ) {
    var hash = range.lowerBound
    var escaped = false
    while hash < range.upperBound {
      if bytes[hash] == 0x23 {
        guard hash > range.lowerBound && bytes[hash - 1] == 0x5C else { break }
        escaped = true
      }
      hash += 1
    }
    url =
      escaped
      ? Self.unescapingHashes(bytes, range.lowerBound..<hash)
      : ASCII.string(bytes, range.lowerBound..<hash)
    region = nil
    regionOffset = nil
    otherFragment = ""
    guard hash < range.upperBound else { return }
    var pairStart = hash + 1
    while pairStart < range.upperBound {
      var pairEnd = pairStart
      while pairEnd < range.upperBound && bytes[pairEnd] != 0x26 { pairEnd += 1 }
      readPair(bytes, pairStart..<pairEnd, report: report)
      pairStart = pairEnd + 1
    }
  }

  private mutating func readPair(
    _ bytes: [UInt8], _ pair: Range<Int>,
    report: (_ offset: Int, _ severity: Severity, _ message: String) -> Void
  ) {
    guard !pair.isEmpty else { return }
    var equals = pair.lowerBound
    while equals < pair.upperBound && bytes[equals] != 0x3D { equals += 1 }
    let name = pair.lowerBound..<equals
    let isXYWH =
      ASCII.equals(bytes, name, "xywh")
      || (bytes[name].contains(0x25) && Self.percentDecoded(bytes, name) == Array("xywh".utf8))
    guard isXYWH else {
      if !otherFragment.isEmpty { otherFragment += "&" }
      otherFragment += ASCII.string(bytes, pair)
      return
    }
    guard equals < pair.upperBound else {
      report(pair.lowerBound, .error, "xywh dimension without a value")
      return
    }
    let valueRange = (equals + 1)..<pair.upperBound
    let result: Result<SpatialFragment, SpatialFragment.ParseFailure>
    if bytes[valueRange].contains(0x25) {
      let decoded = Self.percentDecoded(bytes, valueRange)
      result = SpatialFragment.parse(decoded, 0..<decoded.count)
    } else {
      result = SpatialFragment.parse(bytes, valueRange)
    }
    switch result {
    case .success(let fragment):
      region = fragment
      regionOffset = pair.lowerBound
    case .failure(let failure):
      report(valueRange.lowerBound, .error, failure.description)
    }
  }

  /// The bytes with every `\#` turned into `%23`.
  private static func unescapingHashes(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    var out = [UInt8]()
    out.reserveCapacity(range.count + 4)
    var i = range.lowerBound
    while i < range.upperBound {
      if bytes[i] == 0x5C && i + 1 < range.upperBound && bytes[i + 1] == 0x23 {
        out += [0x25, 0x32, 0x33]
        i += 2
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// RFC 3986 §2.1 percent-decoding; a `%` not followed by two hex digits stays as it is.
  static func percentDecoded(_ bytes: [UInt8], _ range: Range<Int>) -> [UInt8] {
    var out = [UInt8]()
    out.reserveCapacity(range.count)
    var i = range.lowerBound
    while i < range.upperBound {
      if bytes[i] == 0x25, i + 2 < range.upperBound,
        let high = ASCII.hexValue(bytes[i + 1]), let low = ASCII.hexValue(bytes[i + 2])
      {
        out.append(high << 4 | low)
        i += 3
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return out
  }
}
