/// Checked arithmetic on HLS sequence numbers, which are decimal-integers from 0 to 2^64 − 1
/// (RFC 8216bis §4.2): a result outside that range, or a distance an `Int` cannot hold, is `nil`
/// for the caller to report, never a trap.
extension UInt64 {
  /// `self + offset` (an offset may be negative), or `nil` outside 0...2^64 − 1.
  package func advanced(checkedBy offset: Int) -> UInt64? {
    if offset >= 0 {
      let (sum, overflow) = addingReportingOverflow(UInt64(offset))
      return overflow ? nil : sum
    }
    let (difference, overflow) = subtractingReportingOverflow(UInt64(offset.magnitude))
    return overflow ? nil : difference
  }

  /// `other - self` as an `Int`, or `nil` when it does not fit.
  package func distance(checkedTo other: UInt64) -> Int? {
    if other >= self {
      let d = other - self
      return d <= UInt64(Int.max) ? Int(d) : nil
    }
    let d = self - other
    return d <= UInt64(Int.max) ? -Int(d) : nil
  }
}
