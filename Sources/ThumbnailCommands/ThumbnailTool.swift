import ToolSupport

/// The `thumbnail-tool` command-line tool: its commands, in help order.
package enum ThumbnailTool {
  /// The tool, ready to run.
  package static let tool = Tool(
    name: "thumbnail-tool",
    summary: "WebVTT thumbnail tracks: dump, look up, generate, convert, validate",
    version: ManifestKitVersion.current,
    commands: [
      dumpCommand, lookupCommand, generateCommand, fromHLSCommand, toHLSCommand,
      validateCommand,
    ]
  )
}
