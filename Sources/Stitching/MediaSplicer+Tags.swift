import AdInsertion
import HLS
import ManifestCore

extension MediaSplicer {
  /// False (with an error) where the output would need to end an EXT-X-MAP: an MPEG-TS ad in
  /// fMP4 content or the reverse (a map applies until the next one, RFC 8216bis §4.4.4.5).
  mutating func checkMaps(_ segments: [Segment], owners: [String?]) -> Bool {
    for i in segments.indices.dropFirst()
    where segments[i - 1].map != nil && segments[i].map == nil {
      let before = owners[i - 1] ?? "the content"
      let after = owners[i] ?? "the content"
      diagnostics.append(
        StitchDiagnostic(
          .error,
          "\(after) has no EXT-X-MAP (MPEG-TS) after \(before) with one (fMP4): HLS cannot end "
            + "a map, so the ad and the content must both be fMP4 or both MPEG-TS",
          code: .mapMismatch, file: file))
      return false
    }
    return true
  }

  /// The lines (indices in the content's source) of the markers of every break the stitch
  /// replaces: those breaks are marked again in the output's dialect.
  func droppedMarkerLines(_ spans: [Span]) -> Set<Int> {
    let replaced = spans.filter { $0.end > $0.first }
    guard !replaced.isEmpty else { return [] }
    var lines = Set<Int>()
    for adBreak in marked ?? AdTimeline(content).breaks {
      let end = (adBreak.endSegment ?? adBreak.startSegment) + 1
      guard replaced.contains(where: { adBreak.startSegment < $0.end && $0.first < end })
      else { continue }
      for signal in adBreak.signals {
        for marker in signal.markers { lines.insert(marker.location.line - 1) }
      }
    }
    return lines
  }

  /// The content's unknown and ad-marker tags as custom tags (header tags, and the rest placed
  /// by output segment index), without the `dropped` lines.
  func contentTags(_ dropped: Set<Int>, _ index: [Int]) -> (header: [CustomTag], [CustomTag]) {
    let source = content.source
    let firstSegmentLine = content.segments.first?.lines.lowerBound ?? source.lines.count
    var header: [CustomTag] = []
    var tags: [CustomTag] = []
    for (i, line) in source.lines.enumerated()
    where line.kind == .tag && (line.tag == .unknown || line.tag.isAdMarker)
      && !dropped.contains(i)
    {
      let tag = CustomTag(
        name: source.tagName(of: line) ?? "", value: source.tagValue(of: line),
        segmentIndex: index[min(line.segmentIndex, content.segments.count)])
      if i < firstSegmentLine { header.append(tag) } else { tags.append(tag) }
    }
    return (header, tags)
  }

  /// The tags in writing order: by segment; at one segment, what closes the break before it,
  /// then the content's own, then what opens a break.
  static func ordered(_ closing: [CustomTag], _ content: [CustomTag], _ opening: [CustomTag])
    -> [CustomTag]
  {
    let all = closing.map { (0, $0) } + content.map { (1, $0) } + opening.map { (2, $0) }
    return all.enumerated().sorted {
      ($0.element.1.segmentIndex, $0.element.0, $0.offset)
        < ($1.element.1.segmentIndex, $1.element.0, $1.offset)
    }.map(\.element.1)
  }
}
