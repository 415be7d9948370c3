import ManifestCore

/// Something a `LiveReloadTracker` saw in one reload of one variant (docs/live.md). Its JSON
/// Lines form (`jsonValue`, docs/schemas/live-event.schema.json) and its text form (`text`) are
/// stable.
public struct LiveEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: Sendable, Hashable {
    /// Segments `first...last` appeared at the end of the playlist; `missed` more before them
    /// were never listed in a reload the tracker saw.
    case segmentsAdded(count: Int, first: UInt64, last: UInt64, missed: UInt64)
    /// A new segment follows an EXT-X-DISCONTINUITY.
    case discontinuity(mediaSequence: UInt64, discontinuitySequence: UInt64)
    /// A new segment is encrypted differently from the one before it (EXT-X-KEY).
    case keyChange(mediaSequence: UInt64, method: String, uri: String?)
    /// An ad break appeared, by its stable id (`AdBreak.id`).
    case adBreakStarted(id: String, mediaSequence: UInt64, plannedDuration: ExactDecimal?)
    /// An ad break closed, after `duration` seconds of media.
    case adBreakEnded(id: String, duration: ExactDecimal)
    /// An open ad break disappeared while its first segment is still listed: withdrawn.
    case adBreakCancelled(id: String)
    /// EXT-X-ENDLIST appeared: the variant will not change any more.
    case ended
    /// A problem, by rule.
    case problem(rule: LiveRule, message: String, mediaSequence: UInt64?)
  }

  /// The wall-clock time of the reload (or of the check) that showed it.
  public var time: DateTime
  /// The variant (media playlist URI).
  public var variant: String
  /// The rendition that media playlist is, when it is one (not a variant).
  public var rendition: LiveRendition?
  /// What happened.
  public var kind: Kind

  /// Creates an event.
  public init(time: DateTime, variant: String, rendition: LiveRendition? = nil, kind: Kind) {
    self.time = time
    self.variant = variant
    self.rendition = rendition
    self.kind = kind
  }

  /// True for a problem.
  public var isProblem: Bool {
    if case .problem = kind { return true }
    return false
  }

  /// The event's name in JSON (`event`) and text.
  public var name: String {
    switch kind {
    case .segmentsAdded: "segments-added"
    case .discontinuity: "discontinuity"
    case .keyChange: "key-change"
    case .adBreakStarted: "ad-break-started"
    case .adBreakEnded: "ad-break-ended"
    case .adBreakCancelled: "ad-break-cancelled"
    case .ended: "ended"
    case .problem: "problem"
    }
  }

  /// One JSON Lines record: `{"time","variant","rendition"?,"event", …fields of the kind}`.
  public var jsonValue: JSONValue {
    var fields: [(String, JSONValue)] = [
      ("time", .string(time.description)), ("variant", .string(variant)),
    ]
    if let rendition { fields.append(("rendition", rendition.jsonValue)) }
    fields.append(("event", .string(name)))
    switch kind {
    case .segmentsAdded(let count, let first, let last, let missed):
      fields += [
        ("count", JSONValue(count)), ("first", JSONValue(first)), ("last", JSONValue(last)),
        ("missed", JSONValue(missed)),
      ]
    case .discontinuity(let msn, let sequence):
      fields += [("mediaSequence", JSONValue(msn)), ("discontinuitySequence", JSONValue(sequence))]
    case .keyChange(let msn, let method, let uri):
      fields += [
        ("mediaSequence", JSONValue(msn)), ("method", .string(method)), ("uri", JSONValue(uri)),
      ]
    case .adBreakStarted(let id, let msn, let planned):
      fields += [
        ("id", .string(id)), ("mediaSequence", JSONValue(msn)),
        ("plannedDuration", JSONValue(planned)),
      ]
    case .adBreakEnded(let id, let duration):
      fields += [("id", .string(id)), ("duration", .decimal(duration))]
    case .adBreakCancelled(let id): fields.append(("id", .string(id)))
    case .ended: break
    case .problem(let rule, let message, let msn):
      fields += [
        ("rule", .string(rule.rawValue)), ("message", .string(message)),
        ("mediaSequence", JSONValue(msn)),
      ]
    }
    return .object(fields)
  }

  /// One line for a human, control characters escaped:
  /// `2026-12-02T10:00:04.000Z  v720.m3u8  ad-break-started SCTE35-4300 at 1004, planned 6 s`;
  /// a rendition follows its URI: `audio/en.m3u8 (AUDIO aac/English)`.
  public var text: String {
    let detail: String
    switch kind {
    case .segmentsAdded(let count, let first, let last, let missed):
      detail = "\(count) (\(first)-\(last))" + (missed > 0 ? ", \(missed) missed" : "")
    case .discontinuity(let msn, let sequence):
      detail = "before \(msn) (discontinuity sequence \(sequence))"
    case .keyChange(let msn, let method, let uri):
      detail = "at \(msn): \(method)" + (uri.map { " \($0)" } ?? "")
    case .adBreakStarted(let id, let msn, let planned):
      detail = "\(id) at \(msn)" + (planned.map { ", planned \($0) s" } ?? "")
    case .adBreakEnded(let id, let duration): detail = "\(id) after \(duration) s"
    case .adBreakCancelled(let id): detail = id
    case .ended: detail = "EXT-X-ENDLIST"
    case .problem(let rule, let message, _): detail = "[\(rule.rawValue)] \(message)"
    }
    let source = rendition.map { "\(variant) (\($0.label))" } ?? variant
    return TextEscaping.escapingControlCharacters("\(time)  \(source)  \(name) \(detail)")
  }
}
