import ToolSupport

/// The `subtitle-tool` command-line tool: its commands, in help order.
package enum SubtitleTool {
  /// The tool, ready to run.
  package static let tool = Tool(
    name: "subtitle-tool",
    summary: "SRT, WebVTT and TTML/SMPTE-TT subtitles: dump, convert, shift, validate, package",
    version: ManifestKitVersion.current,
    commands: [
      DumpCommand.spec, ConvertCommand.spec, ShiftCommand.spec, ValidateCommand.spec,
      PackageCommand.spec,
    ]
  )
}
