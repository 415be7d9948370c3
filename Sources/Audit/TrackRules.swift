import HLS
import ManifestCore

/// Rules on the tracks a player offers: the languages, CHARACTERISTICS and INSTREAM-IDs of
/// audio, subtitle and closed-caption renditions (RFC 8216bis §4.4.6.1, Apple's HLS Authoring
/// Specification for Apple Devices).
enum TrackRules {
  static let duplicateLanguage = AuditRule(
    id: "spec.rendition-duplicate-language", severity: .warning, scope: .multivariant,
    summary: "Two renditions of one group have the same LANGUAGE, CHARACTERISTICS and FORCED.",
    rationale: "Players list the tracks of a group by language; two that differ in nothing a "
      + "player shows are offered as one choice, and a language preference picks either.",
    reference: "RFC 8216bis §4.4.6.1.1; HLS Authoring Specification for Apple Devices")
  static let characteristicsType = AuditRule(
    id: "spec.rendition-characteristics-type", severity: .warning, scope: .multivariant,
    summary: "A CHARACTERISTICS value does not suit the rendition's TYPE (such as "
      + "public.accessibility.describes-music-and-sound on AUDIO).",
    rationale: "public.accessibility.describes-video marks an audio description (AUDIO); "
      + "transcribes-spoken-dialog, describes-music-and-sound and public.easy-to-read mark "
      + "text for the deaf and hard of hearing or easy readers (SUBTITLES, CLOSED-CAPTIONS). "
      + "On another TYPE an accessibility menu offers the wrong track.",
    reference: "RFC 8216bis §4.4.6.1; HLS Authoring Specification for Apple Devices")
  static let instreamIDRange = AuditRule(
    id: "spec.instream-id-invalid", severity: .error, scope: .multivariant,
    summary: "A CLOSED-CAPTIONS INSTREAM-ID is not CC1–CC4 or SERVICE1–SERVICE63.",
    rationale: "INSTREAM-ID MUST name a CEA-608 channel (CC1 to CC4) or a CEA-708 service "
      + "(SERVICE1 to SERVICE63); players find no captions for another value.",
    reference: "RFC 8216bis §4.4.6.1")

  static let rules = [duplicateLanguage, characteristicsType, instreamIDRange]

  /// The CHARACTERISTICS values of Apple's authoring specification and the TYPEs they suit.
  static let suitedTypes: [String: Set<String>] = [
    "public.accessibility.describes-video": ["AUDIO"],
    "public.accessibility.transcribes-spoken-dialog": ["SUBTITLES", "CLOSED-CAPTIONS"],
    "public.accessibility.describes-music-and-sound": ["SUBTITLES", "CLOSED-CAPTIONS"],
    "public.easy-to-read": ["SUBTITLES", "CLOSED-CAPTIONS"],
  ]

  static func check(_ playlist: MultivariantPlaylist, _ context: inout AuditContext) {
    guard context.anyOn(rules) else { return }
    var seen: [String: Rendition] = [:]
    for rendition in playlist.renditions {
      checkCharacteristics(rendition, &context)
      if rendition.type == "CLOSED-CAPTIONS", let id = rendition.instreamID,
        !isValidInstreamID(id)
      {
        context.report(
          instreamIDRange,
          "INSTREAM-ID \"\(id)\" is not CC1–CC4 or SERVICE1–SERVICE63", line: rendition.line,
          column: context.column(of: "INSTREAM-ID", line: rendition.line))
      }
      guard rendition.type != "VIDEO", let language = rendition.language else { continue }
      let key = [
        rendition.type, rendition.groupID, language.lowercased(),
        rendition.characteristics ?? "", rendition.forced ? "forced" : "",
      ].joined(separator: "\u{0}")
      if let first = seen[key] {
        context.report(
          duplicateLanguage,
          "\(rendition.type) group \"\(rendition.groupID)\" has LANGUAGE \"\(language)\" twice "
            + "with the same CHARACTERISTICS and FORCED (\"\(first.name)\" on line "
            + "\(context.number(first.line)), \"\(rendition.name)\")", line: rendition.line,
          column: context.column(of: "LANGUAGE", line: rendition.line))
      } else {
        seen[key] = rendition
      }
    }
  }

  private static func checkCharacteristics(_ rendition: Rendition, _ context: inout AuditContext) {
    guard let text = rendition.characteristics else { return }
    for value in text.split(separator: ",") {
      let characteristic = String(value)
      guard let types = suitedTypes[characteristic], !types.contains(rendition.type) else {
        continue
      }
      context.report(
        characteristicsType,
        "CHARACTERISTICS \(characteristic) is for \(types.sorted().joined(separator: " or ")) "
          + "renditions, not TYPE=\(rendition.type)", line: rendition.line,
        column: context.column(of: "CHARACTERISTICS", line: rendition.line))
    }
  }

  /// CC1 to CC4 (CEA-608) or SERVICE1 to SERVICE63 (CEA-708), without leading zeros.
  static func isValidInstreamID(_ id: String) -> Bool {
    func number(after prefix: String) -> Int? {
      guard id.hasPrefix(prefix) else { return nil }
      let digits = id.dropFirst(prefix.count)
      guard let first = digits.first, first != "0", digits.allSatisfy(\.isASCII) else {
        return nil
      }
      return Int(digits)
    }
    if let channel = number(after: "CC") { return (1...4).contains(channel) }
    if let service = number(after: "SERVICE") { return (1...63).contains(service) }
    return false
  }
}
