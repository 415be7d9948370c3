import ManifestCore

extension SubtitleDocument {
  /// What `shifted(by:)` did besides moving cues.
  public struct ShiftReport: Sendable, Hashable {
    /// Cues that ended at or before zero after the shift, and were dropped.
    public var dropped: Int
    /// Cues that started before zero after the shift, and now start at zero.
    public var clipped: Int
    /// Cues a time of which (start, end or an inline timestamp) would pass
    /// `SubtitleTime.maximum`, or could not be worked out exactly: they are kept unmoved, and
    /// the shift should be refused.
    public var outOfRange: Int = 0
    /// The index (in the original document) of the first such cue.
    public var firstOutOfRange: Int? = nil
  }

  /// Every cue (and WebVTT inline timestamp) moved by `offset` (negative moves earlier): cues
  /// that would end at or before zero are dropped, cues that would start before zero start at
  /// zero. Comments stay before the cues they preceded. Arithmetic is checked: a cue that would
  /// move past `SubtitleTime.maximum` is counted in `ShiftReport.outOfRange`, never wrapped.
  public func shifted(by offset: SubtitleTime) -> (document: SubtitleDocument, report: ShiftReport)
  {
    var result = self
    var cues: [Cue] = []
    cues.reserveCapacity(self.cues.count)
    var report = ShiftReport(dropped: 0, clipped: 0)
    var newIndex: [Int] = []
    newIndex.reserveCapacity(self.cues.count + 1)
    for (index, original) in self.cues.enumerated() {
      newIndex.append(cues.count)
      var cue = original
      guard let end = cue.end.adding(offset) else {
        // Moved earlier than -maximum: before zero, so dropped like any cue that ends there.
        if offset.isNegative {
          report.dropped += 1
          continue
        }
        report.outOfRange += 1
        if report.firstOutOfRange == nil { report.firstOutOfRange = index }
        cues.append(original)
        continue
      }
      guard let start = cue.start.adding(offset) ?? (offset.isNegative ? -.maximum : nil),
        !Self.timestampsLeaveRange(cue, offset)
      else {
        report.outOfRange += 1
        if report.firstOutOfRange == nil { report.firstOutOfRange = index }
        cues.append(original)
        continue
      }
      cue.start = start
      cue.end = end
      if cue.end <= .zero {
        report.dropped += 1
        continue
      }
      if cue.start.isNegative {
        cue.start = .zero
        report.clipped += 1
      }
      if case .text(var text) = cue.content, Self.hasInlineTimestamps(text) {
        text.nodes = Self.shiftTimestamps(text.nodes, by: offset)
        cue.content = .text(text)
      }
      cues.append(cue)
    }
    newIndex.append(cues.count)
    result.cues = cues
    result.comments = comments.map { comment in
      var moved = comment
      moved.beforeCue = newIndex[min(comment.beforeCue, newIndex.count - 1)]
      return moved
    }
    return (result, report)
  }

  /// True when an inline timestamp of `cue` would leave the range of times moved by `offset`.
  private static func timestampsLeaveRange(_ cue: Cue, _ offset: SubtitleTime) -> Bool {
    guard case .text(let text) = cue.content, hasInlineTimestamps(text) else { return false }
    var nodes = text.nodes[...]
    var pending: [CueNode] = []
    while let node = nodes.popFirst() ?? pending.popLast() {
      switch node {
      case .timestamp(let time):
        if time.adding(offset) == nil && !offset.isNegative { return true }
      case .span(let span): pending += span.children
      default: break
      }
    }
    return false
  }

  private static func hasInlineTimestamps(_ text: CueText) -> Bool {
    guard let source = text.sourceMarkup else {
      return containsTimestamp(text.nodes)
    }
    guard source.markup == .webVTT else { return false }
    let bytes = Array(source.text.utf8)
    for i in bytes.indices.dropLast() where bytes[i] == 0x3C && bytes[i + 1] &- 0x30 < 10 {
      return true
    }
    return false
  }

  private static func containsTimestamp(_ nodes: [CueNode]) -> Bool {
    nodes.contains { node in
      switch node {
      case .timestamp: true
      case .span(let span): containsTimestamp(span.children)
      default: false
      }
    }
  }

  private static func shiftTimestamps(_ nodes: [CueNode], by offset: SubtitleTime) -> [CueNode] {
    nodes.map { node in
      switch node {
      case .timestamp(let time):
        let moved = time.adding(offset) ?? .zero
        return .timestamp(moved.isNegative ? .zero : moved)
      case .span(var span):
        span.children = shiftTimestamps(span.children, by: offset)
        return .span(span)
      default: return node
      }
    }
  }
}
