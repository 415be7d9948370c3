import ManifestCore

/// WebVTT timestamps (W3C WebVTT §4.1 "WebVTT timestamp", §6.2 "collect a WebVTT timestamp"):
/// `[hh+:]mm:ss.ttt`, hours of two or more digits (or one digit, which the parser accepts),
/// minutes and seconds of exactly two digits below 60, exactly three fraction digits.
public enum WebVTTTimestamp {
  /// Parses a timestamp at `bytes[index...]` before `end`, advancing `index` past it; `nil` (and
  /// `index` unspecified) when the bytes are not a timestamp.
  @inlinable
  public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int)
    -> SubtitleTime?
  {
    var i = index
    // First number: hours when it is not exactly two digits or exceeds 59.
    var first: Int64 = 0
    let firstStart = i
    while i < end, bytes[i] &- 0x30 < 10 {
      guard i - firstStart < 15 else { return nil }
      first = first * 10 + Int64(bytes[i] &- 0x30)
      i += 1
    }
    let firstDigits = i - firstStart
    guard firstDigits > 0, i < end, bytes[i] == 0x3A else { return nil }
    let hoursFirst = firstDigits != 2 || first > 59
    i += 1
    guard let second = twoDigits(bytes, i, end) else { return nil }
    i += 2
    var hours: Int64 = 0
    var minutes: Int64
    var seconds: Int64
    if hoursFirst || (i < end && bytes[i] == 0x3A) {
      guard i < end, bytes[i] == 0x3A, let third = twoDigits(bytes, i + 1, end) else { return nil }
      i += 3
      hours = first
      minutes = second
      seconds = third
    } else {
      minutes = first
      seconds = second
    }
    guard i + 4 <= end, bytes[i] == 0x2E
    else { return nil }
    let d0 = bytes[i + 1] &- 0x30
    let d1 = bytes[i + 2] &- 0x30
    let d2 = bytes[i + 3] &- 0x30
    guard d0 < 10, d1 < 10, d2 < 10 else { return nil }
    i += 4
    if i < end && bytes[i] &- 0x30 < 10 { return nil }
    guard minutes < 60, seconds < 60 else { return nil }
    // Hours of up to 15 digits can exceed what milliseconds in Int64 hold: not a timestamp then.
    let (hourMilliseconds, o1) = hours.multipliedReportingOverflow(by: 3_600_000)
    let (ms, o2) = hourMilliseconds.addingReportingOverflow(
      (minutes * 60 + seconds) * 1000 + Int64(d0) * 100 + Int64(d1) * 10 + Int64(d2))
    guard !o1, !o2 else { return nil }
    index = i
    return SubtitleTime(milliseconds: ms)
  }

  /// Parses a whole string as a timestamp.
  public static func parse(_ text: String) -> SubtitleTime? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      var i = 0
      guard let time = parse(buffer, &i, buffer.count), i == buffer.count else { return nil }
      return time
    }
  }

  @inlinable
  static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int) -> Int64? {
    guard i + 2 <= end else { return nil }
    let a = bytes[i] &- 0x30
    let b = bytes[i + 1] &- 0x30
    guard a < 10, b < 10 else { return nil }
    if i + 2 < end && bytes[i + 2] &- 0x30 < 10 { return nil }
    return Int64(a) * 10 + Int64(b)
  }

  /// `hh:mm:ss.ttt` (hours always written, two digits or more), rounded to milliseconds.
  /// Negative times are written as zero.
  public static func format(_ time: SubtitleTime) -> String {
    var out = [UInt8]()
    append(time, to: &out, fractionSeparator: 0x2E)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `hh:mm:ss<separator>ttt` to `out`.
  static func append(_ time: SubtitleTime, to out: inout [UInt8], fractionSeparator: UInt8) {
    let ms = max(time.milliseconds, 0)
    let hours = ms / 3_600_000
    let minutes = ms / 60_000 % 60
    let seconds = ms / 1000 % 60
    let fraction = ms % 1000
    if hours < 10 { out.append(0x30) }
    out += String(hours).utf8
    out.append(0x3A)
    out.append(0x30 + UInt8(minutes / 10))
    out.append(0x30 + UInt8(minutes % 10))
    out.append(0x3A)
    out.append(0x30 + UInt8(seconds / 10))
    out.append(0x30 + UInt8(seconds % 10))
    out.append(fractionSeparator)
    out.append(0x30 + UInt8(fraction / 100))
    out.append(0x30 + UInt8(fraction / 10 % 10))
    out.append(0x30 + UInt8(fraction % 10))
  }
}
