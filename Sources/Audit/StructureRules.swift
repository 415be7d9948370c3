import HLS
import ManifestCore

/// Rules on the shape of any playlist: the header line, a byte-order mark, tags of the other
/// playlist kind, tags that must appear once, the placement of the sequence tags.
enum StructureRules {
  static let byteOrderMark = AuditRule(
    id: "spec.byte-order-mark", severity: .error, scope: .any,
    summary: "The file starts with a UTF-8 byte-order mark.",
    rationale: "Playlists MUST NOT contain a BOM and clients SHOULD fail to parse one that does.",
    reference: "RFC 8216bis §4.1")
  static let extm3uNotFirst = AuditRule(
    id: "spec.extm3u-not-first", severity: .error, scope: .any,
    summary: "The first line has text after #EXTM3U, or #EXTM3U appears again further down "
      + "(two playlists concatenated).",
    rationale: "#EXTM3U MUST be the first line; strict clients reject anything else, and a "
      + "second #EXTM3U means two playlists were glued together.",
    reference: "RFC 8216bis §4.4.1.1")
  static let wrongPlaylistKind = AuditRule(
    id: "spec.wrong-playlist-kind", severity: .error, scope: .any,
    summary: "A media playlist or media segment tag in a multivariant playlist, or a "
      + "multivariant playlist tag in a media playlist.",
    rationale: "Clients MUST fail to parse a playlist that mixes the two kinds.",
    reference: "RFC 8216bis §4.4.3, §4.4.4, §4.4.6")
  static let duplicateTag = AuditRule(
    id: "spec.duplicate-tag", severity: .error, scope: .any,
    summary: "A tag that may appear once (EXT-X-VERSION, EXT-X-TARGETDURATION, "
      + "EXT-X-MEDIA-SEQUENCE, EXT-X-START, EXT-X-SERVER-CONTROL, …) appears again.",
    rationale: "Clients MUST fail to parse a playlist with two EXT-X-VERSION or two of a "
      + "§4.4.2 tag, and the two values of a media playlist tag contradict each other.",
    reference: "RFC 8216bis §4.4.1.2, §4.4.2, §4.4.3, §4.4.5.2, §4.4.6.6")
  static let sequenceTagMisplaced = AuditRule(
    id: "spec.sequence-tag-misplaced", severity: .error, scope: .media,
    summary: "EXT-X-MEDIA-SEQUENCE or EXT-X-DISCONTINUITY-SEQUENCE after the first segment, or "
      + "EXT-X-DISCONTINUITY-SEQUENCE after an EXT-X-DISCONTINUITY.",
    rationale: "Both MUST come before the first segment (and the discontinuity sequence before "
      + "any discontinuity); a late one renumbers segments a client already counted.",
    reference: "RFC 8216bis §4.4.3.2, §4.4.3.3")

  static let rules = [
    byteOrderMark, extm3uNotFirst, wrongPlaylistKind, duplicateTag, sequenceTagMisplaced,
  ]

  static func check(_ playlist: Playlist, _ survey: LineSurvey, _ context: inout AuditContext) {
    let source = context.source
    if source.hasByteOrderMark {
      context.report(
        byteOrderMark, "the file starts with a UTF-8 byte-order mark (EF BB BF)", line: 0)
    }
    checkHeader(source, survey, &context)
    let kind = playlist.multivariant != nil ? "a multivariant" : "a media"
    let tagKind = playlist.multivariant != nil ? "media playlist" : "multivariant playlist"
    for index in survey.wrongKindTags {
      context.report(
        wrongPlaylistKind,
        "\(source.lines[index].tag.spelling) is a \(tagKind) tag in \(kind) playlist",
        line: index)
    }
    for (index, first) in survey.repeats {
      let tag = source.lines[index].tag.spelling
      context.report(
        duplicateTag,
        "\(tag) appears again (first on line \(context.number(first))); it may appear once",
        line: index)
    }
    for index in survey.misplacedSequenceTags {
      let line = source.lines[index]
      let reason =
        line.segmentIndex > 0
        ? "after the first segment" : "after an EXT-X-DISCONTINUITY"
      context.report(
        sequenceTagMisplaced,
        "\(line.tag.spelling) appears \(reason); it must come before the first segment",
        line: index)
    }
  }

  private static func checkHeader(
    _ source: PlaylistSource, _ survey: LineSurvey, _ context: inout AuditContext
  ) {
    guard context.isOn(extm3uNotFirst), let first = source.lines.first else { return }
    let bytes = source.bytes
    let range = first.range
    if range.count > 7 {
      let extra = ASCII.trimmed(bytes, (range.lowerBound + 7)..<range.upperBound)
      if !extra.isEmpty {
        context.report(
          extm3uNotFirst,
          "the first line has text after #EXTM3U: '"
            + ASCII.string(bytes, extra) + "'", line: 0,
          column: extra.lowerBound - range.lowerBound + 1)
      }
    }
    for index in survey.repeatedHeaders {
      context.report(
        extm3uNotFirst,
        "#EXTM3U appears again on line \(context.number(index)): two playlists concatenated?",
        line: index)
    }
  }
}
