import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool resolve --base URL [FILE]`: the playlist with every relative URI made absolute
/// (docs/cli-contract.md).
let resolveCommand = CommandSpec(
  name: "resolve", summary: "rewrite relative URIs to absolute ones against a base URL",
  discussion: """
    Resolves every relative URI against --base by RFC 3986 (dot segments, queries,
    fragments): segments, keys, maps, parts, preload hints, rendition reports, renditions,
    variants, I-frame and image streams, session data and keys, content steering and
    interstitial assets. Absolute, data: and skd: URIs, and URIs starting with a {$variable},
    are left alone; every other byte is written as it was. A resolved URI is written with its
    control characters, '"' and end spaces percent-encoded (%0A, %22, %20: the same resource),
    so it stays one line or one quoted string. --base is normally the playlist's
    own URL (https://cdn.example.com/vod/master.m3u8): a relative URI replaces its last path
    segment.
    """,
  options: [.option("--base", "URL", "the URL the playlist was fetched from (required)")]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "resolve", io: io) }
  guard let base = arguments.value("--base") else {
    return PlaylistInput.usageError("--base URL is required", command: "resolve", io: io)
  }
  if let problem = LineSafeArgument.problem("--base", base) {
    return PlaylistInput.usageError(problem, command: "resolve", io: io)
  }
  guard URIResolver.hasScheme(base) else {
    return PlaylistInput.usageError(
      "--base needs an absolute URL (with a scheme, such as https:), got '\(base)'",
      command: "resolve", io: io)
  }
  guard let loaded = PlaylistInput.load(path, io: io) else { return ExitStatus.failure }
  let source = loaded.playlist.source
  io.write(bytes: source.applying(source.resolvingURIEdits(against: base)))
  return ExitStatus.success
}
