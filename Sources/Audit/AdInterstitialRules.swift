import AdInsertion
import HLS
import ManifestCore

/// HLS Interstitials (EXT-X-DATERANGE `CLASS="com.apple.hls.interstitial"`, RFC 8216bis
/// Appendix D, Apple's "HLS Interstitials"): the asset, the enumerated values and the times
/// players act on. PROGRAM-DATE-TIME and CUE=PRE with POST are the date-range rules'
/// (`spec.daterange-without-program-date-time`, `spec.daterange-cue-pre-and-post`).
enum AdInterstitialRules {
  static let asset = AuditRule(
    id: "ads.interstitial-asset", severity: .error, scope: .media,
    summary: "An interstitial with neither X-ASSET-URI nor X-ASSET-LIST, or with both.",
    rationale: "An interstitial MUST name exactly one of an asset (X-ASSET-URI) or a JSON asset "
      + "list (X-ASSET-LIST); players skip one without, and disagree on which to take with both.",
    reference: "RFC 8216bis Appendix D.2 (X-ASSET-URI, X-ASSET-LIST)")
  static let assetListPlaylist = AuditRule(
    id: "ads.interstitial-asset-list-playlist", severity: .warning, scope: .media,
    summary: "An X-ASSET-LIST whose URI names a playlist (`.m3u8`, `.m3u`) rather than a JSON "
      + "asset list.",
    rationale: "X-ASSET-LIST is a JSON object with an ASSETS array; a playlist there is an "
      + "X-ASSET-URI put in the wrong attribute, and the player fails to parse it.",
    reference: "RFC 8216bis Appendix D.2 (X-ASSET-LIST)")
  static let cueValue = AuditRule(
    id: "ads.interstitial-cue-value", severity: .error, scope: .media,
    summary: "An interstitial CUE value other than PRE, POST and ONCE (or one listed twice).",
    rationale: "CUE is an enumerated-string-list of PRE, POST and ONCE; players ignore the "
      + "unknown value and schedule the interstitial by START-DATE instead.",
    reference: "RFC 8216bis §4.4.5.1 (CUE), Appendix D.2")
  static let snapValue = AuditRule(
    id: "ads.interstitial-snap-value", severity: .error, scope: .media,
    summary: "An X-SNAP value other than OUT and IN.",
    rationale: "X-SNAP is an enumerated-string-list of OUT and IN; an unknown value snaps "
      + "nothing and the interstitial starts or ends mid-segment.",
    reference: "RFC 8216bis Appendix D.2 (X-SNAP)")
  static let restrictValue = AuditRule(
    id: "ads.interstitial-restrict-value", severity: .error, scope: .media,
    summary: "An X-RESTRICT value other than SKIP and JUMP.",
    rationale: "X-RESTRICT is an enumerated-string-list of SKIP and JUMP; an unknown value "
      + "(`SEEK`, say) restricts nothing, so viewers can skip a break meant to be watched.",
    reference: "RFC 8216bis Appendix D.2 (X-RESTRICT)")
  static let timelineValue = AuditRule(
    id: "ads.interstitial-timeline-value", severity: .error, scope: .media,
    summary: "X-TIMELINE-OCCUPIES other than POINT or RANGE, X-TIMELINE-STYLE other than "
      + "HIGHLIGHT or PRIMARY, or X-CONTENT-MAY-VARY other than YES or NO.",
    rationale: "The values are enumerated strings; an unknown one is ignored and the player "
      + "falls back to the default presentation.",
    reference: "RFC 8216bis Appendix D.2 (X-TIMELINE-OCCUPIES, X-TIMELINE-STYLE, "
      + "X-CONTENT-MAY-VARY)")
  static let timeInvalid = AuditRule(
    id: "ads.interstitial-time-invalid", severity: .error, scope: .media,
    summary: "X-RESUME-OFFSET, X-PLAYOUT-LIMIT, X-SKIP-CONTROL-OFFSET or "
      + "X-SKIP-CONTROL-DURATION that is not a non-negative decimal number of seconds.",
    rationale: "The values are decimal-floating-point seconds; a negative or unreadable one is "
      + "dropped, so primary playback resumes at the wrong place or the ad plays unbounded.",
    reference: "RFC 8216bis Appendix D.2, D.3")
  static let idReused = AuditRule(
    id: "ads.interstitial-id-reused", severity: .error, scope: .media,
    summary: "An EXT-X-DATERANGE with an interstitial's ID that is another date range: another "
      + "START-DATE, or SCTE-35 attributes (an ad marker reusing the interstitial's ID).",
    rationale: "An ID identifies one date range of one CLASS; a tag reusing it is read as an "
      + "update of the interstitial, so the other range is lost or the two are merged.",
    reference: "RFC 8216bis §4.4.5.1 (ID, CLASS)")

  static let rules = [
    asset, assetListPlaylist, cueValue, snapValue, restrictValue, timelineValue, timeInvalid,
    idReused,
  ]

