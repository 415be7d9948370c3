import HLS
import HTTPLoading
import ManifestCore
import ToolSupport

/// `m3u8-tool localize --root DIR [--output-dir OUT] [--base URL] [filters] FILE`: the
/// playlist and its media playlists rewritten to play the files `urls` lists from where a
/// downloader stored them under DIR (docs/cli-contract.md).
let localizeCommand = CommandSpec(
  name: "localize", summary: "rewrite a downloaded stream's playlists to play its local files",
  discussion: """
    Writes FILE and the media playlists 'urls' lists for it (same filters, --tracks, --iframes
    and --base) with every URI 'urls' lists pointing at the file a downloader stored it as under
    DIR: a relative URI keeps its path relative to FILE's directory (DIR itself), an http(s)
    URL goes to DIR/HOST/PATH (HOST:PORT with a port), percent-decoded and without its query.
    FILE itself goes to DIR/NAME (NAME its file name; with --base or a URL as FILE, where its
    URL maps). Media playlists are written at their own local paths and their URIs are made
    relative to them; byte ranges, skd: and data: keys, playlists the filters leave out and
    every other byte stay as written. Two URIs that would be one file (differing only in the
    query), a path above DIR and a URI with no file name are refused with nothing written. The
    files go to OUT (default DIR) at the same paths, all or nothing, replacing files there;
    their paths are printed, and a warning counts the listed files that are not under DIR.
    Example (download, then play offline):
      m3u8-tool urls --tracks preferred FILE  (fetch each into DIR at its path)
      m3u8-tool localize --tracks preferred --root DIR FILE
    """,
  options: [
    .option("--root", "DIR", "the directory the download was stored in"),
    .option("--output-dir", "OUT", "write the playlists here (default DIR)"),
    .option("--base", "URL", "the URL 'urls --base' was given (the playlist's own URL)"),
  ] + VariantFilterOptions.options + [
    .option("--tracks", "preferred|all", "renditions: DEFAULT/AUTOSELECT only, or all (default)"),
    .flag("--iframes", "also the I-frame playlists"),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "localize", io: io) }
  guard let path, path != "-" else {
    return PlaylistInput.usageError(
      "a FILE is needed (its name is where it is stored)", command: "localize", io: io)
  }
  guard let root = arguments.value("--root"), !root.isEmpty else {
    return PlaylistInput.usageError("--root DIR is needed", command: "localize", io: io)
  }
  let output = arguments.value("--output-dir") ?? root
  let options: DownloadListOptions
  do throws(UsageError) {
    options = try DownloadListOptions(arguments, lineSafeBase: false)
  } catch {
    return PlaylistInput.usageError(error.message, code: error.code, command: "localize", io: io)
  }
  let (filter, tracks, base) = (options.filter, options.tracks, options.base)
  guard let loaded = PlaylistInput.load(path, io: io, options: ParseOptions(url: base)) else {
    return ExitStatus.failure
  }
  let name = loaded.document.name
  let resolvedBase = base ?? (HTTPClient.isURL(name) ? loaded.document.location : nil)
  func refuse(_ message: String, code: String) -> Int32 {
    io.report(Diagnostic(.error, message, code: code, at: .start), file: name)
    return ExitStatus.failure
  }
  let list: DownloadList
  let loader = FilePlaylistLoader(io: io)
  switch loaded.playlist {
  case .media(let media):
    list = media.downloadList(base: resolvedBase)
  case .multivariant(let multivariant):
    do throws(VariantSelectionError) {
      list = try multivariant.downloadList(
        selecting: filter, followingWith: loader, location: name, base: resolvedBase,
        limits: io.limits, renditions: tracks, iFrames: arguments.flag("--iframes"))
    } catch {
      return refuse(error.message, code: ToolDiagnosticCode.variantsNoMatch.rawValue)
    }
  }
  for item in list.diagnostics { io.report(item.diagnostic, file: item.playlist ?? name) }
  if let limitError = list.limitError {
    io.report(limitError, file: name)
    return ExitStatus.failure
  }
  guard list.diagnostics.isEmpty else {
    return refuse(
      "nothing written: a media playlist could not be read",
      code: ToolDiagnosticCode.localizeNotWritten.rawValue)
  }
  let map: LocalPathMap
  let topPath: String
  do throws(LocalPathError) {
    topPath =
      try resolvedBase.flatMap(LocalPathMap.localPath(of:))
      ?? String(name.split(separator: "/").last ?? Substring(name))
    map = try LocalPathMap(list, playlist: topPath)
  } catch {
    return refuse(error.message, code: error.code.rawValue)
  }
  let topSource = loaded.playlist.source
  var files = [
    (
      name: topPath,
      bytes: topSource.applying(
        map.localizingEdits(of: topSource, listedAs: resolvedBase, storedAt: topPath))
    )
  ]
  if case .multivariant(let multivariant) = loaded.playlist {
    // Each media playlist is read again where `downloadList` read it: at its URI as written.
    var written: [String: String] = [:]
    for reference in topSource.uriReferences {
      written[
        resolvedBase.map { URIResolver.resolve(reference.value, against: $0) }
          ?? reference.value] = reference.value
    }
    for resource in list.resources where resource.kind == .playlist {
      guard let localPath = map.paths[resource.uri], let uri = written[resource.uri] else {
        continue
      }
      let location = loader.location(of: uri, relativeTo: name)
      let options = ParseOptions(
        url: location, importedVariables: multivariant.variables, limits: io.limits)
      let source: PlaylistSource
      do {
        source = try Playlist.parse(try loader.bytes(at: location), options: options).source
      } catch {
        return refuse(
          "nothing written: \(location) could not be read again",
          code: ToolDiagnosticCode.localizeNotWritten.rawValue)
      }
      files.append(
        (
          localPath,
          source.applying(
            map.localizingEdits(of: source, listedAs: resource.uri, storedAt: localPath))
        ))
    }
  }
  if let reason = io.writeFiles(in: output, files) {
    return refuse(
      "nothing written: \(reason)", code: ToolDiagnosticCode.localizeNotWritten.rawValue)
  }
  let prefix = output.hasSuffix("/") ? output : output + "/"
  for file in files { io.writeLine(prefix + file.name) }
  // The media the playlists now point at should be under DIR: a partial download is named.
  let rootPrefix = root.hasSuffix("/") ? root : root + "/"
  let stored = Set(files.map(\.name))
  let media = Set(map.paths.values).subtracting(stored).sorted()
  let missing = media.filter { !io.namedFileExists(rootPrefix + $0) }
  if let first = missing.first {
    io.report(
      Diagnostic(
        .warning,
        "\(missing.count) of the \(media.count) files listed are not under \(root) "
          + "(first: \(first))", code: ToolDiagnosticCode.localizeMissing.rawValue, at: .start),
      file: name)
  }
  return ExitStatus.success
}
