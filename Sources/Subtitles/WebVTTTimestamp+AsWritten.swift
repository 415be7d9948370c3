extension WebVTTTimestamp {
  /// A timestamp as generators write it when it is not a WebVTT timestamp only for its
  /// fraction: none (`00:01:39`, older ffmpeg and YouTube exports), one or two digits
  /// (`00:01:41.04`), or after a comma as SRT writes it (`00:01:41,040`, an SRT file given a
  /// `WEBVTT` line). The W3C parser ("collect a WebVTT timestamp", §6.2) requires a `.` and
  /// exactly three digits, so browsers drop such a cue. Returns the time, the number of
  /// fraction digits and whether a comma came before them.
  static func parseAsWritten(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int)
    -> (time: SubtitleTime, fractionDigits: Int, comma: Bool)?
  {
    var i = index
    var numbers: [Int64] = []
    while numbers.count < 3 {
      let start = i
      var value: Int64 = 0
      while i < end, bytes[i] &- 0x30 < 10, i - start < 15 {
        value = value * 10 + Int64(bytes[i] &- 0x30)
        i += 1
      }
      guard i > start else { return nil }
      guard numbers.isEmpty || i - start == 2 else { return nil }
      numbers.append(value)
      guard i < end, bytes[i] == 0x3A else { break }
      i += 1
    }
    guard numbers.count >= 2 else { return nil }
    if numbers.count == 2 && !(numbers[0] < 60) { return nil }
    let (hours, minutes, seconds) =
      numbers.count == 3 ? (numbers[0], numbers[1], numbers[2]) : (0, numbers[0], numbers[1])
    guard minutes < 60, seconds < 60 else { return nil }
    var digits = 0
    var milliseconds: Int64 = 0
    let comma = i < end && bytes[i] == 0x2C
    if i < end, bytes[i] == 0x2E || comma {
      i += 1
      while i < end, bytes[i] &- 0x30 < 10 {
        guard digits < 3 else { return nil }
        milliseconds = milliseconds * 10 + Int64(bytes[i] &- 0x30)
        digits += 1
        i += 1
      }
      guard digits > 0 else { return nil }
    }
    for _ in digits..<3 { milliseconds *= 10 }
    let (hourMilliseconds, o1) = hours.multipliedReportingOverflow(by: 3_600_000)
    let (ms, o2) = hourMilliseconds.addingReportingOverflow(
      (minutes * 60 + seconds) * 1000 + milliseconds)
    guard !o1, !o2 else { return nil }
    index = i
    return (SubtitleTime(milliseconds: ms), digits, comma)
  }
}
