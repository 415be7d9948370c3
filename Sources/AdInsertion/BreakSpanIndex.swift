/// A search tree over the DATERANGE breaks read so far, for finding the last one that could hold
/// an advertisement's date without testing every earlier break (thousands of open breaks and
/// advertisements made that quadratic). Each break that may enclose others has a span
/// `start...` up to its end (exclusive; `Int64.max` when it declares no length), in epoch
/// nanoseconds; every other break has none.
///
/// The tree only rules breaks out: a subtree is skipped when every span in it starts after the
/// date or ends at or before it. The breaks it cannot rule out are tested, last first, with the
/// caller's own condition, so the answer is the one a scan from the last break would give.
struct BreakSpanIndex {
  /// Per tree node (1 is the root; leaf `capacity + i` is break `i`): the earliest start and
  /// the latest end of the spans below it (`Int64.max` and `Int64.min` for none).
  private var minStart: [Int64] = []
  private var maxEnd: [Int64] = []
  private var capacity = 0

  /// Gives break `index` a span.
  mutating func set(_ index: Int, start: Int64, end: Int64) {
    if index >= capacity { grow(toHold: index) }
    update(capacity + index, start, end)
  }

  /// Takes break `index`'s span away (it is closed, or holds no other break).
  mutating func clear(_ index: Int) {
    guard index < capacity else { return }
    update(capacity + index, .max, .min)
  }

  /// The last break whose span holds `date` and for which `matches` is true.
  func last(holding date: Int64, where matches: (Int) -> Bool) -> Int? {
    capacity == 0 ? nil : search(1, date, matches)
  }

  private func search(_ node: Int, _ date: Int64, _ matches: (Int) -> Bool) -> Int? {
    if minStart[node] > date || (maxEnd[node] <= date && maxEnd[node] != .max) { return nil }
    if node >= capacity { return matches(node - capacity) ? node - capacity : nil }
    return search(2 * node + 1, date, matches) ?? search(2 * node, date, matches)
  }

  private mutating func update(_ leaf: Int, _ start: Int64, _ end: Int64) {
    minStart[leaf] = start
    maxEnd[leaf] = end
    var node = leaf / 2
    while node >= 1 {
      minStart[node] = min(minStart[2 * node], minStart[2 * node + 1])
      maxEnd[node] = max(maxEnd[2 * node], maxEnd[2 * node + 1])
      node /= 2
    }
  }

  /// Doubles the leaves until `index` is one, keeping the spans.
  private mutating func grow(toHold index: Int) {
    var size = max(capacity, 16)
    while size <= index { size *= 2 }
    var starts = [Int64](repeating: .max, count: 2 * size)
    var ends = [Int64](repeating: .min, count: 2 * size)
    for i in 0..<capacity {
      starts[size + i] = minStart[capacity + i]
      ends[size + i] = maxEnd[capacity + i]
    }
    for node in stride(from: size - 1, through: 1, by: -1) {
      starts[node] = min(starts[2 * node], starts[2 * node + 1])
      ends[node] = max(ends[2 * node], ends[2 * node + 1])
    }
    minStart = starts
    maxEnd = ends
    capacity = size
  }
}
