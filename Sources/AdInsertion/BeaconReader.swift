import HLS
import ManifestCore

/// Reads the beacon dialect: `#EXT-X-BEACON:AD_LENGTH=<seconds>` opens an ad (one break, one
/// DASH Period) and `#EXT-X-BEACON:EVENT=<name>,URL=<url>` adds a tracking beacon at the segment
/// it precedes; the URL runs to the end of the line and may hold `,`, `=`, `&` and `?`. A block
/// ends at the first EXT-X-DISCONTINUITY after it has a segment, at the next AD_LENGTH, or at
/// the end of the playlist (where, in a live playlist, it is still open). An ad without beacons
/// is still a break; an EVENT outside every block is reported and dropped from the timeline.
struct BeaconReader {
  private let input: TimelineInput
  private var signals: [AdSignal] = []
  private var issues: [AdMarkerIssue] = []
  private var current: AdSignal?

  init(input: TimelineInput) { self.input = input }

  /// Reads one EXT-X-BEACON line.
  mutating func read(_ line: PlaylistLine) {
    let value = MarkerValue(input.bytes, input.value(line), restOfLine: "URL")
    let segment = line.segmentIndex
    if let length = value.value("AD_LENGTH") {
      end(at: segment)
      let marker = input.marker(
        line, .beacon, .out, declaredDuration: length,
        attributes: value.attributes(excluding: ["AD_LENGTH"]))
      if MarkerNumber.seconds(length) == nil {
        issues.append(
          AdMarkerIssue(
            .malformedDuration, .warning,
            "EXT-X-BEACON AD_LENGTH '\(length)' is not a decimal number of seconds",
            at: line.location))
      }
      current = AdSignal(
        dialect: .beacon, opening: marker, startSegment: segment, declaredDuration: length)
      return
    }
    let event = value.value("EVENT")
    let url = value.value("URL")
    guard event != nil || url != nil else {
      issues.append(
        AdMarkerIssue(
          .malformedTag, .warning,
          "EXT-X-BEACON on line \(line.number) has no AD_LENGTH, EVENT or URL",
          at: line.location))
      return
    }
    guard let start = current?.startSegment else {
      issues.append(
        AdMarkerIssue(
          .beaconOutsideBreak, .warning,
          "EXT-X-BEACON EVENT '\(event ?? "")' on line \(line.number) is outside every "
            + "AD_LENGTH block",
          at: line.location))
      return
    }
    if event == nil || url == nil {
      issues.append(
        AdMarkerIssue(
          .malformedTag, .warning,
          "EXT-X-BEACON on line \(line.number) has no \(event == nil ? "EVENT" : "URL")",
          at: line.location))
    }
    let marker = input.marker(
      line, .beacon, .beacon, attributes: value.attributes(excluding: []))
    // Appended in place: a copy of the open signal, changed and stored back, copied its
    // growing lists once per beacon (20,000 beacons in one block took seconds).
    current?.extras.append(marker)
    current?.beacons.append(
      Beacon(
        event: event, url: url, offset: input.start(segment) - input.start(start),
        location: line.location))
  }

  /// Reads one EXT-X-DISCONTINUITY line: it ends the open block once the block has a segment.
  mutating func discontinuity(_ line: PlaylistLine) {
    guard let signal = current, line.segmentIndex > signal.startSegment else { return }
    end(at: line.segmentIndex)
  }

  /// Ends reading; returns the signals and issues.
  mutating func finish() -> (signals: [AdSignal], issues: [AdMarkerIssue]) {
    if var signal = current {
      current = nil
      let last = input.segmentCount - 1
      signal.endSegment = last >= signal.startSegment ? last : nil
      signal.open = input.isLive
      signals.append(signal)
    }
    return (signals, issues)
  }

  private mutating func end(at segment: Int) {
    guard var signal = current else { return }
    current = nil
    signal.endSegment = segment - 1 >= signal.startSegment ? segment - 1 : nil
    signals.append(signal)
  }
}
