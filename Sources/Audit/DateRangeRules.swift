import HLS
import ManifestCore

/// EXT-X-DATERANGE requirements that hold for every date range, ad or not (RFC 8216bis
/// §4.4.5.1). The SCTE-35 mapping rules are ad rules.
enum DateRangeRules {
  static let missingID = AuditRule(
    id: "spec.daterange-missing-id", severity: .error, scope: .media,
    summary: "An EXT-X-DATERANGE has no ID.",
    rationale: "ID is REQUIRED in every EXT-X-DATERANGE; clients key date ranges by it.",
    reference: "RFC 8216bis §4.4.5.1")
  static let missingStartDate = AuditRule(
    id: "spec.daterange-missing-start-date", severity: .error, scope: .media,
    summary: "An EXT-X-DATERANGE has no START-DATE and no earlier tag with its ID had one.",
    rationale: "START-DATE is REQUIRED unless an earlier tag with the same ID gave it; without "
      + "it the range cannot be placed.",
    reference: "RFC 8216bis §4.4.5.1")
  static let invalidRange = AuditRule(
    id: "spec.daterange-invalid-range", severity: .error, scope: .media,
    summary: "END-DATE is before START-DATE, or DURATION or PLANNED-DURATION is negative.",
    rationale: "END-DATE MUST be equal to or later than START-DATE and durations MUST NOT be "
      + "negative.",
    reference: "RFC 8216bis §4.4.5.1")
  static let durationMismatch = AuditRule(
    id: "spec.daterange-duration-mismatch", severity: .error, scope: .media,
    summary: "A date range with START-DATE, END-DATE and DURATION whose END-DATE is not "
      + "START-DATE plus DURATION (to the millisecond).",
    rationale: "END-DATE MUST equal START-DATE plus DURATION when both are present; players "
      + "disagree on which one to believe.",
    reference: "RFC 8216bis §4.4.5.1")
  static let endOnNextInvalid = AuditRule(
    id: "spec.daterange-end-on-next-invalid", severity: .error, scope: .media,
    summary: "END-ON-NEXT=YES without a CLASS, or together with DURATION or END-DATE.",
    rationale: "A range that ends on the next one MUST have a CLASS and MUST NOT state its own "
      + "end.",
    reference: "RFC 8216bis §4.4.5.1")
  static let conflictingAttribute = AuditRule(
    id: "spec.daterange-conflicting-attribute", severity: .error, scope: .media,
    summary: "Two EXT-X-DATERANGE tags with the same ID give the same attribute different "
      + "values.",
    rationale: "Tags with the same ID may add attributes but MUST NOT change one; clients keep "
      + "either value.",
    reference: "RFC 8216bis §4.4.5.1")
  static let cuePreAndPost = AuditRule(
    id: "spec.daterange-cue-pre-and-post", severity: .error, scope: .media,
    summary: "A CUE attribute lists both PRE and POST.",
    rationale: "CUE MUST NOT include both PRE and POST.",
    reference: "RFC 8216bis §4.4.5.1")
  static let withoutProgramDateTime = AuditRule(
    id: "spec.daterange-without-program-date-time", severity: .error, scope: .media,
    summary: "A playlist with EXT-X-DATERANGE has no EXT-X-PROGRAM-DATE-TIME.",
    rationale: "A playlist with a date range MUST have a program date-time, or the range cannot "
      + "be placed on the timeline (players drop it).",
    reference: "RFC 8216bis §4.4.5.1")

  static let rules = [
    missingID, missingStartDate, invalidRange, durationMismatch, endOnNextInvalid,
    conflictingAttribute, cuePreAndPost, withoutProgramDateTime,
  ]

  /// One millisecond: the precision program date-times and date ranges are written with.
  static let dateTolerance = ExactDecimal(significand: 1, scale: 3)

  static func check(_ media: MediaPlaylist, _ survey: LineSurvey, _ context: inout AuditContext) {
    let ranges = media.dateRanges
    guard !ranges.isEmpty, context.anyOn(rules) else { return }
    if survey.programDateTimeCount == 0 {
      context.report(
        withoutProgramDateTime,
        "EXT-X-DATERANGE \"\(ranges[0].id)\" is in a playlist without EXT-X-PROGRAM-DATE-TIME",
        line: ranges[0].line)
    }
    var byID: [String: History] = [:]
    for range in ranges {
      checkOne(range, earlier: byID[range.id] ?? History(), &context)
      if range.attributes.contains("ID") { byID[range.id, default: History()].record(range) }
    }
  }

