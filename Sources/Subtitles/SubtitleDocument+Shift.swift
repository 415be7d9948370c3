extension SubtitleDocument {
  /// What `shifted(by:)` did besides moving cues.
  public struct ShiftReport: Sendable, Hashable {
    /// Cues that ended at or before zero after the shift, and were dropped.
    public var dropped: Int
    /// Cues that started before zero after the shift, and now start at zero.
    public var clipped: Int
  }

  /// Every cue (and WebVTT inline timestamp) moved by `offset` (negative moves earlier): cues
  /// that would end at or before zero are dropped, cues that would start before zero start at
  /// zero. Comments stay before the cues they preceded.
  public func shifted(by offset: SubtitleTime) -> (document: SubtitleDocument, report: ShiftReport)
  {
    var result = self
    var cues: [Cue] = []
    cues.reserveCapacity(self.cues.count)
    var report = ShiftReport(dropped: 0, clipped: 0)
    var newIndex: [Int] = []
    newIndex.reserveCapacity(self.cues.count + 1)
    for var cue in self.cues {
      newIndex.append(cues.count)
      cue.start += offset
      cue.end += offset
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
        let moved = time + offset
        return .timestamp(moved.isNegative ? .zero : moved)
      case .span(var span):
        span.children = shiftTimestamps(span.children, by: offset)
        return .span(span)
      default: return node
      }
    }
  }
}
