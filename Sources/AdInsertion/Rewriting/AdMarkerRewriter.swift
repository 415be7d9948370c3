import HLS
import ManifestCore

/// Writes a media playlist's ad breaks in another marker dialect, losslessly: only ad-marker
/// lines change (removed, or with `keepOriginal` kept, and the new tags inserted before the
/// segments they mark); every other line (segments, keys, maps, unknown tags, comments, blank
/// lines, CRLF) comes out byte for byte, and every new tag is written by the HLS writer.
///
/// ```swift
/// let media = try Playlist.parse(bytes).media!
/// let rewrite = try AdMarkerRewriter(target: .dateRange).rewrite(media, timeline: AdTimeline(media))
/// // rewrite.bytes: the playlist; rewrite.issues: what the target could not express
/// ```
///
/// Reading the result back with `AdTimeline` gives the same breaks (start, duration, planned
/// duration, segments, open, started before the window, beacons in the beacon dialect), but for
/// what the target cannot express (docs/ad-marker-rewrite.md); each such break is reported in
/// `issues` with its line.
public struct AdMarkerRewriter: Sendable {
  /// The dialect written.
  public var target: AdRewriteTarget
  /// How.
  public var options: Options

  /// A rewriter into `target`.
  public init(target: AdRewriteTarget, options: Options = Options()) {
    self.target = target
    self.options = options
  }

  /// The playlist with the breaks of `timeline` (read from `playlist`) written in the target
  /// dialect. Throws the issue that stops it (a break that cannot be dated, a value the writer
  /// refuses); nothing is written then.
  public func rewrite(_ playlist: MediaPlaylist, timeline: AdTimeline) throws(AdRewriteIssue)
    -> AdRewrite
  {
    var run = RewriteRun(playlist, target: target, options: options)
    try run.write(timeline)
    return AdRewrite(
      bytes: playlist.source.applying(run.edits), edits: run.edits, issues: run.issues)
  }
}

/// The result of `AdMarkerRewriter.rewrite`.
public struct AdRewrite: Sendable {
  /// The rewritten playlist.
  public var bytes: [UInt8]
  /// The line edits that make it from the source.
  public var edits: [LineEdit]
  /// What the target could not express, by break.
  public var issues: [AdRewriteIssue]
}
