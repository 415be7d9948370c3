import ManifestCore

/// The time forms of VAST and VMAP: `HH:MM:SS` or `HH:MM:SS.mmm` (VAST `Duration`, a
/// progress `offset`, a VMAP `timeOffset`) and `n%`.
enum VASTClock {
  /// Seconds for `HH:MM:SS(.fraction)`: one to six hour digits, two minute and two second
  /// digits below 60, any number of fraction digits ExactDecimal holds; white space around
  /// the value is ignored. `nil` for anything else.
  static func seconds(_ text: String) -> ExactDecimal? {
    let bytes = trimmed(text)
    var parts: [Range<Int>] = []
    var start = 0
    for (k, c) in bytes.enumerated() where c == 0x3A {
      parts.append(start..<k)
      start = k + 1
    }
    parts.append(start..<bytes.count)
    guard parts.count == 3, (1...6).contains(parts[0].count), parts[1].count == 2,
      let hours = integer(bytes, parts[0]), let minutes = integer(bytes, parts[1]), minutes < 60
    else { return nil }
    let secondsRange = parts[2]
    guard secondsRange.count >= 2,
      let whole = integer(bytes, secondsRange.lowerBound..<(secondsRange.lowerBound + 2)),
      whole < 60
    else { return nil }
    var fraction = ExactDecimal.zero
    if secondsRange.count > 2 {
      guard bytes[secondsRange.lowerBound + 2] == 0x2E, secondsRange.count > 3,
        let value = ExactDecimal.parse(
          bytes, (secondsRange.lowerBound + 2)..<secondsRange.upperBound),
        value.scale <= 9
      else { return nil }
      fraction = value
    }
    return ExactDecimal(hours * 3600 + minutes * 60 + whole) + fraction
  }

  /// The percentage for `n%` (a decimal from 0 to 100), or `nil`.
  static func percent(_ text: String) -> ExactDecimal? {
    let bytes = trimmed(text)
    guard bytes.count >= 2, bytes[bytes.count - 1] == 0x25,
      bytes[0] != 0x2D, bytes[0] != 0x2B,
      let value = ExactDecimal.parse(bytes, 0..<(bytes.count - 1)), value <= ExactDecimal(100)
    else { return nil }
    return value
  }

  /// `duration × percent / 100`, exactly, or `nil` when it does not fit.
  static func fraction(_ percent: ExactDecimal, of duration: ExactDecimal) -> ExactDecimal? {
    let p = percent.normalized
    let d = duration.normalized
    let (product, overflow) = p.significand.multipliedReportingOverflow(by: d.significand)
    let scale = p.scale + d.scale + 2
    guard !overflow, scale <= ExactDecimal.maximumScale else { return nil }
    return ExactDecimal(significand: product, scale: scale).normalized
  }

  static func trimmed(_ text: String) -> [UInt8] {
    let utf8 = Array(text.utf8)
    var start = 0
    var end = utf8.count
    while start < end, isSpace(utf8[start]) { start += 1 }
    while end > start, isSpace(utf8[end - 1]) { end -= 1 }
    return Array(utf8[start..<end])
  }

  private static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  /// The decimal digits of `range` as an integer (at most 6 digits), or `nil`.
  private static func integer(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
    guard !range.isEmpty, range.count <= 6 else { return nil }
    var value = 0
    for k in range {
      let d = bytes[k] &- 0x30
      guard d < 10 else { return nil }
      value = value * 10 + Int(d)
    }
    return value
  }
}
