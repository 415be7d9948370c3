import HLS
import ManifestCore

/// Rules on a multivariant playlist's variants and renditions (RFC 8216bis §4.4.6).
enum VariantRules {
  static let missingBandwidth = AuditRule(
    id: "spec.variant-missing-bandwidth", severity: .error, scope: .multivariant,
    summary: "An EXT-X-STREAM-INF or EXT-X-I-FRAME-STREAM-INF has no BANDWIDTH.",
    rationale: "BANDWIDTH is REQUIRED; players choose variants by it.",
    reference: "RFC 8216bis §4.4.6.2")
  static let missingCodecs = AuditRule(
    id: "spec.variant-missing-codecs", severity: .warning, scope: .multivariant,
    summary: "A variant stream has no CODECS.",
    rationale: "Every EXT-X-STREAM-INF SHOULD have CODECS; without it a player must download "
      + "media to learn whether it can play the variant.",
    reference: "RFC 8216bis §4.4.6.2")
  static let missingResolution = AuditRule(
    id: "spec.variant-missing-resolution", severity: .warning, scope: .multivariant,
    summary: "A variant whose CODECS name a video codec has no RESOLUTION.",
    rationale: "RESOLUTION is recommended for video; players cap variants to the screen size "
      + "with it.",
    reference: "RFC 8216bis §4.4.6.2")
  static let averageAboveBandwidth = AuditRule(
    id: "spec.average-bandwidth-exceeds-bandwidth", severity: .warning, scope: .multivariant,
    summary: "AVERAGE-BANDWIDTH is above BANDWIDTH (the peak).",
    rationale: "An average cannot exceed the peak; one of the two is wrong and adaptive bit-rate "
      + "choices made from it are too.",
    reference: "RFC 8216bis §4.4.6.2")
  static let renditionGroupMissing = AuditRule(
    id: "spec.rendition-group-missing", severity: .error, scope: .multivariant,
    summary: "A variant's AUDIO, VIDEO, SUBTITLES or CLOSED-CAPTIONS group has no EXT-X-MEDIA "
      + "of that TYPE.",
    rationale: "The group id MUST match an EXT-X-MEDIA GROUP-ID of the same TYPE; players fail "
      + "to load the variant or play it without the rendition.",
    reference: "RFC 8216bis §4.4.6.2")
  static let duplicateVariant = AuditRule(
    id: "spec.duplicate-variant", severity: .warning, scope: .multivariant,
    summary: "Two variant streams have the same URI and the same rendition groups.",
    rationale: "A repeated variant is a packaging bug; it skews adaptive bit-rate choices.",
    reference: "RFC 8216bis §4.4.6.2")
  static let duplicateRenditionName = AuditRule(
    id: "spec.rendition-duplicate-name", severity: .error, scope: .multivariant,
    summary: "Two EXT-X-MEDIA tags of one group have the same NAME.",
    rationale: "Members of a group MUST have different NAMEs; players show them as one choice.",
    reference: "RFC 8216bis §4.4.6.1.1")
  static let multipleDefaults = AuditRule(
    id: "spec.rendition-multiple-defaults", severity: .error, scope: .multivariant,
    summary: "A rendition group has more than one member with DEFAULT=YES.",
    rationale: "A group MUST NOT have more than one default; players pick either.",
    reference: "RFC 8216bis §4.4.6.1.1")
  static let closedCaptionsNoneMixed = AuditRule(
    id: "spec.closed-captions-none-inconsistent", severity: .error, scope: .multivariant,
    summary: "Some EXT-X-STREAM-INF tags have CLOSED-CAPTIONS=NONE and others do not.",
    rationale: "When one variant says NONE all MUST; captions that come and go while switching "
      + "variants confuse players.",
    reference: "RFC 8216bis §4.4.6.2")
  static let duplicateSessionData = AuditRule(
    id: "spec.duplicate-session-data", severity: .error, scope: .multivariant,
    summary: "Two EXT-X-SESSION-DATA tags have the same DATA-ID and LANGUAGE.",
    rationale: "A playlist MUST NOT repeat a DATA-ID for the same language.",
    reference: "RFC 8216bis §4.4.6.4")
  static let steeringPathwayUnknown = AuditRule(
    id: "spec.steering-pathway-unknown", severity: .error, scope: .multivariant,
    summary: "EXT-X-CONTENT-STEERING names a PATHWAY-ID that no variant stream has.",
    rationale: "The initial pathway MUST be one the variants use, or steering clients start "
      + "with no playable variant.",
    reference: "RFC 8216bis §4.4.6.6")

  static let rules = [
    missingBandwidth, missingCodecs, missingResolution, averageAboveBandwidth,
    renditionGroupMissing, duplicateVariant, duplicateRenditionName, multipleDefaults,
    closedCaptionsNoneMixed, duplicateSessionData, steeringPathwayUnknown,
  ]

  /// CODECS prefixes of video formats (RFC 6381 sample entries).
  static let videoCodecs = [
    "avc1", "avc3", "hvc1", "hev1", "dvh1", "dvhe", "dva1", "dvav", "av01", "vp09", "vp08",
    "mp4v", "vvc1", "vvi1",
  ]

