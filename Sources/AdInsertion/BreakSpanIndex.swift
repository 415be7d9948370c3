import ManifestCore

/// A search tree over the DATERANGE breaks read so far, for finding the last one that could hold
/// an advertisement's date without testing every earlier break (thousands of open breaks and
/// advertisements made that quadratic). Each break that may enclose others has a span
/// `start...` up to its end (exclusive; none when it declares no length); every other break has
/// none.
///
/// The tree only rules breaks out: a subtree is skipped when every span in it starts after the
/// date or ends at or before it. The breaks it cannot rule out are tested, last first, with the
/// caller's own condition, so the answer is the one a scan from the last break would give.
struct BreakSpanIndex {
  /// The end of a span, ordered `none < at(...) < open`.
  private enum Bound: Comparable {
    case none
    case at(DateTime)
    case open
  }

  /// Per tree node (1 is the root; leaf `capacity + i` is break `i`): the earliest start and
  /// the latest end of the spans below it (`nil` for no span, and for an end that is open).
  private var minStart: [DateTime?] = []
  private var maxEnd: [Bound] = []
  private var capacity = 0

  /// Gives break `index` a span.
  mutating func set(_ index: Int, start: DateTime, end: DateTime?) {
    if index >= capacity { grow(toHold: index) }
    update(capacity + index, start, end.map(Bound.at) ?? .open)
  }

  /// Takes break `index`'s span away (it is closed, or holds no other break).
  mutating func clear(_ index: Int) {
    guard index < capacity else { return }
    update(capacity + index, nil, .none)
  }

  /// The last break whose span holds `date` and for which `matches` is true.
  func last(holding date: DateTime, where matches: (Int) -> Bool) -> Int? {
    capacity == 0 ? nil : search(1, date, matches)
  }

  private func search(_ node: Int, _ date: DateTime, _ matches: (Int) -> Bool) -> Int? {
    guard let start = minStart[node], start <= date, maxEnd[node] > .at(date) else { return nil }
    if node >= capacity { return matches(node - capacity) ? node - capacity : nil }
    return search(2 * node + 1, date, matches) ?? search(2 * node, date, matches)
  }

  private mutating func update(_ leaf: Int, _ start: DateTime?, _ end: Bound) {
    minStart[leaf] = start
    maxEnd[leaf] = end
    var node = leaf / 2
    while node >= 1 {
      minStart[node] = earlier(minStart[2 * node], minStart[2 * node + 1])
      maxEnd[node] = max(maxEnd[2 * node], maxEnd[2 * node + 1])
      node /= 2
    }
  }

  /// Doubles the leaves until `index` is one, keeping the spans.
  private mutating func grow(toHold index: Int) {
    var size = max(capacity, 16)
    while size <= index { size *= 2 }
    var starts = [DateTime?](repeating: nil, count: 2 * size)
    var ends = [Bound](repeating: .none, count: 2 * size)
    for i in 0..<capacity {
      starts[size + i] = minStart[capacity + i]
      ends[size + i] = maxEnd[capacity + i]
    }
    for node in stride(from: size - 1, through: 1, by: -1) {
      starts[node] = earlier(starts[2 * node], starts[2 * node + 1])
      ends[node] = max(ends[2 * node], ends[2 * node + 1])
    }
    minStart = starts
    maxEnd = ends
    capacity = size
  }

  private func earlier(_ a: DateTime?, _ b: DateTime?) -> DateTime? {
    guard let a else { return b }
    guard let b else { return a }
    return min(a, b)
  }
}
