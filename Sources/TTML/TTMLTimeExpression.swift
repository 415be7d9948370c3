import ManifestCore
import Subtitles

/// TTML time expressions (TTML2 §10.3.1 `<time-expression>`), evaluated to exact seconds under
/// a document's timing parameters:
///
/// - clock time `hh:mm:ss`, `hh:mm:ss.fraction` (hours of two or more digits; one is tolerated),
/// - clock time with frames `hh:mm:ss:ff` and sub-frames `hh:mm:ss:ff.sf` (frames below
///   `ttp:frameRate`, sub-frames below `ttp:subFrameRate`, §10.3.1): frames count at the
///   effective frame rate (`ttp:frameRate × ttp:frameRateMultiplier`), sub-frames at
///   `ttp:subFrameRate` per frame; with `ttp:timeBase="smpte"` the whole expression is a SMPTE
///   time code label counted in frames at the nominal rate (less the labels a drop mode skips:
///   NTSC drops frames 00 and 01 at each minute not divisible by 10, PAL 00 to 03 at each even
///   minute not divisible by 20) and played at the effective rate,
/// - offset time `<count>[.<fraction>](h|m|s|ms|f|t)`: ticks at the effective tick rate.
public enum TTMLTimeExpression {
  /// The time `text` denotes, or `nil` when it is not a time expression.
  public static func parse(_ text: String, _ parameters: TTMLTimingParameters) -> SubtitleTime? {
    var text = text
    return text.withUTF8 { parse($0, parameters) }
  }

  /// The time the UTF-8 `bytes` denote, or `nil` when they are not a time expression.
  static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ parameters: TTMLTimingParameters)
    -> SubtitleTime?
  {
    var lower = 0
    var upper = bytes.count
    while lower < upper && isSpace(bytes[lower]) { lower += 1 }
    while upper > lower && isSpace(bytes[upper - 1]) { upper -= 1 }
    guard lower < upper else { return nil }
    let body = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
    return body.contains(0x3A) ? clockTime(body, parameters) : offsetTime(body, parameters)
  }

  private static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  /// Digits from `i`, as a value and count (at most 18 digits).
  private static func digits(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int) -> (Int64, Int)? {
    let start = i
    var value: Int64 = 0
    while i < b.count {
      let digit = b[i] &- 0x30
      guard digit < 10 else { break }
      guard i - start < 18 else { return nil }
      // At most 18 digits: the value stays below 10^18, so it cannot overflow.
      value = value &* 10 &+ Int64(digit)
      i += 1
    }
    return i > start ? (value, i - start) : nil
  }

  private static func clockTime(_ b: UnsafeBufferPointer<UInt8>, _ p: TTMLTimingParameters)
    -> SubtitleTime?
  {
    var i = 0
    guard let (hours, _) = digits(b, &i), i < b.count, b[i] == 0x3A else { return nil }
    i += 1
    guard let (minutes, minuteDigits) = digits(b, &i), minuteDigits == 2, minutes < 60,
      i < b.count, b[i] == 0x3A
    else { return nil }
    i += 1
    guard let (seconds, secondDigits) = digits(b, &i), secondDigits == 2, seconds <= 60 else {
      return nil
    }
    // Hours of up to 18 digits: a time past Int64 seconds is not one.
    guard let totalSeconds = multiplyAdd(hours, 3600, minutes * 60 + seconds) else { return nil }
    let whole = SubtitleTime(seconds: totalSeconds)
    if i == b.count { return whole }
    if b[i] == 0x2E {
      i += 1
      guard let (fraction, count) = digits(b, &i), i == b.count else { return nil }
      let scale = powerOfTen(count)
      return whole + SubtitleTime(uncheckedNumerator: fraction, denominator: scale)
    }
    guard b[i] == 0x3A else { return nil }
    i += 1
    guard let (frames, _) = digits(b, &i) else { return nil }
    var subFrames: Int64 = 0
    if i < b.count {
      guard b[i] == 0x2E else { return nil }
      i += 1
      guard let (value, _) = digits(b, &i), i == b.count else { return nil }
      subFrames = value
    }
    let rate = p.effectiveFrameRate
    guard rate.numerator > 0, rate.denominator > 0, p.subFrameRate > 0 else { return nil }
    // §10.3.1: frames count below the (nominal) frame rate, sub-frames below the sub-frame rate.
    guard frames < (p.frameRate ?? 30), subFrames < p.subFrameRate else { return nil }
    var frameCount = frames
    var base = whole
    if p.timeBase == .smpte {
      // SMPTE time code labels: count frames at the nominal rate, less the dropped labels.
      let nominal = p.frameRate ?? 30
      let totalMinutes = hours * 60 + minutes
      let dropped: Int64
      switch p.dropMode {
      case .nonDrop: dropped = 0
      case .dropNTSC: dropped = 2 * (totalMinutes - totalMinutes / 10)
      case .dropPAL: dropped = 4 * (totalMinutes / 2 - totalMinutes / 20)
      }
      guard let labels = multiplyAdd(totalSeconds, nominal, frames - dropped) else { return nil }
      frameCount = labels
      base = .zero
    }
    // (frames + subFrames / subFrameRate) / (numerator / denominator)
    guard let subFrameCount = multiplyAdd(frameCount, p.subFrameRate, subFrames) else {
      return nil
    }
    let frameTime = SubtitleTime(uncheckedNumerator: subFrameCount, denominator: p.subFrameRate)
      .scaled(by: rate.denominator, over: rate.numerator)
    return base + frameTime
  }

  /// `a × b + c`, or `nil` when it does not fit `Int64`.
  private static func multiplyAdd(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64? {
    let (product, o1) = a.multipliedReportingOverflow(by: b)
    let (sum, o2) = product.addingReportingOverflow(c)
    return o1 || o2 ? nil : sum
  }

  private static func offsetTime(_ b: UnsafeBufferPointer<UInt8>, _ p: TTMLTimingParameters)
    -> SubtitleTime?
  {
    var i = 0
    guard let (whole, _) = digits(b, &i) else { return nil }
    var count = SubtitleTime(seconds: whole)
    if i < b.count && b[i] == 0x2E {
      i += 1
      guard let (fraction, digitCount) = digits(b, &i) else { return nil }
      let scale = powerOfTen(digitCount)
      let (scaled, o1) = whole.multipliedReportingOverflow(by: scale)
      let (sum, o2) = scaled.addingReportingOverflow(fraction)
      guard !o1 && !o2 else { return nil }
      count = SubtitleTime(uncheckedNumerator: sum, denominator: scale)
    }
    let first: UInt8 = i < b.count ? b[i] : 0
    let second: UInt8 = i + 1 < b.count ? b[i + 1] : 0
    switch (b.count - i, first, second) {
    case (1, 0x68, _): return count.scaled(by: 3600, over: 1)
    case (1, 0x6D, _): return count.scaled(by: 60, over: 1)
    case (1, 0x73, _): return count
    case (2, 0x6D, 0x73): return count.scaled(by: 1, over: 1000)
    case (1, 0x66, _):
      let rate = p.effectiveFrameRate
      guard rate.numerator > 0 else { return nil }
      return count.scaled(by: rate.denominator, over: rate.numerator)
    case (1, 0x74, _):
      let rate = p.effectiveTickRate
      guard rate.numerator > 0 else { return nil }
      return count.scaled(by: rate.denominator, over: rate.numerator)
    default: return nil
    }
  }

  private static func powerOfTen(_ n: Int) -> Int64 {
    var value: Int64 = 1
    for _ in 0..<min(n, 18) { value *= 10 }
    return value
  }
}
