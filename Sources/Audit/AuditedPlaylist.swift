import HLS

/// A playlist an audit read, by the name its report entry has: what the SARIF and HTML reports
/// read besides the findings (the text of a finding's line, the segments and ad breaks of a
/// media playlist).
public struct AuditedPlaylist: Sendable {
  /// The name the report entry has (`AuditReport.Entry.file`).
  public var name: String
  /// The parsed playlist.
  public var playlist: Playlist

  /// Creates one.
  public init(name: String, playlist: Playlist) {
    self.name = name
    self.playlist = playlist
  }

  /// The text of 1-based line `number` as written, or `nil` when there is no such line.
  func lineText(_ number: Int) -> String? {
    let lines = playlist.source.lines
    guard number >= 1, number <= lines.count else { return nil }
    return playlist.source.text(of: lines[number - 1])
  }
}
