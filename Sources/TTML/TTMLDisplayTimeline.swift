import ManifestCore
import Subtitles

/// When a paragraph is displayed: its computed `tts:display` (TTML1 §8.2.5: `none` is not
/// presented) as the `set` elements in it change it (TTML1 §11.1.1: the value holds for the
/// set's active interval, timed like a child of the paragraph; a later `set` wins where two
/// are active). Worked out once per paragraph in O(n log n) for n `set` elements, and each cue
/// cut by binary search, so no number of them makes reading quadratic.
struct TTMLDisplayTimeline {
  /// One `set` of `tts:display`: its active interval (`end` `nil`: indefinite) and whether
  /// the value it sets is other than `none`.
  struct Change {
    var begin: SubtitleTime
    var end: SubtitleTime?
    var shown: Bool
  }

  /// A time the paragraph is displayed: `begin` `nil` is from the start of time, `end` `nil`
  /// without end.
  struct Window {
    var begin: SubtitleTime?
    var end: SubtitleTime?
  }

  /// The paragraph's own computed display is other than `none`.
  let shown: Bool
  /// The times the paragraph is displayed: in order, apart from each other.
  private(set) var windows: [Window] = []

  /// The timeline of a paragraph whose own display is `shown`, changed by `changes` (in
  /// document order).
  init(shown: Bool, changes: [Change]) {
    self.shown = shown
    var points: [SubtitleTime] = []
    points.reserveCapacity(changes.count * 2)
    for change in changes {
      points.append(change.begin)
      if let end = change.end { points.append(end) }
    }
    points.sort()
    points = points.enumerated().compactMap { $0 > 0 && points[$0 - 1] == $1 ? nil : $1 }
    // Piece j is points[j - 1]..<points[j] (unbounded below for 0, above for points.count).
    // Each change paints the pieces nobody later painted, latest first; `free` finds the next
    // unpainted piece (union-find), so every piece is painted once.
    let count = points.count + 1
    var painted = [Bool?](repeating: nil, count: count)
    var free = Array(0...count)
    func nextFree(_ piece: Int) -> Int {
      var root = piece
      while free[root] != root { root = free[root] }
      var step = piece
      while free[step] != root { (free[step], step) = (root, free[step]) }
      return root
    }
    for change in changes.reversed() {
      let low = Self.index(of: change.begin, in: points) + 1
      let high = change.end.map { Self.index(of: $0, in: points) + 1 } ?? count
      var piece = nextFree(low)
      while piece < high {
        painted[piece] = change.shown
        free[piece] = piece + 1
        piece = nextFree(piece + 1)
      }
    }
    for piece in 0..<count where painted[piece] ?? shown {
      let begin = piece == 0 ? nil : points[piece - 1]
      let end = piece == points.count ? nil : points[piece]
      if let last = windows.last, let lastEnd = last.end, lastEnd == begin {
        windows[windows.count - 1].end = end
      } else {
        windows.append(Window(begin: begin, end: end))
      }
    }
  }

  /// The position of `time` in `points` (sorted, distinct, holding it).
  private static func index(of time: SubtitleTime, in points: [SubtitleTime]) -> Int {
    var (low, high) = (0, points.count)
    while low < high {
      let middle = (low + high) / 2
      if points[middle] < time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The position of the first window that ends after `time` (or never ends).
  private func firstWindow(endingAfter time: SubtitleTime) -> Int {
    var (low, high) = (0, windows.count)
    while low < high {
      let middle = (low + high) / 2
      if let end = windows[middle].end, end <= time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The parts of `start..<end` during which the paragraph is displayed, in order; an empty
  /// interval is kept whole when the paragraph is displayed at its start.
  func shownParts(_ start: SubtitleTime, _ end: SubtitleTime) -> [Range<SubtitleTime>] {
    var position = firstWindow(endingAfter: start)
    guard start < end else {
      let shownAtStart =
        position < windows.count && windows[position].begin.map { $0 <= start } ?? true
      return shownAtStart ? [start..<start] : []
    }
    var parts: [Range<SubtitleTime>] = []
    while position < windows.count {
      let window = windows[position]
      let lower = window.begin.map { max($0, start) } ?? start
      guard lower < end else { break }
      parts.append(lower..<(window.end.map { min($0, end) } ?? end))
      position += 1
    }
    return parts
  }
}
