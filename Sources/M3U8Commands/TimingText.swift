import HLS
import ManifestCore

/// The text lines of `PlaybackTiming` (`info`) and `MediaLocation` (`locate`).
enum TimingText {
  /// `info`'s timing lines.
  static func timing(_ t: PlaybackTiming) -> [String] {
    var window = "seekable window: \(t.window.start) – \(t.window.end) s"
    if let start = t.window.startDate {
      window += " (\(start) – " + (t.window.endDate.map { "\($0)" } ?? "?") + ")"
    }
    var start = "start: \(t.startPosition) s (\(t.startRule.rawValue)"
    switch t.startRule {
    case .startTag, .multivariantStartTag:
      start += " \(t.startTarget) s" + (t.precise ? ", precise" : "")
    case .holdBack, .partHoldBack, .threeTargetDurations:
      start += " \(t.holdBack ?? .zero) s from the end"
    case .playlistStart: break
    }
    start += ")"
    if let location = t.start {
      start += ", " + segmentText(location)
      if let part = location.part { start += " part \(part.index)" }
    }
    var out = [window, start]
    if let edge = t.liveEdge { out.append("live edge: \(edge) s") }
    return out
  }

  /// `locate`'s lines.
  static func location(_ l: MediaLocation) -> [String] {
    var out = ["time: \(l.time) s"]
    if let date = l.programDateTime { out.append("program date-time: \(date)") }
    out.append(
      "segment: " + segmentText(l) + " " + (l.segmentURI ?? "(being produced)"))
    out.append(
      "segment start: \(l.segmentStart) s, duration \(l.segmentDuration) s, offset \(l.offset) s")
    if let part = l.part {
      out.append(
        "part: \(part.index) \(part.uri), start \(part.start) s, duration \(part.duration) s, "
          + "offset \(part.offset) s")
    }
    return out
  }

  private static func segmentText(_ l: MediaLocation) -> String {
    "media sequence \(l.mediaSequence)" + (l.segmentIndex.map { " (index \($0))" } ?? "")
  }
}
