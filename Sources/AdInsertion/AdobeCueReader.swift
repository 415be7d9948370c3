import HLS
import ManifestCore

/// Reads Adobe Primetime cues: `#EXT-X-CUE:TYPE=SpliceOut,ID=1,TIME=266.198,DURATION=60.0`
/// (values quoted or not, as Elemental's "Adobe" style writes them) and
/// `#EXT-X-CUE-CONT:ID=1,AVAIL-DUR-ELAPSED=5.8`. A SpliceOut break ends at a `TYPE=SpliceIn`,
/// else once DURATION seconds of segments have passed, else (DURATION absent or 0, "not
/// known") after the last segment with an EXT-X-CUE-CONT. `TYPE=SpliceInsert` without a
/// duration is an insertion point: a break of no segments.
struct AdobeCueReader {
  private let input: TimelineInput
  private var tracker: BreakTracker
  private var issues: [AdMarkerIssue] = []

  init(input: TimelineInput) {
    self.input = input
    tracker = BreakTracker(input: input, dialect: .adobeCue)
    tracker.autoClose = .declaredDurationOrLastContinuation
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
    let marker = input.marker(
      line, .adobeCue, role, id: value.value("ID"), declaredDuration: value.value("DURATION"),
      attributes: attributes)
    if type?.lowercased() == "spliceinsert" && (marker.declaredSeconds ?? .zero) == .zero {
      tracker.point(marker)
    } else {
      tracker.handle(marker)
    }
  }

  /// Ends reading; returns the signals and issues.
  mutating func finish() -> (signals: [AdSignal], issues: [AdMarkerIssue]) {
    tracker.finish()
    return (tracker.signals, issues + tracker.issues)
  }
}