  static func check(_ playlist: MultivariantPlaylist, _ context: inout AuditContext) {
    guard context.anyOn(rules) else { return }
    // Every declared [TYPE, GROUP-ID], gathered once: a scan of the renditions per variant is
    // quadratic (20,000 groups took seconds).
    let declared = Set(playlist.renditions.map { [$0.type, $0.groupID] })
    for variant in playlist.allVariants where variant.kind != .image {
      checkVariant(variant, declared, &context)
    }
    checkDuplicateVariants(playlist, &context)
    checkGroups(playlist, &context)
    let media = playlist.variants
    if let none = media.first(where: { $0.closedCaptions == "NONE" }) {
      for variant in media where variant.closedCaptions != "NONE" {
        context.report(
          closedCaptionsNoneMixed,
          "this variant has CLOSED-CAPTIONS=\(variant.closedCaptions.map { "\"\($0)\"" } ?? "absent")"
            + " but the variant on line \(context.number(none.line)) has NONE; all must be NONE",
          line: variant.line)
      }
    }
    var sessionData: [String: SessionData] = [:]
    for data in playlist.sessionData {
      let key = data.dataID + "\u{0}" + (data.language ?? "")
      if let first = sessionData[key] {
        context.report(
          duplicateSessionData,
          "EXT-X-SESSION-DATA DATA-ID \"\(data.dataID)\"\(data.language.map { " LANGUAGE \"\($0)\"" } ?? "")"
            + " repeats line \(context.number(first.line))", line: data.line)
      } else {
        sessionData[key] = data
      }
    }
    if let steering = playlist.contentSteering, let pathway = steering.pathwayID,
      !playlist.allVariants.contains(where: { ($0.pathwayID ?? ".") == pathway })
    {
      let known = Set(playlist.allVariants.map { $0.pathwayID ?? "." }).sorted()
      context.report(
        steeringPathwayUnknown,
        "EXT-X-CONTENT-STEERING PATHWAY-ID \"\(pathway)\" is not a variant's pathway "
          + "(variants use \(known.map { "\"\($0)\"" }.joined(separator: ", ")))",
        line: steering.line, column: context.column(of: "PATHWAY-ID", line: steering.line))
    }
  }

  private static func checkVariant(
    _ variant: VariantStream, _ declared: Set<[String]>, _ context: inout AuditContext
  ) {
    let tag = variant.kind == .media ? "EXT-X-STREAM-INF" : "EXT-X-I-FRAME-STREAM-INF"
    let attributes = variant.attributes
    if !attributes.contains("BANDWIDTH") {
      context.report(missingBandwidth, "\(tag) has no BANDWIDTH", line: variant.line)
    }
    if variant.codecs == nil {
      context.report(missingCodecs, "\(tag) has no CODECS", line: variant.line)
    } else if variant.resolution == nil,
      let video = variant.codecList.first(where: { codec in
        videoCodecs.contains { codec.hasPrefix($0) }
      })
    {
      context.report(
        missingResolution, "\(tag) has video codec \(video) but no RESOLUTION", line: variant.line)
    }
    if let average = variant.averageBandwidth, attributes.contains("BANDWIDTH"),
      average > variant.bandwidth
    {
      context.report(
        averageAboveBandwidth,
        "AVERAGE-BANDWIDTH \(average) is above BANDWIDTH \(variant.bandwidth)", line: variant.line,
        column: context.column(of: "AVERAGE-BANDWIDTH", line: variant.line))
    }
    let groups: [(String, String?)] = [
      ("AUDIO", variant.audio), ("VIDEO", variant.video), ("SUBTITLES", variant.subtitles),
      ("CLOSED-CAPTIONS", variant.closedCaptions),
    ]
    for (type, id) in groups {
      guard let id, !(type == "CLOSED-CAPTIONS" && id == "NONE") else { continue }
      if !declared.contains([type, id]) {
        context.report(
          renditionGroupMissing,
          "\(type)=\"\(id)\" names no EXT-X-MEDIA with TYPE=\(type) and GROUP-ID=\"\(id)\"",
          line: variant.line, column: context.column(of: type, line: variant.line))
      }
    }
  }

  private static func checkDuplicateVariants(
    _ playlist: MultivariantPlaylist, _ context: inout AuditContext
  ) {
    var seen: [[String?]: VariantStream] = [:]
    for variant in playlist.allVariants {
      let key: [String?] = [
        "\(variant.kind)", variant.uri, variant.audio, variant.video, variant.subtitles,
        variant.closedCaptions, variant.pathwayID,
      ]
      if let first = seen[key] {
        context.report(
          duplicateVariant,
          "variant '\(variant.uri)' repeats the variant on line \(context.number(first.line)) "
            + "with the same rendition groups", line: variant.line)
      } else {
        seen[key] = variant
      }
    }
  }

  private static func checkGroups(_ playlist: MultivariantPlaylist, _ context: inout AuditContext) {
    var names: [String: Rendition] = [:]
    var defaults: [String: Rendition] = [:]
    for rendition in playlist.renditions {
      let group = rendition.type + "\u{0}" + rendition.groupID
      let described = "\(rendition.type) group \"\(rendition.groupID)\""
      if let first = names[group + "\u{0}" + rendition.name] {
        context.report(
          duplicateRenditionName,
          "\(described) has NAME \"\(rendition.name)\" twice (first on line "
            + "\(context.number(first.line)))", line: rendition.line,
          column: context.column(of: "NAME", line: rendition.line))
      } else {
        names[group + "\u{0}" + rendition.name] = rendition
      }
      guard rendition.isDefault else { continue }
      if let first = defaults[group] {
        context.report(
          multipleDefaults,
          "\(described) has a second DEFAULT=YES member \"\(rendition.name)\" (the first is "
            + "\"\(first.name)\" on line \(context.number(first.line)))", line: rendition.line,
          column: context.column(of: "DEFAULT", line: rendition.line))
      } else {
        defaults[group] = rendition
      }
    }
  }
}
