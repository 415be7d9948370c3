import HLS
import ManifestCore

/// The ad breaks of a media playlist in every dialect, as one timeline: what `m3u8-tool ads`
/// prints and what a DASH packager or an ad-tracking service takes.
///
/// ```swift
/// let playlist = try Playlist.parse(bytes)
/// if let media = playlist.media {
///   let timeline = AdTimeline(media)
///   for adBreak in timeline.breaks { print(adBreak.periodId, adBreak.start, adBreak.duration) }
///   let periods = DASHPeriodWriter().periods(timeline)  // one <Period> string per break
/// }
/// ```
///
/// Reading is lenient: a malformed marker is an `AdMarkerIssue` with its line, never a crash,
/// and never a silently merged or dropped break.
public struct AdTimeline: Sendable, Equatable {
  /// The breaks, by start segment.
  public var breaks: [AdBreak]
  /// Problems in the markers, by line.
  public var issues: [AdMarkerIssue]
  /// True when the playlist may still grow (no EXT-X-ENDLIST, not PLAYLIST-TYPE VOD).
  public var isLive: Bool
  /// The playlist's duration, exact.
  public var duration: ExactDecimal
  /// The program date-time of the first segment, or `nil`.
  public var programDateTime: DateTime?
  /// EXT-X-TARGETDURATION, or `nil`.
  public var targetDuration: Int?
  /// The media sequence number of the playlist's first listed segment.
  public var mediaSequence: UInt64
  /// The discontinuity sequence number of the playlist's first listed segment
  /// (EXT-X-DISCONTINUITY-SEQUENCE, RFC 8216bis §4.4.3.3).
  public var discontinuitySequence: UInt64

  /// Creates a timeline from its parts.
  public init(
    breaks: [AdBreak], issues: [AdMarkerIssue] = [], isLive: Bool = false,
    duration: ExactDecimal, programDateTime: DateTime? = nil, targetDuration: Int? = nil,
    mediaSequence: UInt64 = 0, discontinuitySequence: UInt64 = 0
  ) {
    self.breaks = breaks
    self.issues = issues
    self.isLive = isLive
    self.duration = duration
    self.programDateTime = programDateTime
    self.targetDuration = targetDuration
    self.mediaSequence = mediaSequence
    self.discontinuitySequence = discontinuitySequence
  }

  /// Heuristics that find breaks no marker signals; each is opt-in.
  public enum Detection: String, Sendable, Hashable, CaseIterable {
    /// Runs of segments between EXT-X-DISCONTINUITY tags whose URIs come from another host or
    /// path prefix than the content's (`DiscontinuityDetector`), as breaks of dialect
    /// `discontinuity`.
    case discontinuities
  }

  /// Reads every ad marker of `playlist`.
  public init(_ playlist: MediaPlaylist) {
    self.init(playlist, detecting: [])
  }

  /// Reads every ad marker of `playlist`, and finds the breaks `detections` find. A detected
  /// break that starts where a marked one does joins it as one more signal; one that overlaps a
  /// marked break otherwise is left out (the markers are believed).
  public init(_ playlist: MediaPlaylist, detecting detections: Set<Detection>) {
    let input = TimelineInput(playlist)
    var cueOut = CueOutReader(input: input)
    var adobe = AdobeCueReader(input: input)
    var scte35 = PayloadTagReader(input: input, dialect: .scte35Tag)
    var splicePoint = PayloadTagReader(input: input, dialect: .splicePoint)
    var extScte35 = PayloadTagReader(input: input, dialect: .extScte35)
    var beacons = BeaconReader(input: input)
    for line in input.lines {
      switch line.tag {
      case .cueOut, .cueOutCont, .cueSpan, .cueIn, .oatclsScte35, .asset: cueOut.read(line)
      case .cue, .cueCont: adobe.read(line)
      case .scte35: scte35.read(line)
      case .splicePointScte35: splicePoint.read(line)
      case .extScte35: extScte35.read(line)
      case .beacon: beacons.read(line)
      case .discontinuity: beacons.discontinuity(line)
      default: break
      }
    }
    var dateRanges = DateRangeReader(input: input)
    var interstitials = InterstitialReader(input: input)
    let results = [
      cueOut.finish(), adobe.finish(), scte35.finish(), splicePoint.finish(), extScte35.finish(),
      beacons.finish(), dateRanges.read(), interstitials.read(),
    ]
    var issues = results.flatMap(\.issues)
    var signals = results.flatMap(\.signals)
    if detections.contains(.discontinuities) {
      let found = DiscontinuityDetector(input: input).detect()
      signals += DiscontinuityDetector.unmarked(found, marked: signals)
    }
    let breaks = Self.merge(signals, input, &issues)
    self.init(
      breaks: breaks,
      issues: issues.sorted { $0.location.offset < $1.location.offset },
      isLive: input.isLive, duration: input.start(input.segmentCount),
      programDateTime: input.programDateTime(0), targetDuration: playlist.targetDuration,
      mediaSequence: playlist.firstListedMediaSequence,
      discontinuitySequence: playlist.discontinuitySequence)
  }

  /// The issues as ManifestCore diagnostics.
  public var diagnostics: [Diagnostic] { issues.map(\.diagnostic) }

