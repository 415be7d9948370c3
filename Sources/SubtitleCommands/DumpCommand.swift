import ManifestCore
import Subtitles
import ToolSupport

/// `subtitle-tool dump --json [--from FORMAT] [--encoding NAME] [FILE]`.
enum DumpCommand {
  static let spec = CommandSpec(
    name: "dump",
    summary: "print the cues as JSON: {\"cues\":[{start,end,text,region,style,image}]}",
    discussion: """
      Times are seconds (exact decimals). 'text' is plain text, lines joined by \\n; 'image' is
      true for image cues (SMPTE-TT / IMSC). Also 'id', 'line', and top-level 'format' and
      'timestampMap' (WebVTT X-TIMESTAMP-MAP).
      """,
    options: [
      .flag("--json", "JSON output (the only output form)"), SubtitleInput.fromOption,
      SubtitleInput.encodingOption,
    ]
  ) { arguments, io in
    let path: String?
    do throws(UsageError) {
      path = try SubtitleInput.singleOperand(arguments)
    } catch {
      return SubtitleInput.usageError(error.message, code: error.code, command: "dump", io: io)
    }
    switch SubtitleInput.read(path, arguments: arguments, io: io, tool: "subtitle-tool dump") {
    case .failure(let code): return code.status
    case .success(let (document, name)):
      SubtitleInput.reportDiagnostics(document, name: name, io: io)
      io.writeJSONLine(SubtitleJSON.document(document))
      return ExitStatus.success
    }
  }
}
