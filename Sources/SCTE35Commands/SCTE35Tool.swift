import ToolSupport

/// The `scte35-tool` command-line tool: its commands, in help order.
package enum SCTE35Tool {
  /// The tool, ready to run.
  package static let tool = Tool(
    name: "scte35-tool",
    summary: "decode and encode SCTE-35 splice_info_section payloads",
    version: ManifestKitVersion.current,
    commands: [DecodeCommand.spec, EncodeCommand.spec]
  )
}
