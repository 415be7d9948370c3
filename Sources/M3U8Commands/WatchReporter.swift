import HLS
import Live
import ToolSupport

/// What a `Watch` hands on as it follows a stream: `watch` prints the events
/// (`WatchEventPrinter`), `audit --live` audits every reload and turns problems into findings
/// (`LiveAuditReporter`).
protocol WatchReporter {
  /// The playlist at the URL, read first (a media playlist is also `reloaded`).
  mutating func started(_ playlist: Playlist, name: String)
  /// One load of a followed media playlist, before the events it shows.
  mutating func reloaded(_ media: MediaPlaylist, variant: String)
  /// The tracker's events, in order.
  mutating func report(_ events: [LiveEvent])
  /// `name` could not be read or parsed (already reported on standard error).
  mutating func failed(_ name: String, reason: String)
}

/// `watch`'s reporter: one line per event, text or JSON Lines.
struct WatchEventPrinter: WatchReporter {
  let io: ToolIO
  let json: Bool

  func started(_ playlist: Playlist, name: String) {}
  func reloaded(_ media: MediaPlaylist, variant: String) {}
  func failed(_ name: String, reason: String) {}

  func report(_ events: [LiveEvent]) {
    for event in events { io.writeLine(json ? event.jsonValue.jsonString() : event.text) }
    io.flush()
  }
}
