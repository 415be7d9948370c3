import HLS
import ManifestCore

/// Reads Adobe Primetime cues: `#EXT-X-CUE:TYPE=SpliceOut,ID=1,TIME=266.198,DURATION=60.0`
/// (values quoted or not, as Elemental's "Adobe" style writes them) and
/// `#EXT-X-CUE-CONT:ID=1,AVAIL-DUR-ELAPSED=5.8`. A SpliceOut break ends at a `TYPE=SpliceIn`,
/// else once DURATION seconds of segments have passed. Without a duration (DURATION absent or
/// 0, "not known") it ends at the next SpliceIn when the playlist has one (Adobe pairs such a
/// SpliceOut with a SpliceIn), else after the last segment with an EXT-X-CUE-CONT.
/// `TYPE=SpliceInsert` without a duration is an insertion point: a break of no segments.
struct AdobeCueReader {
  private let input: TimelineInput
  private var tracker: BreakTracker
  private var issues: [AdMarkerIssue] = []
  /// The line number of the last `TYPE=SpliceIn` cue, or 0 when there is none.
  private let lastSpliceIn: Int

  init(input: TimelineInput) {
    self.input = input
    tracker = BreakTracker(input: input, dialect: .adobeCue)
    tracker.autoClose = .declaredDurationOrLastContinuation
    lastSpliceIn =
      input.lines.last {
        $0.tag == .cue
          && MarkerValue(input.bytes, input.value($0)).value("TYPE")?.lowercased() == "splicein"
      }?.number ?? 0
  }

  /// Reads one EXT-X-CUE or EXT-X-CUE-CONT line.
  mutating func read(_ line: PlaylistLine) {
    let value = MarkerValue(input.bytes, input.value(line))
    let others = value.attributes(excluding: ["TYPE", "ID", "DURATION", "AVAIL-DUR-ELAPSED"])
    if line.tag != .cue {
      let marker = input.marker(
        line, .adobeCue, .cont, id: value.value("ID"), elapsed: value.value("AVAIL-DUR-ELAPSED"),
        attributes: others)
      tracker.handle(marker)
      return
    }
    let type = value.value("TYPE")
    let role: AdMarker.Role
    switch type?.lowercased() {
    case "spliceout"?, "spliceinsert"?: role = .out
    case "splicein"?: role = .in
    default:
      issues.append(
        AdMarkerIssue(
          .malformedTag, .warning,
          type.map { "EXT-X-CUE TYPE '\($0)' is not SpliceOut, SpliceIn or SpliceInsert" }
            ?? "EXT-X-CUE on line \(line.number) has no TYPE", at: line.location))
      return
    }
    var attributes = others
    if let type { attributes.insert(MarkerAttribute(name: "TYPE", value: type), at: 0) }
    // DURATION=0 is Adobe's "not known": no declared length, the value kept as an attribute.
    var duration = value.value("DURATION")
    if let written = duration, MarkerNumber.seconds(written) == .zero {
      attributes.append(MarkerAttribute(name: "DURATION", value: written))
      duration = nil
    }
    let marker = input.marker(
      line, .adobeCue, role, id: value.value("ID"), declaredDuration: duration,
      attributes: attributes)
    let unknownDuration = (marker.declaredSeconds ?? .zero) == .zero
    if type?.lowercased() == "spliceinsert" && unknownDuration {
      tracker.point(marker)
    } else if role == .out {
      // The open break's own end rule: wait for the SpliceIn that a later line holds.
      tracker.handle(marker)
      tracker.autoClose =
        unknownDuration && lastSpliceIn > line.number ? .none : .declaredDurationOrLastContinuation
    } else {
      tracker.handle(marker)
      tracker.autoClose = .declaredDurationOrLastContinuation
    }
  }

  /// Ends reading; returns the signals and issues.
  mutating func finish() -> (signals: [AdSignal], issues: [AdMarkerIssue]) {
    tracker.finish()
    return (tracker.signals, issues + tracker.issues)
  }
}
