import HLS
import HTTPLoading
import ManifestCore
import ToolSupport

/// `m3u8-tool urls [--base URL] [filters] [--json] [FILE]`: every resource a download manager
/// fetches for the chosen renditions (docs/cli-contract.md).
let urlsCommand = CommandSpec(
  name: "urls", summary: "list every resource to fetch for offline playback",
  discussion: """
    Prints, one per line and in fetch order without repeats, what an offline download needs:
    for a media playlist its keys (identity keys only), maps and segments; for a multivariant
    playlist the variants the filters choose (as 'variants' does) with their media playlists
    and the audio, video and subtitle renditions they use, read relative to FILE. A byte range
    follows a tab as bytes=FIRST-LAST; control characters, '"' and end spaces in a URI are
    percent-encoded (%0A, %09, %22, %20). --base resolves every URI against the playlist's URL
    (whose query also gives EXT-X-DEFINE QUERYPARAM its values); without it URIs are relative
    to FILE (to the URL that answered, after redirects, when FILE is a URL). --tracks preferred
    keeps only DEFAULT=YES or AUTOSELECT=YES renditions (what a player picks unasked), --tracks
    all (the default) every one; --iframes adds every EXT-X-I-FRAME-STREAM-INF playlist and its
    segments. --json adds sizes (from byte ranges), durations and the total duration.
    Example (the lowest bit rate):  m3u8-tool urls --base URL --sort bandwidth --first 1 FILE
    """,
  options: [
    .option("--base", "URL", "resolve every URI against URL (the playlist's own URL)")
  ] + VariantFilterOptions.options + [
    .option("--tracks", "preferred|all", "renditions: DEFAULT/AUTOSELECT only, or all (default)"),
    .flag("--iframes", "also the I-frame playlists and their segments"),
    .flag("--json", "print JSON with sizes and durations"),
    .flag("--pretty", "indent the JSON"),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "urls", io: io) }
  let options: DownloadListOptions
  do throws(UsageError) {
    options = try DownloadListOptions(arguments, lineSafeBase: true)
  } catch {
    return PlaylistInput.usageError(error.message, code: error.code, command: "urls", io: io)
  }
  let (filter, tracks, base) = (options.filter, options.tracks, options.base)
  // The base is the playlist's own URL: it gives EXT-X-DEFINE QUERYPARAM its values.
  guard let loaded = PlaylistInput.load(path, io: io, options: ParseOptions(url: base)) else {
    return ExitStatus.failure
  }
  let name = loaded.document.name
  // A fetched playlist's URIs resolve against the URL that answered (after redirects).
  let resolvedBase = base ?? (HTTPClient.isURL(name) ? loaded.document.location : nil)
  let list: DownloadList
  switch loaded.playlist {
  case .media(let media):
    list = media.downloadList(base: resolvedBase)
  case .multivariant(let multivariant):
    do throws(VariantSelectionError) {
      list = try multivariant.downloadList(
        selecting: filter, followingWith: FilePlaylistLoader(io: io), location: name,
        base: resolvedBase, limits: io.limits, renditions: tracks,
        iFrames: arguments.flag("--iframes"))
    } catch {
      let location = multivariant.variants.first.map { multivariant.source.lines[$0.line].location }
      io.report(
        Diagnostic(
          .error, error.message, code: ToolDiagnosticCode.variantsNoMatch.rawValue,
          at: location ?? .start), file: name)
      return ExitStatus.checkFailed
    }
  }
  for item in list.diagnostics { io.report(item.diagnostic, file: item.playlist ?? name) }
  if let limitError = list.limitError {
    io.report(limitError, file: name)
    return ExitStatus.failure
  }
  if arguments.flag("--json") {
    io.writeJSONLine(list.jsonValue, pretty: arguments.flag("--pretty"))
  } else {
    // Control characters, `"` and end spaces in a URI are percent-encoded, so a URI is one
    // line and one column.
    for resource in list.resources {
      io.writeLine(
        PercentEncoding.encodingUnsafeBytes(resource.uri)
          + (resource.byteRange.map { "\t" + $0.httpRange } ?? ""))
    }
  }
  return ExitStatus.success
}