  static func check(_ media: MediaPlaylist, _ context: inout AuditContext) {
    guard context.anyOn(rules) else { return }
    var interstitials: [String: DateRange] = [:]
    for range in media.dateRanges {
      if let first = interstitials[range.id] {
        checkReuse(range, of: first, &context)
        continue
      }
      guard range.isInterstitial else { continue }
      interstitials[range.id] = range
      checkOne(range, &context)
    }
  }

  private static func checkOne(_ range: DateRange, _ context: inout AuditContext) {
    let name = "interstitial \"\(range.id)\""
    let line = range.line
    switch (range.assetURI, range.assetList) {
    case (nil, nil):
      context.report(asset, "\(name) has neither X-ASSET-URI nor X-ASSET-LIST", line: line)
    case (_?, _?):
      context.report(
        asset, "\(name) has both X-ASSET-URI and X-ASSET-LIST", line: line,
        column: context.column(of: "X-ASSET-LIST", line: line))
    case (nil, let list?) where namesPlaylist(list):
      context.report(
        assetListPlaylist,
        "\(name) X-ASSET-LIST \"\(list)\" names a playlist, not a JSON asset list (use "
          + "X-ASSET-URI for one asset)", line: line,
        column: context.column(of: "X-ASSET-LIST", line: line))
    default: break
    }
    let enumerations: [(AuditRule, String, [String])] = [
      (cueValue, "CUE", ["PRE", "POST", "ONCE"]),
      (snapValue, "X-SNAP", ["OUT", "IN"]),
      (restrictValue, "X-RESTRICT", ["SKIP", "JUMP"]),
    ]
    for (rule, attribute, allowed) in enumerations {
      guard let text = range.attributes[attribute] else { continue }
      let values = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      let unknown = values.filter { !allowed.contains($0) }
      var seen = Set<String>()
      let repeated = Set(values.filter { !seen.insert($0).inserted })
      guard !unknown.isEmpty || !repeated.isEmpty else { continue }
      let problem =
        unknown.isEmpty
        ? "lists \(repeated.sorted().joined(separator: ", ")) more than once"
        : "has \(unknown.map { "'\($0)'" }.joined(separator: ", ")), not one of "
          + allowed.joined(separator: ", ")
      context.report(
        rule, "\(name) \(attribute)=\"\(text)\" \(problem)", line: line,
        column: context.column(of: attribute, line: line))
    }
    let choices: [(String, [String])] = [
      ("X-TIMELINE-OCCUPIES", ["POINT", "RANGE"]), ("X-TIMELINE-STYLE", ["HIGHLIGHT", "PRIMARY"]),
      ("X-CONTENT-MAY-VARY", ["YES", "NO"]),
    ]
    for (attribute, allowed) in choices {
      guard let value = range.attributes[attribute], !allowed.contains(value) else { continue }
      context.report(
        timelineValue,
        "\(name) \(attribute)=\"\(value)\" is not \(allowed.joined(separator: " or "))",
        line: line, column: context.column(of: attribute, line: line))
    }
    for attribute in [
      "X-RESUME-OFFSET", "X-PLAYOUT-LIMIT", "X-SKIP-CONTROL-OFFSET", "X-SKIP-CONTROL-DURATION",
    ] {
      guard let value = range.attributes[attribute], !isSeconds(value) else { continue }
      context.report(
        timeInvalid,
        "\(name) \(attribute)=\(value) is not a non-negative decimal number of seconds",
        line: line, column: context.column(of: attribute, line: line))
    }
  }

  private static func checkReuse(
    _ range: DateRange, of first: DateRange, _ context: inout AuditContext
  ) {
    let line = range.line
    let name = "EXT-X-DATERANGE \"\(range.id)\" on line \(context.number(line))"
    let firstLine = context.number(first.line)
    if let scte35 = ["SCTE35-OUT", "SCTE35-IN", "SCTE35-CMD"].first(where: {
      range.attributes.contains($0)
    }) {
      context.report(
        idReused,
        "\(name) has \(scte35) but reuses the ID of the interstitial on line \(firstLine)",
        line: line, column: context.column(of: scte35, line: line))
    } else if let date = range.startDate, let original = first.startDate, date != original {
      context.report(
        idReused,
        "\(name) starts at \(date) but reuses the ID of the interstitial on line \(firstLine), "
          + "which starts at \(original)", line: line,
        column: context.column(of: "START-DATE", line: line))
    }
  }

  /// True when the URI's path (before `?` or `#`) ends in `.m3u8` or `.m3u`, any case.
  static func namesPlaylist(_ uri: String) -> Bool {
    let path = uri.prefix { $0 != "?" && $0 != "#" }.lowercased()
    return path.hasSuffix(".m3u8") || path.hasSuffix(".m3u")
  }

  /// A non-negative decimal (`0`, `30`, `30.000`).
  private static func isSeconds(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard let first = bytes.first, first >= 0x30 && first <= 0x39 else { return false }
    return ExactDecimal.parse(bytes, 0..<bytes.count) != nil
  }
}
