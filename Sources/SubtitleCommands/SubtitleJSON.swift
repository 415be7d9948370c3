import ManifestCore
import Subtitles

/// The `subtitle-tool dump --json` shape (docs/cli-contract.md): `{"cues":[{start, end, text,
/// region, style, image, id, line}], "format", "timestampMap"}`, times in seconds.
enum SubtitleJSON {
  static func document(_ document: SubtitleDocument) -> JSONValue {
    var members: [(String, JSONValue)] = [("cues", .array(document.cues.map(cue)))]
    members.append(("format", .string(document.format.rawValue)))
    if let map = document.timestampMap {
      members.append(
        ("timestampMap", ["mpegts": JSONValue(map.mpegts), "local": .decimal(map.local.decimal)]))
    } else {
      members.append(("timestampMap", .null))
    }
    return .object(members)
  }

  static func cue(_ cue: Cue) -> JSONValue {
    .object([
      ("start", .decimal(cue.start.decimal)),
      ("end", .decimal(cue.end.decimal)),
      ("text", .string(cue.plainText)),
      ("region", JSONValue(cue.region)),
      (
        "style",
        cue.styleReferences.isEmpty ? .null : .string(cue.styleReferences.joined(separator: " "))
      ),
      ("image", .bool(cue.isImage)),
      ("id", JSONValue(cue.identifier)),
      ("line", cue.line > 0 ? JSONValue(cue.line) : .null),
    ])
  }
}
