import HLS
import ManifestCore

/// Reads the tags that carry a SCTE-35 cue with little or no other syntax:
/// `#EXT-X-SCTE35:CUE="<base64>",CUE-OUT=YES|CONT,CUE-IN=YES[,ID=…][,DURATION=…]`
/// (`scte35-tag`, as Anvato/Comcast-style packagers and x9k3 write it) and
/// `#EXT-X-SPLICEPOINT-SCTE35:<base64>` (`splicepoint`, AWS MediaTailor) and
/// `#EXT-SCTE35:CUE="<base64>",ID="…",TIME=…` (`ext-scte35`, grafov/m3u8, which writes no
/// CUE-OUT or CUE-IN and keeps TIME as an attribute). CUE-OUT / CUE-IN say
/// what an EXT-X-SCTE35 does; without them, and for every splice point, the cue itself does
/// (splice_insert out_of_network_indicator; segmentation types such as 0x34 placement
/// opportunity start and 0x35 end). A cue that does neither is reported and kept with the open
/// break, if any.
struct PayloadTagReader {
  private let input: TimelineInput
  private let dialect: AdMarkerDialect
  private var tracker: BreakTracker
  private var issues: [AdMarkerIssue] = []

  init(input: TimelineInput, dialect: AdMarkerDialect) {
    self.input = input
    self.dialect = dialect
    tracker = BreakTracker(input: input, dialect: dialect)
  }

  /// Reads one EXT-X-SCTE35 or EXT-X-SPLICEPOINT-SCTE35 line.
  mutating func read(_ line: PlaylistLine) {
    var marker: AdMarker
    var role: AdMarker.Role?
    if dialect == .splicePoint {
      let text = ASCII.string(input.bytes, input.value(line))
      marker = input.marker(line, dialect, .data, payload: text)
    } else {
      let value = MarkerValue(input.bytes, input.value(line))
      marker = input.marker(
        line, dialect, .data, id: value.value("ID"), declaredDuration: value.value("DURATION"),
        elapsed: value.value("ELAPSED"), payload: value.value("CUE") ?? "",
        attributes: value.attributes(excluding: ["CUE", "ID", "DURATION", "ELAPSED"]))
      let cueOut = value.value("CUE-OUT")?.uppercased()
      if value.value("CUE-IN")?.uppercased() == "YES" {
        role = .in
      } else if cueOut == "YES" {
        role = .out
      } else if cueOut == "CONT" {
        role = .cont
      }
    }
    issues += PayloadCheck.issues(marker)
    let payloadRole = marker.scte35?.role
    switch role ?? payloadRole {
    case .out? where role != nil || tracker.openSignal == nil:
      marker.role = .out
      tracker.handle(marker)
    case .in?, .cont?:
      marker.role = role ?? .in
      tracker.handle(marker)
    case .out?:
      tracker.attach(marker)  // the same cue repeated inside its break
    default:
      if marker.scte35?.section != nil {
        issues.append(
          AdMarkerIssue(
            .payloadWithoutBreak, .info,
            "\(marker.tag) on line \(marker.line) carries a SCTE-35 cue that neither opens nor "
              + "closes an ad break", at: marker.location))
      }
      tracker.attach(marker)
    }
  }

  /// Ends reading; returns the signals and issues.
  mutating func finish() -> (signals: [AdSignal], issues: [AdMarkerIssue]) {
    tracker.finish()
    return (tracker.signals, issues + tracker.issues)
  }
}
