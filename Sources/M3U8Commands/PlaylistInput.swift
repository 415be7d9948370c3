import HLS
import ManifestCore
import ToolSupport

/// Reading and parsing the playlist a command works on, with the contract's error handling:
/// an unreadable file or unusable input prints `FILE:LINE:COL: error: message` and gives exit
/// status 2; parse diagnostics are printed to standard error and parsing goes on.
package enum PlaylistInput {
  /// A parsed playlist and the document it came from.
  package struct Loaded {
    /// The input (name for diagnostics, bytes).
    package var document: InputDocument
    /// The parsed playlist.
    package var playlist: Playlist
  }

  /// Reads `path` (standard input for `nil` or `-`) and parses it with the run's limits
  /// (`io.limits`); `nil` after reporting a failure (the caller returns `ExitStatus.failure`).
  /// Diagnostics are reported unless `quiet`.
  package static func load(
    _ path: String?, io: ToolIO, options: ParseOptions = ParseOptions(), quiet: Bool = false
  ) -> Loaded? {
    let document: InputDocument
    do {
      document = try io.read(path)
    } catch {
      io.errorLine(error.description)
      return nil
    }
    do {
      var parseOptions = options
      parseOptions.limits = io.limits
      if parseOptions.url == nil, document.name != "<stdin>" { parseOptions.url = document.name }
      let playlist = try Playlist.parse(document.bytes, options: parseOptions)
      if !quiet {
        for diagnostic in playlist.diagnostics { io.report(diagnostic, file: document.name) }
      }
      return Loaded(document: document, playlist: playlist)
    } catch {
      io.report(error, file: document.name)
      return nil
    }
  }

  /// Like `load`, for commands that need a media playlist: a multivariant playlist is reported
  /// as `FILE:1:1: error: …` and gives `nil`.
  package static func loadMedia(_ path: String?, io: ToolIO, options: ParseOptions = ParseOptions())
    -> (InputDocument, MediaPlaylist)?
  {
    guard let loaded = load(path, io: io, options: options) else { return nil }
    guard case .media(let media) = loaded.playlist else {
      io.errorLine(
        "\(loaded.document.name):1:1: error: a media playlist is needed, this is a multivariant "
          + "playlist [\(ToolDiagnosticCode.multivariant.rawValue)]")
      return nil
    }
    return (loaded.document, media)
  }

  /// Prints `m3u8-tool COMMAND: error: message [code]` and a hint; returns exit status 2.
  package static func usageError(
    _ message: String, code: ToolDiagnosticCode = .usage, command: String, io: ToolIO
  ) -> Int32 {
    io.errorLine(
      "m3u8-tool \(command): error: " + DiagnosticCodeInfo.tagged(message, code.rawValue))
    io.errorLine("Run 'm3u8-tool \(command) --help' for usage.")
    return ExitStatus.failure
  }

  /// `--url` and `--import`, for commands that resolve EXT-X-DEFINE variables.
  package static let variableOptions: [OptionSpec] = [
    .option("--url", "URL", "the playlist's own URL (for EXT-X-DEFINE QUERYPARAM)"),
    .option(
      "--import", "NAME=VALUE", "a variable of the parent playlist (for EXT-X-DEFINE IMPORT)",
      repeatable: true),
  ]

  /// The parse options `--url` and `--import` give, or the message of a usage error.
  package static func parseOptions(_ arguments: ParsedArguments) -> (ParseOptions, String?) {
    var options = ParseOptions(url: arguments.value("--url"))
    for definition in arguments.values["--import"] ?? [] {
      guard let equals = definition.firstIndex(of: "="), equals != definition.startIndex else {
        return (options, "--import needs NAME=VALUE, got '\(definition)'")
      }
      options.importedVariables[String(definition[..<equals])] =
        String(definition[definition.index(after: equals)...])
    }
    return (options, nil)
  }

  /// The FILE operands (`-`, standard input, when there is none) and `--jobs`
  /// (`FileBatch.jobs`), or the message of a usage error: a bad `--jobs`, or `--url` with more
  /// than one FILE.
  package static func batchOperands(_ arguments: ParsedArguments) -> (
    paths: [String], jobs: Int, problem: String?
  ) {
    let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
    do throws(UsageError) {
      let jobs = try FileBatch.jobs(arguments)
      if paths.count > 1, arguments.value("--url") != nil {
        return (paths, jobs, "--url names one playlist's URL; give it with a single FILE")
      }
      return (paths, jobs, nil)
    } catch {
      return (paths, 1, error.message)
    }
  }

  /// The single optional FILE operand, or a usage error message when there are more.
  package static func singleOperand(_ arguments: ParsedArguments) -> (String?, String?) {
    guard arguments.positionals.count <= 1 else {
      return (nil, "expected at most one FILE, got \(arguments.positionals.count)")
    }
    return (arguments.positionals.first, nil)
  }
}
