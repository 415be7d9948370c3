/// `xs:duration` values as DASH MPDs use them (`PT30S`, `PT1H2M3.5S`).
public enum XSDuration {
  /// Seconds written as `PT<seconds>S` with the shortest exact decimal, as DASH Period `start`
  /// and `duration` are commonly written: `PT120S`, `PT5.005S`, `-PT1S`.
  public static func format(seconds: ExactDecimal) -> String {
    seconds.isNegative ? "-PT\((-seconds).description)S" : "PT\(seconds.description)S"
  }

  /// Parses `[-]P[nD][T[nH][nM][n[.n]S]]` (no years or months, whose length varies) to exact
  /// seconds, or `nil` when the text is not such a duration or its seconds do not fit an
  /// `ExactDecimal`.
  public static func parse(_ text: String) -> ExactDecimal? {
    let bytes = Array(text.utf8)
    var i = 0
    var negative = false
    if i < bytes.count && bytes[i] == 0x2D {
      negative = true
      i += 1
    }
    guard i < bytes.count, bytes[i] == 0x50 else { return nil }
    i += 1
    var total = ExactDecimal.zero
    var inTime = false
    var sawComponent = false
    var numberStart = i
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x54 {
        guard !inTime, numberStart == i else { return nil }
        inTime = true
        i += 1
        numberStart = i
        continue
      }
      if ASCII.isDigit(b) || b == 0x2E {
        i += 1
        continue
      }
      guard let value = ExactDecimal.parse(bytes, numberStart..<i) else { return nil }
      let factor: Int
      switch (b, inTime) {
      case (0x44, false): factor = 86_400
      case (0x48, true): factor = 3600
      case (0x4D, true): factor = 60
      case (0x53, true): factor = 1
      default: return nil
      }
      guard let seconds = try? value * ExactDecimal(factor), let sum = try? total.adding(seconds)
      else { return nil }
      total = sum
      sawComponent = true
      i += 1
      numberStart = i
    }
    guard sawComponent, numberStart == bytes.count else { return nil }
    return negative ? -total : total
  }
}
