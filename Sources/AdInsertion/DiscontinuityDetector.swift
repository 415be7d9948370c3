import HLS
import ManifestCore

/// Finds ads stitched without markers (dialect `discontinuity`, opt-in with
/// `AdTimeline.Detection.discontinuities`): the EXT-X-DISCONTINUITY tags cut the playlist into
/// runs of segments, and a run whose every segment comes from another origin than the
/// content's is an ad break, the way player SDKs bound ad Periods by discontinuities.
///
/// A segment's origin is its URI's scheme and host (none for a relative URI) and the first
/// component of its path (after any leading `..` components, which are kept): `https://
/// ads.cdn.example/tm/1.ts` → `https://ads.cdn.example/tm`, `../../segments/live/1.ts` →
/// `../../segments`. The content's origin is the one with the most seconds of segments (the
/// first run's on a tie). A run is a break when it is delimited by a DISCONTINUITY on at least
/// one side (the other side may be the playlist's edge: a VOD pre- or post-roll) and none of
/// its segments comes from the content's origin. A live window that starts in such a run has
/// the break `startedBeforeWindow`; one that ends in it without a closing DISCONTINUITY has it
/// open.
struct DiscontinuityDetector {
  private let input: TimelineInput

  init(input: TimelineInput) { self.input = input }

  /// The breaks found, as signals.
  func detect() -> [AdSignal] {
    let count = input.segmentCount
    guard count > 0 else { return [] }
    var cuts: [(segment: Int, line: PlaylistLine)] = []
    for line in input.lines where line.tag == .discontinuity && line.segmentIndex < count {
      if cuts.last?.segment != line.segmentIndex { cuts.append((line.segmentIndex, line)) }
    }
    guard !cuts.isEmpty else { return [] }
    let origins = (0..<count).map { Self.origin(input.segments.uri(at: $0)) }
    guard let content = contentOrigin(origins) else { return [] }
    var bounds = [0] + cuts.map(\.segment).filter { $0 > 0 } + [count]
    bounds = bounds.enumerated().filter { $0.offset == 0 || $0.element != bounds[$0.offset - 1] }
      .map(\.element)
    let cutAt = Dictionary(cuts.map { ($0.segment, $0.line) }, uniquingKeysWith: { a, _ in a })
    var signals: [AdSignal] = []
    for (first, end) in zip(bounds, bounds.dropFirst()) {
      let opening = cutAt[first]
      let closing = cutAt[end]
      guard opening != nil || closing != nil,
        !origins[first..<end].contains(content)
      else { continue }
      let before = input.isLive && first == 0 && opening == nil
      signals.append(
        AdSignal(
          dialect: .discontinuity,
          opening: opening.map { input.marker($0, .discontinuity, .out) },
          closing: closing.map { input.marker($0, .discontinuity, .in) }, startSegment: first,
          endSegment: end - 1, startedBeforeWindow: before,
          open: input.isLive && closing == nil))
    }
    return signals
  }

  /// The `found` signals that overlap no `marked` signal, or only ones starting on their own
  /// first segment (those join the marked break); in O((found + marked) log marked).
  static func unmarked(_ found: [AdSignal], marked: [AdSignal]) -> [AdSignal] {
    let spans = marked.map { ($0.startSegment, $0.endSegment ?? $0.startSegment) }.sorted {
      $0.0 < $1.0
    }
    var furthest: [Int] = []  // furthest[i]: the latest end among spans[0...i]
    for span in spans { furthest.append(max(furthest.last ?? Int.min, span.1)) }
    /// The number of spans starting before `segment` (or at it, with `orAt`).
    func count(before segment: Int, orAt: Bool) -> Int {
      var low = 0
      var high = spans.count
      while low < high {
        let mid = (low + high) / 2
        if spans[mid].0 < segment || (orAt && spans[mid].0 == segment) {
          low = mid + 1
        } else {
          high = mid
        }
      }
      return low
    }
    return found.filter { signal in
      let first = signal.startSegment
      let last = signal.endSegment ?? first
      let earlier = count(before: first, orAt: false)
      if earlier > 0 && furthest[earlier - 1] >= first { return false }
      return count(before: first, orAt: true) == count(before: last, orAt: true)
    }
  }

  /// The origin with the most seconds of segments; the earliest on a tie.
  private func contentOrigin(_ origins: [String]) -> String? {
    var seconds: [String: ExactDecimal] = [:]
    var order: [String] = []
    for (index, origin) in origins.enumerated() {
      if seconds[origin] == nil { order.append(origin) }
      seconds[origin, default: .zero] += input.segments.duration(at: index)
    }
    var best: String? = nil
    for origin in order {
      if let current = best, (seconds[origin] ?? .zero) <= (seconds[current] ?? .zero) { continue }
      best = origin
    }
    return best
  }

  /// Scheme, host and first path component of `uri` (see the type's documentation).
  static func origin(_ uri: String) -> String {
    let bytes = Array(uri.utf8)
    let end = bytes.firstIndex { $0 == 0x3F || $0 == 0x23 } ?? bytes.count  // `?` or `#`
    var pathStart = 0
    var prefix = ""
    if let colon = bytes[0..<end].firstIndex(of: 0x3A), colon + 2 < end,
      bytes[colon + 1] == 0x2F, bytes[colon + 2] == 0x2F
    {
      let hostStart = colon + 3
      let hostEnd = bytes[hostStart..<end].firstIndex(of: 0x2F) ?? end
      prefix = String(decoding: bytes[0..<hostEnd], as: UTF8.self).lowercased()
      pathStart = hostEnd
    }
    var parts = bytes[pathStart..<end].split(separator: 0x2F).map {
      String(decoding: $0, as: UTF8.self)
    }
    if !parts.isEmpty { parts.removeLast() }  // the file name
    var kept: [String] = []
    for part in parts where part != "." {
      kept.append(part)
      if part != ".." { break }
    }
    let rooted = pathStart < end && bytes[pathStart] == 0x2F
    return prefix + (rooted ? "/" : "") + kept.joined(separator: "/")
  }
}
