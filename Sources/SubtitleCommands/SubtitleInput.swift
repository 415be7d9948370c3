import ManifestCore
import Subtitles
import TTML
import ToolSupport

/// Reading the subtitle file a command names: `--from` or sniffing picks the format; reading
/// and parsing failures are reported as `FILE:LINE:COL: error: message` (exit 2), as is an
/// input that is empty or only a byte-order mark, and the reader's warnings go to standard
/// error.
enum SubtitleInput {
  /// The `--from` option every command takes.
  static let fromOption = OptionSpec.option(
    "--from", "FORMAT", "input format: srt, vtt or ttml (default: detected from the content)")

  /// The `--encoding` option every command takes.
  static let encodingOption = OptionSpec.option(
    "--encoding", "NAME",
    "SRT/WebVTT text encoding, any iconv name (default: by byte-order mark, else UTF-8, else "
      + "Windows-1252 with a warning)")

  /// The parsed document and its name, or the exit status after reporting why there is none.
  static func read(_ path: String?, arguments: ParsedArguments, io: ToolIO, tool: String)
    -> Result<(document: SubtitleDocument, name: String), ExitCode>
  {
    var format: SubtitleFormat? = nil
    if let name = arguments.value("--from") {
      guard let known = SubtitleFormat(name: name) else {
        io.errorLine(
          "\(tool): error: unknown format '\(name)' (expected srt, vtt or ttml) "
            + "[\(ToolDiagnosticCode.option.rawValue)]")
        return .failure(ExitCode(ExitStatus.failure))
      }
      format = known
    }
    var encoding = SubtitleEncoding.automatic
    if let name = arguments.value("--encoding") {
      guard TextDecoding.isKnownEncoding(name) else {
        io.errorLine(
          "\(tool): error: unknown encoding '\(name)' (see iconv -l) "
            + "[\(ToolDiagnosticCode.usage.rawValue)]")
        io.errorLine("Run '\(tool) --help' for usage.")
        return .failure(ExitCode(ExitStatus.failure))
      }
      encoding = .named(name)
    }
    let input: InputDocument
    do {
      input = try io.read(path)
    } catch {
      io.errorLine(error.description)
      return .failure(ExitCode(ExitStatus.failure))
    }
    let bytes = input.bytes
    if bytes.isEmpty || bytes == [0xEF, 0xBB, 0xBF] || bytes == [0xFF, 0xFE]
      || bytes == [0xFE, 0xFF] || bytes == [0xFF, 0xFE, 0, 0] || bytes == [0, 0, 0xFE, 0xFF]
    {
      let what = bytes.isEmpty ? "is empty" : "holds only a byte-order mark"
      io.report(
        ParseError(
          code: SubtitleDiagnosticCode.inputEmpty.rawValue,
          message: "the input \(what): no subtitles to read"),
        file: input.name)
      return .failure(ExitCode(ExitStatus.failure))
    }
    do {
      let document = try SubtitleDocument.read(
        input.bytes, format: format, limits: io.limits, encoding: encoding)
      return .success((document, input.name))
    } catch {
      io.report(error, file: input.name)
      return .failure(ExitCode(ExitStatus.failure))
    }
  }

  /// Prints the reader's warnings.
  static func reportDiagnostics(_ document: SubtitleDocument, name: String, io: ToolIO) {
    for diagnostic in document.diagnostics { io.report(diagnostic, file: name) }
  }

  /// Prints `subtitle-tool COMMAND: error: message [code]` and a hint; returns status 2.
  static func usageError(
    _ message: String, code: ToolDiagnosticCode = .usage, command: String, io: ToolIO
  ) -> Int32 {
    io.errorLine(
      "subtitle-tool \(command): error: " + DiagnosticCodeInfo.tagged(message, code.rawValue))
    io.errorLine("Run 'subtitle-tool \(command) --help' for usage.")
    return ExitStatus.failure
  }

  /// The single FILE operand (or none, for standard input), or a usage error.
  static func singleOperand(_ arguments: ParsedArguments) throws(UsageError) -> String? {
    guard arguments.positionals.count <= 1 else {
      throw UsageError("expected at most one FILE, got \(arguments.positionals.count)")
    }
    return arguments.positionals.first
  }
}

/// An exit status carried through `Result`.
struct ExitCode: Error {
  let status: Int32
  init(_ status: Int32) { self.status = status }
}
