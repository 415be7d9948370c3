import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool keys [--follow] [--json] [FILE]`: the session keys and keys of a playlist, with
/// their DRM system, key IDs and where each takes effect (docs/cli-contract.md).
let keysCommand = CommandSpec(
  name: "keys", summary: "list EXT-X-SESSION-KEY and EXT-X-KEY tags with their DRM systems",
  discussion: """
    Lists every EXT-X-SESSION-KEY of a multivariant playlist and every EXT-X-KEY of a media
    playlist (key rotation included: where each key takes effect, by segment index and media
    sequence number, and how many segments it covers; METHOD=NONE runs too). Each key is
    identified: DRM system from METHOD and KEYFORMAT (FairPlay, Widevine, PlayReady, ClearKey,
    NAGRA PRM, the other systems of the DASH-IF registry by their urn:uuid KEYFORMAT, AES-128,
    SAMPLE-AES, SAMPLE-AES-CTR), FairPlay content ID from skd:// URIs (--content-id last-path:
    only the last path segment, for licence servers that take that), KEYID and IV as
    32 hex digits, and the pssh box, Widevine data or PlayReady Object inside data: URIs.
    --follow also reads every playlist a multivariant playlist names, relative to its
    directory; one that cannot be read is a warning, not an error. Following stops with an
    error at --limit playlists=N and followed-bytes=N (each file is read once however many
    times it is named, but counts each time).
    Example (the FairPlay content ID):
      m3u8-tool keys --follow --json master.m3u8 |
        jq -r '[.sessionKeys[], .keys[]] | map(select(.drmSystem == "FairPlay"))[0].contentId'
    """,
  options: [
    .flag("--follow", "also read the media playlists a multivariant playlist names"),
    .flag("--json", "print the contract's JSON instead of a table"),
    .flag("--pretty", "indent the JSON"),
    .option(
      "--content-id", "host-path|last-path",
      "the FairPlay content ID of skd:// URIs: host and path as written (default), or the last "
        + "path segment"),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "keys", io: io) }
  var form = SKDURI.ContentIDForm.hostPath
  if let text = arguments.value("--content-id") {
    guard let value = SKDURI.ContentIDForm(rawValue: text) else {
      return PlaylistInput.usageError(
        "option '--content-id' needs host-path or last-path, got '\(text)'", code: .option,
        command: "keys", io: io)
    }
    form = value
  }
  guard let loaded = PlaylistInput.load(path, io: io) else { return ExitStatus.failure }
  let name = loaded.document.name
  let report =
    arguments.flag("--follow")
    ? loaded.playlist.keys(
      followingWith: FilePlaylistLoader(io: io), location: name, limits: io.limits)
    : loaded.playlist.keyReport(location: name)
  for item in report.diagnostics {
    io.report(item.diagnostic, file: item.playlist ?? name)
  }
  if let limitError = report.limitError {
    io.report(limitError, file: name)
    return ExitStatus.failure
  }
  if arguments.flag("--json") {
    io.writeJSONLine(report.jsonValue(contentID: form), pretty: arguments.flag("--pretty"))
  } else {
    for line in KeyTable.lines(report, contentID: form) { io.writeLine(line) }
  }
  return ExitStatus.success
}

/// The table `m3u8-tool keys` prints.
enum KeyTable {
  static func lines(_ report: KeyReport, contentID form: SKDURI.ContentIDForm) -> [String] {
    let entries = report.all
    guard !entries.isEmpty else { return ["no keys"] }
    var table = TextTable(header: [
      "TAG", "PLAYLIST", "LINE", "SEGMENTS", "MSN", "SYSTEM", "METHOD", "KEY ID", "DETAIL",
    ])
    for entry in entries {
      var segments = "-"
      var sequence = "-"
      if let first = entry.firstSegment, let msn = entry.mediaSequence {
        if let last = entry.lastSegment {
          segments = first == last ? "\(first)" : "\(first)-\(last)"
          let end = msn &+ UInt64(clamping: last - first)
          sequence = msn == end ? "\(msn)" : "\(msn)-\(end)"
        } else {
          segments = "none"
        }
      }
      let keyIDs = entry.drm.keyIDs.isEmpty ? "-" : entry.drm.keyIDs.joined(separator: ",")
      table.rows.append([
        entry.isSessionKey ? "session" : "key", entry.playlist ?? "-", "\(entry.lineNumber)",
        segments, sequence, system(entry.drm), entry.key.method.description, keyIDs,
        detail(entry, form),
      ])
    }
    return table.lines
  }

  /// The system, a registered one by its DASH-IF name.
  private static func system(_ drm: DRMInfo) -> String {
    drm.system == .registered ? (drm.registeredName ?? drm.system.rawValue) : drm.system.rawValue
  }

  /// What the URI holds: the FairPlay content ID, the decoded initialization data, or the URI;
  /// then the IV.
  private static func detail(_ entry: PlaylistKey, _ form: SKDURI.ContentIDForm) -> String {
    let drm = entry.drm
    var parts: [String] = []
    if let contentID = drm.skd?.contentID(form) {
      parts.append("content id \(contentID)")
      if let query = drm.skd?.query { parts.append("query \(query)") }
    } else if let pssh = drm.pssh {
      parts.append("pssh v\(pssh.version) \(pssh.drmSystem.rawValue), \(pssh.dataSize)-byte data")
    } else if let object = drm.playReadyObject {
      parts.append("PlayReady Object, header \(object.headerVersion ?? "?")")
    } else if let data = drm.dataURI {
      parts.append("data: \(data.mediaType), \(data.bytes.count) bytes")
    } else if let uri = entry.key.uri {
      parts.append(uri)
    }
    if let license = drm.playReadyObject?.licenseURL { parts.append("license \(license)") }
    if let iv = drm.iv { parts.append("iv \(iv)") }
    return parts.isEmpty ? "-" : parts.joined(separator: "; ")
  }
}