  /// Groups signals that start on the same segment into breaks (one signal per dialect each),
  /// gives them unique ids, and reports breaks that overlap. A beacon ad (`AD_LENGTH`) that starts
  /// inside a break another dialect opened is the next ad of that break's pod, as SSAI servers
  /// write pods (one CUE-OUT or DATERANGE for the break, beacons for each ad), not a break.
  private static func merge(
    _ signals: [AdSignal], _ input: TimelineInput, _ issues: inout [AdMarkerIssue]
  ) -> [AdBreak] {
    let ordered = signals.sorted {
      ($0.startSegment, $0.line) < ($1.startSegment, $1.line)
    }
    var groups: [[AdSignal]] = []
    for signal in ordered {
      if let last = groups.last, last[0].startSegment == signal.startSegment,
        !last.contains(where: { $0.dialect == signal.dialect })
      {
        groups[groups.count - 1].append(signal)
      } else if let last = groups.last, Self.isPodAd(signal, of: last[0]) {
        groups[groups.count - 1].append(signal)
      } else {
        groups.append([signal])
      }
    }
    var breaks: [AdBreak] = []
    var ids = Set<String>()
    var nextSuffix: [String: Int] = [:]
    for group in groups {
      // A detected break is never the primary signal of a break a marker signals too.
      let ordered = group.sorted {
        ($0.dialect == .discontinuity ? 1 : 0, $0.line) < (
          $1.dialect == .discontinuity ? 1 : 0, $1.line
        )
      }
      var adBreak = makeBreak(ordered, input)
      adBreak.id = uniqueID(adBreak, taken: &ids, nextSuffix: &nextSuffix)
      adBreak.periodId = adBreak.id
      if let previous = breaks.last, let previousEnd = previous.endSegment,
        adBreak.startSegment <= previousEnd
      {
        let location = adBreak.signals[0].firstMarker?.location ?? .start
        issues.append(
          AdMarkerIssue(
            .overlappingBreaks, .warning,
            "the ad break opened on line \(adBreak.line) starts at segment "
              + "\(adBreak.startSegment), inside the break opened on line \(previous.line) "
              + "(segments \(previous.startSegment)-\(previousEnd))", at: location))
      }
      breaks.append(adBreak)
    }
    return breaks
  }

  /// True when `signal` is a beacon ad that starts after `primary` (a break of another
  /// dialect) and ends within it; one that runs on past the break's end overlaps it instead.
  private static func isPodAd(_ signal: AdSignal, of primary: AdSignal) -> Bool {
    guard signal.dialect == .beacon, primary.dialect != .beacon,
      signal.startSegment > primary.startSegment, let end = primary.endSegment,
      let adEnd = signal.endSegment
    else { return false }
    return signal.startSegment <= end && adEnd <= end
  }

  /// The id a break's signals give it (`AdBreak.id`): the DATERANGE ID, else another
  /// dialect's ID, else the SCTE-35 event id, else the media sequence number of its first
  /// segment. Never its position, which changes as a live window slides.
  static func signalID(_ signals: [AdSignal], mediaSequence: UInt64) -> String {
    let given = { (signal: AdSignal) in signal.id.flatMap { $0.isEmpty ? nil : $0 } }
    if let id = signals.lazy.filter({ $0.dialect == .dateRange }).compactMap(given).first {
      return id
    }
    if let id = signals.lazy.compactMap(given).first { return id }
    if let event = signals.lazy.compactMap({ $0.scte35?.eventId }).first {
      return "SCTE35-\(event)"
    }
    return "MSN-\(mediaSequence)"
  }

  /// `adBreak.id`, or when an earlier break took it, `<id>.MSN-<n>`, then `.2`, `.3`, …;
  /// recorded in `taken`. `nextSuffix` keeps the count reached for each base (every lower
  /// suffix is taken), so many breaks with one id cost linear time, not quadratic.
  private static func uniqueID(
    _ adBreak: AdBreak, taken: inout Set<String>, nextSuffix: inout [String: Int]
  ) -> String {
    var id = adBreak.id
    if taken.contains(id) { id += ".MSN-\(adBreak.mediaSequence)" }
    let base = id
    var n = nextSuffix[base] ?? 2
    while taken.contains(id) {
      id = "\(base).\(n)"
      n += 1
    }
    nextSuffix[base] = n
    taken.insert(id)
    return id
  }

  private static func makeBreak(_ signals: [AdSignal], _ input: TimelineInput) -> AdBreak {
    let primary = signals[0]
    let mediaSequence =
      input.playlist.firstListedMediaSequence &+ UInt64(clamping: primary.startSegment)
    let id = signalID(signals, mediaSequence: mediaSequence)
    let measured = input.duration(primary.startSegment, primary.endSegment)
    let duration =
      primary.startedBeforeWindow ? measured : (primary.declaredEnd ?? measured)
    let planned =
      signals.lazy.compactMap(\.declaredSeconds).first
      ?? signals.lazy.compactMap { $0.scte35?.breakDuration }.first
    var pdt = input.programDateTime(primary.startSegment)
    if pdt == nil, primary.dialect == .dateRange || primary.dialect == .interstitial,
      let text = primary.opening?.attribute("START-DATE")
    {
      pdt = DateTime(text)
    }
    // A beacon's offset is from its own ad's start; the break's are from the break's start.
    let breakStart = input.start(primary.startSegment)
    let beacons = signals.flatMap { signal in
      let shift = input.start(signal.startSegment) - breakStart
      return signal.beacons.map { beacon in
        var shifted = beacon
        shifted.offset = beacon.offset + shift
        return shifted
      }
    }.sorted { ($0.offset, $0.line) < ($1.offset, $1.line) }
    return AdBreak(
      id: id, periodId: id, dialect: primary.dialect, start: input.start(primary.startSegment),
      duration: duration, plannedDuration: planned, startSegment: primary.startSegment,
      mediaSequence: mediaSequence,
      endSegment: primary.endSegment, open: primary.open,
      startedBeforeWindow: primary.startedBeforeWindow, programDateTime: pdt,
      scte35: signals.lazy.compactMap(\.scte35).first, beacons: beacons, signals: signals,
      interstitial: signals.lazy.compactMap(\.interstitial).first)
  }
}
