import ManifestCore
import Subtitles

/// A thumbnail track: preview images by time, what its WebVTT file holds besides cues (so a
/// rewrite loses nothing), and the diagnostics reading produced.
///
/// Looking a time up is a binary search (O(log n)) over the start times: the thumbnail that
/// started last at or before the time applies until its end, which is excluded; past the end of
/// the track the last thumbnail applies (a scrub to the very end still shows a preview).
public struct ThumbnailTrack: Sendable, Equatable {
  /// The thumbnails in document order.
  public private(set) var thumbnails: [Thumbnail]
  /// The WebVTT text after `WEBVTT` on the first line, verbatim.
  public var headerText: String
  /// WebVTT header lines after the first, verbatim.
  public var headerLines: [String]
  /// WebVTT `STYLE` blocks (CSS text), in order.
  public var styleSheets: [String]
  /// WebVTT `NOTE` blocks, each placed before a thumbnail.
  public var comments: [SubtitleComment]
  /// Problems reading survived, in document order.
  public var diagnostics: [Diagnostic]

  /// Start times in time order, for the binary search.
  private var sortedStarts: [SubtitleTime]
  /// The position in `thumbnails` of each entry of `sortedStarts`; `nil` when the thumbnails
  /// are already in time order (the common case).
  private var sortedPositions: [Int]?
  /// True when some thumbnail starts before the previous one (in time order) ends.
  private var overlaps: Bool
  /// The latest end of all thumbnails.
  private var latestEnd: SubtitleTime?

  /// Creates a track.
  public init(
    thumbnails: [Thumbnail], headerText: String = "", headerLines: [String] = [],
    styleSheets: [String] = [], comments: [SubtitleComment] = [], diagnostics: [Diagnostic] = []
  ) {
    self.thumbnails = thumbnails
    self.headerText = headerText
    self.headerLines = headerLines
    self.styleSheets = styleSheets
    self.comments = comments
    self.diagnostics = diagnostics
    sortedStarts = []
    sortedPositions = nil
    overlaps = false
    latestEnd = nil
    buildIndex()
  }

  private mutating func buildIndex() {
    var inOrder = true
    var previous: SubtitleTime? = nil
    for thumbnail in thumbnails {
      if let previous, thumbnail.start < previous {
        inOrder = false
        break
      }
      previous = thumbnail.start
    }
    if inOrder {
      sortedPositions = nil
      sortedStarts = thumbnails.map(\.start)
    } else {
      let positions = thumbnails.indices.sorted { a, b in
        thumbnails[a].start < thumbnails[b].start
          || (thumbnails[a].start == thumbnails[b].start && a < b)
      }
      sortedPositions = positions
      sortedStarts = positions.map { thumbnails[$0].start }
    }
    overlaps = false
    latestEnd = nil
    for k in 0..<sortedStarts.count {
      let thumbnail = thumbnails[position(k)]
      if let latest = latestEnd, thumbnail.start < latest { overlaps = true }
      if latestEnd.map({ thumbnail.end > $0 }) ?? true { latestEnd = thumbnail.end }
    }
  }

  @inline(__always)
  private func position(_ k: Int) -> Int { sortedPositions?[k] ?? k }

  /// Replaces the thumbnails (and rebuilds the lookup index).
  public mutating func setThumbnails(_ thumbnails: [Thumbnail]) {
    self.thumbnails = thumbnails
    buildIndex()
  }

  /// The position in `thumbnails` of the thumbnail shown at `time`, or `nil` before the first
  /// thumbnail and in gaps between thumbnails. At or after the end of the track, the position of
  /// the last thumbnail (in time order). Where thumbnails overlap (an invalid track), the one
  /// that started last and still covers `time`.
  public func index(at time: SubtitleTime) -> Int? {
    // The number of thumbnails starting at or before `time`.
    var low = 0
    var high = sortedStarts.count
    sortedStarts.withUnsafeBufferPointer { starts in
      while low < high {
        let middle = (low &+ high) >> 1
        if starts[middle] <= time { low = middle &+ 1 } else { high = middle }
      }
    }
    guard low > 0 else { return nil }
    let candidate = position(low - 1)
    if time < thumbnails[candidate].end { return candidate }
    if let latestEnd, time >= latestEnd { return position(sortedStarts.count - 1) }
    guard overlaps else { return nil }
    var k = low - 2
    while k >= 0 {
      let p = position(k)
      if time < thumbnails[p].end { return p }
      k -= 1
    }
    return nil
  }

  /// The thumbnail shown at `time` (see `index(at:)`).
  public func thumbnail(at time: SubtitleTime) -> Thumbnail? {
    index(at: time).map { thumbnails[$0] }
  }

  /// The thumbnail shown `seconds` into the media.
  public func thumbnail(atSeconds seconds: ExactDecimal) -> Thumbnail? {
    thumbnail(at: SubtitleTime(seconds))
  }

  /// The end of the track: the latest thumbnail end, or `nil` for an empty track.
  public var end: SubtitleTime? { latestEnd }

  /// True when the thumbnails are in time order.
  public var isInTimeOrder: Bool { sortedPositions == nil }

  public static func == (lhs: ThumbnailTrack, rhs: ThumbnailTrack) -> Bool {
    lhs.thumbnails == rhs.thumbnails && lhs.headerText == rhs.headerText
      && lhs.headerLines == rhs.headerLines && lhs.styleSheets == rhs.styleSheets
      && lhs.comments == rhs.comments
  }
}
