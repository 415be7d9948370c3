import HLS
import ManifestCore

/// Reads the CUE-OUT family (AWS Elemental, Google DAI, MediaTailor input, Envivio/Ericsson):
/// `#EXT-X-CUE-OUT[:30.000|:DURATION=30[,ID=…][,CUE="<base64 cue>"]]`,
/// `#EXT-X-CUE-OUT-CONT:8.308/30` or `:ElapsedTime=8.308,Duration=30,SCTE35=…`,
/// `#EXT-X-CUE-SPAN:TIMEFROMSIGNAL=PT10S,ID=…` (a continuation whose elapsed time is an
/// xs:duration), `#EXT-X-CUE-IN[:ID=…]`, and the "SCTE-35 enhanced" extras on the same
/// segment: `#EXT-OATCLS-SCTE35:<base64>` and `#EXT-X-ASSET:CAID=…`.
///
/// Tags are taken a segment at a time, because an EXT-OATCLS-SCTE35 may come before or after
/// the CUE-OUT or CUE-IN it belongs to. A break with an EXT-OATCLS-SCTE35 at its start is of the
/// `oatcls` dialect, else `cue-out`. An EXT-OATCLS-SCTE35 on a segment without CUE-OUT or
/// CUE-IN opens or closes a break by what its cue says (splice_insert out_of_network_indicator,
/// segmentation type).
struct CueOutReader {
  private let input: TimelineInput
  private var tracker: BreakTracker
  private var block: [(marker: AdMarker, tag: TagName)] = []
  private var blockSegment = -1
  private var extraIssues: [AdMarkerIssue] = []
  /// The last SCTE-35 cue read, reused when the next tag carries the same text.
  private var lastCue: MarkerCue?

  init(input: TimelineInput) {
    self.input = input
    tracker = BreakTracker(input: input, dialect: .cueOut)
  }

  /// Reads one EXT-X-CUE-OUT, EXT-X-CUE-OUT-CONT, EXT-X-CUE-SPAN, EXT-X-CUE-IN,
  /// EXT-OATCLS-SCTE35 or EXT-X-ASSET line.
  mutating func read(_ line: PlaylistLine) {
    if line.segmentIndex != blockSegment { flush() }
    blockSegment = line.segmentIndex
    let value = MarkerValue(input.bytes, input.value(line))
    let marker: AdMarker
    switch line.tag {
    case .cueOut:
      let declared = value.positional ?? value.value("DURATION")
      marker = input.marker(
        line, .cueOut, .out, id: value.value("ID"), declaredDuration: declared,
        payload: value.value("CUE"),
        attributes: value.attributes(excluding: ["DURATION", "ID", "CUE"]), previous: lastCue)
    case .cueOutCont:
      var elapsed = value.value("ElapsedTime")
      var declared = value.value("Duration")
      if let positional = value.positional {
        let parts = positional.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        elapsed = String(parts[0])
        if parts.count > 1 { declared = String(parts[1]) }
      }
      marker = input.marker(
        line, .cueOut, .cont, id: value.value("ID"), declaredDuration: declared,
        elapsed: elapsed, payload: value.value("SCTE35"),
        attributes: value.attributes(excluding: ["ElapsedTime", "Duration", "SCTE35", "ID"]),
        previous: lastCue)
    case .cueSpan:
      // TIMEFROMSIGNAL=PT10S is kept as written when it is not an xs:duration.
      let written = value.value("TIMEFROMSIGNAL")
      marker = input.marker(
        line, .cueOut, .cont, id: value.value("ID"),
        elapsed: written.flatMap(XSDuration.parse).map { "\($0)" } ?? written,
        attributes: value.attributes(excluding: ["TIMEFROMSIGNAL", "ID"]))
    case .cueIn:
      marker = input.marker(line, .cueOut, .in, id: value.value("ID"), attributes: value.attributes)
    case .oatclsScte35:
      let text = ASCII.string(input.bytes, input.value(line))
      marker = input.marker(line, .oatcls, .data, payload: text, previous: lastCue)
    default:  // EXT-X-ASSET
      marker = input.marker(line, .cueOut, .data, attributes: value.attributes)
    }
    if let cue = marker.scte35 { lastCue = cue }
    extraIssues += PayloadCheck.issues(marker)
    block.append((marker, line.tag))
  }

  /// Ends reading; returns the signals and issues.
  mutating func finish() -> (signals: [AdSignal], issues: [AdMarkerIssue]) {
    flush()
    tracker.finish()
    return (tracker.signals, extraIssues + tracker.issues)
  }

  private mutating func flush() {
    guard !block.isEmpty else { return }
    let items = block
    block = []
    let hasOut = items.contains { $0.tag == .cueOut }
    let hasIn = items.contains { $0.tag == .cueIn }
    var forOpening: [AdMarker] = []
    var forClosing: [AdMarker] = []
    var standalone: [AdMarker] = []
    for item in items where item.tag == .oatclsScte35 || item.tag == .asset {
      let role = item.marker.scte35?.role
      if hasOut && (!hasIn || role != .in) {
        forOpening.append(item.marker)
      } else if hasIn {
        forClosing.append(item.marker)
      } else {
        standalone.append(item.marker)
      }
    }
    // Each extra belongs to one break: the opening ones to the last CUE-OUT of the segment (the
    // break that holds it), the closing ones to the first CUE-IN that closes a break. Giving
    // them to every CUE-OUT or CUE-IN of the segment multiplied them (10,000 of each on one
    // segment made 10^8 markers).
    let lastOut = items.lastIndex { $0.tag == .cueOut }
    var closingPlaced = false
    // By index: binding each element would copy its marker.
    for index in items.indices {
      switch items[index].tag {
      case .cueOut:
        tracker.handle(items[index].marker)
        guard index == lastOut else { break }
        for extra in forOpening { tracker.attach(extra) }
        if forOpening.contains(where: { $0.scte35 != nil }) { tracker.setDialect(.oatcls) }
      case .cueIn:
        tracker.handle(items[index].marker)
        guard !closingPlaced else { break }
        for extra in forClosing
        where tracker.attachToClosed(extra, at: items[index].marker.segmentIndex) {
          closingPlaced = true
        }
      case .cueOutCont, .cueSpan:
        tracker.handle(items[index].marker)
        if items[index].marker.scte35 != nil, tracker.openSignal?.opening == nil {
          tracker.setDialect(.oatcls)
        }
      default:
        break
      }
    }
    for extra in standalone { readStandalone(extra) }
  }

  /// An EXT-OATCLS-SCTE35 (or EXT-X-ASSET) on a segment without CUE-OUT or CUE-IN.
  private mutating func readStandalone(_ marker: AdMarker) {
    guard let payload = marker.scte35 else {
      tracker.attach(marker)
      return
    }
    switch payload.role {
    case .out? where tracker.openSignal == nil:
      var opening = marker
      opening.role = .out
      opening.declaredDuration = nil
      tracker.handle(opening)
      tracker.setDialect(.oatcls)
    case .in?:
      var closing = marker
      closing.role = .in
      tracker.handle(closing)
    case nil where payload.section != nil:
      extraIssues.append(
        AdMarkerIssue(
          .payloadWithoutBreak, .info,
          "\(marker.tag) on line \(marker.line) carries a SCTE-35 cue that neither opens nor "
            + "closes an ad break", at: marker.location))
      tracker.attach(marker)
    default:
      tracker.attach(marker)
    }
  }
}
