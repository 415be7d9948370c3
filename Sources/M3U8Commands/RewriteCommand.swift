import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool rewrite (--host FROM=TO | --prefix FROM=TO)... [--query K=V]... [FILE]`: the
/// playlist with its URIs moved to another CDN host or path, every other byte kept.
let rewriteCommand = CommandSpec(
  name: "rewrite", summary: "rewrite URIs for another CDN host or path, or add query parameters",
  discussion: """
    Rewrites every URI: segments, keys, maps, parts, preload hints, rendition reports,
    renditions, variants, I-frame and image streams, session data and keys, content steering
    and interstitial X-ASSET-URI/X-ASSET-LIST. --host FROM=TO replaces the authority of
    absolute URIs on host FROM (case ignored; a FROM without a port matches any port, which is
    kept unless TO has one); --prefix FROM=TO replaces a leading FROM, exactly as written
    (relative URIs too). The --host rules are tried first, then --prefix, each in the order
    given; the first that matches applies.
    --query K=V sets a query parameter (percent-encoded; an existing K is replaced) on every
    URI a rule rewrote, or on every URI when there are no rules. data: and skd: URIs and URIs
    starting with a {$variable} are left alone, and every other byte is written as it was.
    Example (move to a second CDN with a token):
      m3u8-tool rewrite --host cdn-a.example.com=cdn-b.example.net --query token=abc master.m3u8
    """,
  options: [
    .option("--host", "FROM=TO", "move absolute URIs on host FROM to host TO", repeatable: true),
    .option("--prefix", "FROM=TO", "replace a leading FROM of URIs by TO", repeatable: true),
    .option("--query", "K=V", "set query parameter K to V on the rewritten URIs", repeatable: true),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "rewrite", io: io) }
  var rewrite = URIRewrite()
  for (option, isHost) in [("--host", true), ("--prefix", false)] {
    for text in arguments.values[option] ?? [] {
      guard let (from, to) = pair(text), !from.isEmpty else {
        return PlaylistInput.usageError(
          "option '\(option)' needs FROM=TO with a non-empty FROM, got '\(text)'", code: .option,
          command: "rewrite", io: io)
      }
      if let problem = LineSafeArgument.problem(option, to) {
        return PlaylistInput.usageError(problem, command: "rewrite", io: io)
      }
      if isHost && (to.isEmpty || to.contains("/") || to.contains("?") || to.contains("#")) {
        return PlaylistInput.usageError(
          "option '--host' needs a host (and port) as TO, got '\(to)'", code: .option,
          command: "rewrite", io: io)
      }
      rewrite.rules.append(isHost ? .host(from: from, to: to) : .prefix(from: from, to: to))
    }
  }
  for text in arguments.values["--query"] ?? [] {
    guard let (name, value) = pair(text), !name.isEmpty else {
      return PlaylistInput.usageError(
        "option '--query' needs K=V with a non-empty K, got '\(text)'", code: .option,
        command: "rewrite", io: io)
    }
    rewrite.query.append(URIRewrite.QueryParameter(name: name, value: value))
  }
  guard !rewrite.rules.isEmpty || !rewrite.query.isEmpty else {
    return PlaylistInput.usageError(
      "give at least one of --host, --prefix or --query", command: "rewrite", io: io)
  }
  guard let loaded = PlaylistInput.load(path, io: io) else { return ExitStatus.failure }
  let source = loaded.playlist.source
  io.write(bytes: source.applying(source.rewritingURIEdits(rewrite)))
  return ExitStatus.success
}

/// `FROM=TO` split at the first `=`, or `nil` without one.
private func pair(_ text: String) -> (String, String)? {
  guard let equals = text.firstIndex(of: "=") else { return nil }
  return (String(text[..<equals]), String(text[text.index(after: equals)...]))
}
