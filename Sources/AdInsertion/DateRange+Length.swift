import HLS
import ManifestCore

extension DateRange {
  /// DURATION, else END-DATE − START-DATE; `nil` when neither is given or END-DATE is earlier
  /// than START-DATE, which the HLS parser reports and which ends nothing (RFC 8216bis §4.4.5.1:
  /// END-DATE MUST be equal to or later than START-DATE).
  func length(from start: DateTime) -> ExactDecimal? {
    if let duration { return duration }
    guard let seconds = endDate?.seconds(since: start), seconds >= .zero else { return nil }
    return seconds
  }
}
