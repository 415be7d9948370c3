import ToolSupport

/// The `m3u8-tool` command-line tool: its commands, in help order.
package enum M3U8Tool {
  /// The tool, ready to run.
  package static let tool = Tool(
    name: "m3u8-tool",
    summary: "HLS playlists: inspect, rewrite, select, audit",
    version: ManifestKitVersion.current,
    commands: [
      infoCommand,
      dumpCommand,
      formatCommand,
      keysCommand,
      variantsCommand,
      tracksCommand,
      urlsCommand,
      localizeCommand,
      resolveCommand,
      rewriteCommand,
      mergeDeltaCommand,
      nextRequestCommand,
      locateCommand,
      diffCommand,
      watchCommand,
      adsCommand,
      stitchCommand,
      auditCommand,
    ]
  )
}
