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
  /// Problems reading survived, in document order (not part of the value for `==`).
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
  /// When every start has the same denominator (milliseconds, for a track read from WebVTT):
  /// that denominator, and the numerators in time order, so a lookup compares plain integers.
  private var keyDenominator: Int64?
  private var startKeys: [Int64]

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
    keyDenominator = nil
    startKeys = []
    buildIndex()
  }

  private mutating func buildIndex() {
    let count = thumbnails.count
    var inOrder = true
    var k = 1
    while k < count {
      if thumbnails[k].start < thumbnails[k - 1].start {
        inOrder = false
        break
      }
      k += 1
    }
    if inOrder {
      sortedPositions = nil
      sortedStarts = thumbnails.map { $0.start }
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
    for k in 0..<count {
      let p = position(k)
      let start = thumbnails[p].start
      let end = thumbnails[p].end
      if let latest = latestEnd {
        if start < latest { overlaps = true }
        if end > latest { latestEnd = end }
      } else {
        latestEnd = end
      }
    }
    buildKeys()
  }

  private mutating func buildKeys() {
    keyDenominator = nil
    startKeys = []
    guard let denominator = sortedStarts.first?.denominator,
      sortedStarts.allSatisfy({ $0.denominator == denominator })
    else { return }
    keyDenominator = denominator
    startKeys = sortedStarts.map { $0.numerator }
  }

  @inline(__always)
  private func position(_ k: Int) -> Int { sortedPositions?[k] ?? k }

  /// The number of thumbnails starting at or before `time` (a binary search).
  private func countStarting(atOrBefore time: SubtitleTime) -> Int {
    var low = 0
    var high = sortedStarts.count
    if let denominator = keyDenominator, let key = Self.floorKey(time, denominator) {
      // start / denominator <= time  ⟺  start <= ⌊time × denominator⌋ for integer starts.
      startKeys.withUnsafeBufferPointer { keys in
        while low < high {
          let middle = (low &+ high) >> 1
          if keys[middle] <= key { low = middle &+ 1 } else { high = middle }
        }
      }
      return low
    }
    sortedStarts.withUnsafeBufferPointer { starts in
      while low < high {
        let middle = (low &+ high) >> 1
        if starts[middle] <= time { low = middle &+ 1 } else { high = middle }
      }
    }
    return low
  }

  /// `⌊time × denominator⌋`, or `nil` when it does not fit in 64 bits.
  @inline(__always)
  private static func floorKey(_ time: SubtitleTime, _ denominator: Int64) -> Int64? {
    if time.denominator == denominator { return time.numerator }
    let (product, overflow) = time.numerator.multipliedReportingOverflow(by: denominator)
    guard !overflow else { return nil }
    let (quotient, remainder) = product.quotientAndRemainder(dividingBy: time.denominator)
    return remainder < 0 ? quotient - 1 : quotient
  }

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
    let low = countStarting(atOrBefore: time)
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

  /// The position in `thumbnails` of the thumbnail `rule` picks for `time`; `containing` is
  /// `index(at:)`, `next` the nearest thumbnail starting at or after `time`, clamped to the
  /// first and the last (in time order). `nil` only for `containing` (see `index(at:)`) and for
  /// an empty track.
  public func index(at time: SubtitleTime, rule: ThumbnailLookupRule) -> Int? {
    switch rule {
    case .containing:
      return index(at: time)
    case .next:
      let count = sortedStarts.count
      guard count > 0 else { return nil }
      let low = countStarting(atOrBefore: time)
      if low > 0 && sortedStarts[low - 1] == time { return position(low - 1) }
      return position(min(low, count - 1))
    }
  }

  /// The thumbnail `rule` picks for `time` (see `index(at:rule:)`).
  public func thumbnail(at time: SubtitleTime, rule: ThumbnailLookupRule) -> Thumbnail? {
    index(at: time, rule: rule).map { thumbnails[$0] }
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