  /// What the earlier tags with one ID declared, kept so that each tag is checked against them in
  /// time independent of how many there were.
  private struct History {
    /// The first START-DATE given.
    var startDate: DateTime?
    /// Whether any tag gave a CLASS.
    var hasClass = false
    /// Per attribute name, its first value and the first value different from that one, with
    /// their lines. Two are enough: a value the first does not equal contradicts the first, and
    /// one the first equals contradicts the second. Keeping every distinct value made each tag
    /// compare with all earlier ones (10,000 tags of one ID took seconds).
    var values: [String: [(value: String, line: Int)]] = [:]

    mutating func record(_ range: DateRange) {
      if startDate == nil { startDate = range.startDate }
      if range.classIdentifier != nil { hasClass = true }
      for attribute in range.attributes where attribute.name != "ID" {
        guard let first = values[attribute.name]?.first else {
          values[attribute.name] = [(attribute.value, range.line)]
          continue
        }
        if values[attribute.name]?.count == 1 && !sameValue(first.value, attribute.value) {
          values[attribute.name]?.append((attribute.value, range.line))
        }
      }
    }
  }

  private static func checkOne(
    _ range: DateRange, earlier: History, _ context: inout AuditContext
  ) {
    let line = range.line
    let attributes = range.attributes
    guard attributes.contains("ID") else {
      context.report(missingID, "EXT-X-DATERANGE has no ID", line: line)
      return
    }
    let name = "EXT-X-DATERANGE \"\(range.id)\""
    if !attributes.contains("START-DATE") && earlier.startDate == nil {
      context.report(
        missingStartDate, "\(name) has no START-DATE and no earlier tag with its ID has one",
        line: line)
    }
    let startDate = range.startDate ?? earlier.startDate
    if let start = startDate, let end = range.endDate, end < start {
      context.report(
        invalidRange, "\(name) END-DATE \(end) is before START-DATE \(start)", line: line,
        column: context.column(of: "END-DATE", line: line))
    }
    for attribute in ["DURATION", "PLANNED-DURATION"] {
      if let value = attributes[attribute], value.hasPrefix("-") {
        context.report(
          invalidRange, "\(name) \(attribute) is negative (\(value))", line: line,
          column: context.column(of: attribute, line: line))
      }
    }
    if let start = startDate, let end = range.endDate, let duration = range.duration,
      !range.endOnNext
    {
      let expected = start.adding(seconds: duration)
      let difference = end.seconds(since: expected).magnitude
      if difference > dateTolerance {
        context.report(
          durationMismatch,
          "\(name) END-DATE \(end) is not START-DATE \(start) + DURATION \(duration) "
            + "(= \(expected)); they differ by \(difference) s", line: line,
          column: context.column(of: "END-DATE", line: line))
      }
    }
    if range.endOnNext {
      let hasClass = range.classIdentifier != nil || earlier.hasClass
      let stated = ["DURATION", "END-DATE"].filter { attributes.contains($0) }
      if !hasClass {
        context.report(endOnNextInvalid, "\(name) has END-ON-NEXT=YES but no CLASS", line: line)
      } else if !stated.isEmpty {
        context.report(
          endOnNextInvalid,
          "\(name) has END-ON-NEXT=YES and \(stated.joined(separator: " and ")); a range that "
            + "ends on the next one must not state its end", line: line)
      }
    }
    let cues = range.cueValues
    if cues.contains("PRE") && cues.contains("POST") {
      context.report(
        cuePreAndPost, "\(name) CUE=\"\(range.cue ?? "")\" lists both PRE and POST", line: line,
        column: context.column(of: "CUE", line: line))
    }
    checkConflicts(range, name, earlier, &context)
  }

  private static func checkConflicts(
    _ range: DateRange, _ name: String, _ earlier: History, _ context: inout AuditContext
  ) {
    for attribute in range.attributes where attribute.name != "ID" {
      guard
        let previous = earlier.values[attribute.name]?.first(where: {
          !sameValue($0.value, attribute.value)
        })
      else { continue }
      context.report(
        conflictingAttribute,
        "\(name) \(attribute.name)=\(attribute.value) contradicts \(previous.value) on line "
          + "\(context.number(previous.line))", line: range.line, column: attribute.column)
    }
  }

  /// Equal as numbers, as date-times, or as text.
  private static func sameValue(_ a: String, _ b: String) -> Bool {
    if a == b { return true }
    if let x = ExactDecimal(a), let y = ExactDecimal(b) { return x == y }
    if let x = DateTime(a), let y = DateTime(b) { return x == y }
    return false
  }
}
