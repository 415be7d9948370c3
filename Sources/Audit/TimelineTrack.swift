import AdInsertion
import HLS
import ManifestCore

/// One row of an ad-break timeline chart: a media playlist, its ad breaks and the findings to
/// place on it at their media time.
public struct TimelineTrack: Sendable {
  /// The playlist's name (the row's label).
  public var name: String
  /// The playlist (its segments and discontinuities).
  public var media: MediaPlaylist
  /// Its ad breaks, dialects and beacons.
  public var timeline: AdTimeline
  /// Findings about it; each is drawn at the start of the segment its line belongs to.
  public var findings: [Finding]

  /// Creates a row; the timeline is read from `media` unless given.
  public init(
    name: String, media: MediaPlaylist, timeline: AdTimeline? = nil, findings: [Finding] = []
  ) {
    self.name = name
    self.media = media
    self.timeline = timeline ?? AdTimeline(media)
    self.findings = findings
  }

  /// Seconds from the start of the first segment to the start of the segment line `number`
  /// (1-based) belongs to: 0 for header lines, the playlist's duration after the last segment.
  func mediaTime(ofLine number: Int) -> ExactDecimal {
    let lines = media.source.lines
    guard number >= 1, number <= lines.count else { return .zero }
    let segment = lines[number - 1].segmentIndex
    guard segment < media.segments.count else { return media.totalDuration }
    return segment >= 0 ? media.segments.startTime(at: segment) : .zero
  }
}
