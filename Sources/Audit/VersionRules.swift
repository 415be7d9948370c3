import HLS

/// EXT-X-VERSION against the features a playlist uses (RFC 8216bis "Protocol Version
/// Compatibility": §7 of RFC 8216, §8 of the current draft).
enum VersionRules {
  static let versionTooLow = AuditRule(
    id: "spec.version-too-low", severity: .error, scope: .any,
    summary: "EXT-X-VERSION (1 when absent) is lower than a feature in the playlist needs; the "
      + "finding names the feature, its line and the version to declare.",
    rationale: "Clients of an older version fail on features they do not know (a "
      + "floating-point EXTINF under version 2 is read as an integer, EXT-X-MAP under 5 is "
      + "ignored).",
    reference: "RFC 8216bis §8 (RFC 8216 §7)")

  static let rules = [versionTooLow]

  /// A feature and the version it needs.
  struct Need {
    var version: Int
    var feature: String
    /// Index in `source.lines`.
    var line: Int
  }

  static func check(_ playlist: Playlist, _ survey: LineSurvey, _ context: inout AuditContext) {
    guard context.isOn(versionTooLow) else { return }
    let needs = Self.needs(playlist, survey, context.source)
    let declared = playlist.version ?? 1
    guard
      let need = needs.max(by: { ($0.version, -$0.line) < ($1.version, -$1.line) }),
      need.version > declared
    else { return }
    let stated =
      playlist.version.map { "EXT-X-VERSION is \($0)" } ?? "there is no EXT-X-VERSION (version 1)"
    let anchor = survey.first(.version) ?? 0
    context.report(
      versionTooLow,
      "\(stated), but \(need.feature) on line \(context.number(need.line)) needs version "
        + "\(need.version): declare EXT-X-VERSION:\(need.version)", line: anchor)
  }

  /// The first line of each version-dependent feature.
  static func needs(_ playlist: Playlist, _ survey: LineSurvey, _ source: PlaylistSource)
    -> [Need]
  {
    var needs: [Need] = []
    func add(_ version: Int, _ feature: String, _ line: Int?) {
      if let line { needs.append(Need(version: version, feature: feature, line: line)) }
    }
    switch playlist {
    case .media(let media):
      add(2, "the IV attribute of EXT-X-KEY", media.keys.first { $0.iv != nil }?.line)
      add(3, "a floating-point EXTINF duration", survey.firstFloatingPointDuration)
      add(4, "EXT-X-BYTERANGE", survey.first(.byteRange))
      add(4, "EXT-X-I-FRAMES-ONLY", survey.first(.iFramesOnly))
      add(5, "EXT-X-KEY METHOD=SAMPLE-AES", media.keys.first { $0.method == .sampleAES }?.line)
      add(
        5, "the KEYFORMAT or KEYFORMATVERSIONS attribute of EXT-X-KEY",
        media.keys.first { $0.keyFormat != nil || $0.keyFormatVersions != nil }?.line)
      if media.iFramesOnly {
        add(5, "EXT-X-MAP in an I-frame playlist", media.maps.first?.line)
      } else {
        add(6, "EXT-X-MAP without EXT-X-I-FRAMES-ONLY", media.maps.first?.line)
      }
      if let skip = media.skip {
        add(9, "EXT-X-SKIP", skip.line)
        if source.attributes(of: source.lines[skip.line])?.contains("RECENTLY-REMOVED-DATERANGES")
          == true
        {
          add(10, "EXT-X-SKIP with RECENTLY-REMOVED-DATERANGES", skip.line)
        }
      }
      addDefinitions(media.definitions, add)
    case .multivariant(let multivariant):
      add(
        7, "an INSTREAM-ID=\"SERVICEn\" rendition",
        multivariant.renditions.first { $0.instreamID?.hasPrefix("SERVICE") == true }?.line)
      let required =
        multivariant.allVariants.first { $0.attributes.contains { $0.name.hasPrefix("REQ-") } }?
        .line
        ?? multivariant.renditions.first {
          $0.attributes.contains { $0.name.hasPrefix("REQ-") }
        }?.line
      add(12, "an attribute whose name starts with REQ-", required)
      addDefinitions(multivariant.definitions, add)
    }
    return needs
  }

  private static func addDefinitions(
    _ definitions: [VariableDefinition], _ add: (Int, String, Int?) -> Void
  ) {
    add(8, "EXT-X-DEFINE", definitions.first?.line)
    add(
      11, "EXT-X-DEFINE with QUERYPARAM",
      definitions.first { $0.source == .queryParameter }?.line)
  }
}
