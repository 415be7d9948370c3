import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool tracks [--language RANGE[,RANGE]] [--json] [FILE]`: the audio, subtitle and
/// closed-caption renditions of a multivariant playlist and the variants that use each.
let tracksCommand = CommandSpec(
  name: "tracks", summary: "list the audio, subtitle and closed-caption tracks",
  discussion: """
    One line per EXT-X-MEDIA rendition of TYPE AUDIO, SUBTITLES or CLOSED-CAPTIONS, in playlist
    order: type, group, name, language, assoc-language, DEFAULT/AUTOSELECT/FORCED, channels,
    characteristics, INSTREAM-ID and how many variants use it (--json: every field, and the
    variants' URIs). --language keeps the tracks whose LANGUAGE a BCP 47 range matches
    (RFC 4647 basic filtering, case ignored: en matches en-US and en-GB, not eng); matching
    nothing exits 1.
    """,
  options: [
    VariantFilterOptions.languageOption,
    .flag("--json", "print {\"tracks\":[…]} (docs/schemas/tracks.schema.json)"),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "tracks", io: io) }
  let languages: [LanguageRange]
  do throws(UsageError) {
    languages = try VariantFilterOptions.languages(arguments)
  } catch {
    return PlaylistInput.usageError(error.message, code: error.code, command: "tracks", io: io)
  }
  guard let loaded = PlaylistInput.load(path, io: io) else { return ExitStatus.failure }
  guard case .multivariant(let multivariant) = loaded.playlist else {
    io.errorLine(
      "\(loaded.document.name):1:1: error: a media playlist has no renditions to list "
        + "[\(ToolDiagnosticCode.variantsMediaPlaylist.rawValue)]")
    return ExitStatus.failure
  }
  let tracks = multivariant.tracks(languages: languages)
  if tracks.isEmpty && !languages.isEmpty {
    let offered = multivariant.tracks().compactMap(\.rendition.language)
    var unique: [String] = []
    for language in offered where !unique.contains(language) { unique.append(language) }
    io.errorLine(
      "\(loaded.document.name):1:1: error: no track matches --language "
        + languages.map(\.text).joined(separator: ",") + "; the tracks have "
        + (unique.isEmpty ? "no LANGUAGE" : unique.joined(separator: ", "))
        + " [\(ToolDiagnosticCode.tracksNoMatch.rawValue)]")
    return ExitStatus.checkFailed
  }
  if arguments.flag("--json") {
    let value = JSONValue.object([("tracks", .array(tracks.map(trackJSON)))])
    io.writeJSONLine(value)
  } else {
    var table = TextTable(header: [
      "TYPE", "GROUP", "NAME", "LANGUAGE", "ASSOC", "FLAGS", "CHANNELS", "CHARACTERISTICS",
      "INSTREAM-ID", "VARIANTS",
    ])
    for track in tracks {
      let r = track.rendition
      var flags: [String] = []
      if r.isDefault { flags.append("default") }
      if r.autoselect { flags.append("autoselect") }
      if r.forced { flags.append("forced") }
      table.rows.append([
        r.type, r.groupID, r.name, r.language ?? "-", r.associatedLanguage ?? "-",
        flags.isEmpty ? "-" : flags.joined(separator: ","), r.channels ?? "-",
        r.characteristics ?? "-", r.instreamID ?? "-", "\(track.variants.count)",
      ])
    }
    for line in table.lines { io.writeLine(TextEscaping.escapingControlCharacters(line)) }
  }
  return ExitStatus.success
}

/// The contract's `tracks --json` entry.
private func trackJSON(_ track: RenditionTrack) -> JSONValue {
  let r = track.rendition
  return .object([
    ("type", .string(r.type)), ("groupId", .string(r.groupID)), ("name", .string(r.name)),
    ("language", JSONValue(r.language)), ("assocLanguage", JSONValue(r.associatedLanguage)),
    ("default", .bool(r.isDefault)), ("autoselect", .bool(r.autoselect)),
    ("forced", .bool(r.forced)), ("channels", JSONValue(r.channels)),
    ("characteristics", .array(characteristicList(r.characteristics).map { .string($0) })),
    ("instreamId", JSONValue(r.instreamID)), ("uri", JSONValue(r.uri)),
    ("variants", .array(track.variants.map { .string($0.uri) })),
  ])
}

private func characteristicList(_ text: String?) -> [String] {
  (text ?? "").split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
}
