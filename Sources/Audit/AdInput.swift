import AdInsertion
import HLS
import ManifestCore
import SCTE35

/// What the ad rules share: the playlist, its ad-break timeline (read once, by AdInsertion),
/// and each segment's start time (summed by the HLS parser).
struct AdInput {
  let media: MediaPlaylist
  let timeline: AdTimeline
  private let segments: SegmentList

  init(_ media: MediaPlaylist) {
    self.media = media
    timeline = AdTimeline(media)
    segments = media.segments
  }

  /// Every dialect's account of every break, in break order.
  var signals: [AdSignal] { timeline.breaks.flatMap(\.signals) }

  /// The number of segments.
  var segmentCount: Int { segments.count }

  /// The start of segment `index` (the playlist's duration past the last one).
  func start(_ index: Int) -> ExactDecimal {
    index < segments.count ? segments.startTime(at: max(index, 0)) : media.totalDuration
  }

  /// The summed EXTINF of the signal's segments (zero when it has none).
  func measured(_ signal: AdSignal) -> ExactDecimal {
    guard let last = signal.endSegment, last >= signal.startSegment else { return .zero }
    return start(last + 1) - start(signal.startSegment)
  }

  /// `first`–`last` or the one segment's number, as media sequence numbers.
  func segments(_ signal: AdSignal) -> String {
    let first = media.firstListedMediaSequence &+ UInt64(clamping: signal.startSegment)
    guard let end = signal.endSegment else { return "no segment" }
    let last = media.firstListedMediaSequence &+ UInt64(clamping: end)
    return first == last ? "segment \(first)" : "segments \(first)–\(last)"
  }
}

/// How an audit finding describes a SCTE-35 cue (SCTE 35 §9.7.3, §10.3.3).
enum CueDescription {
  /// `splice_insert (event 1007, out_of_network_indicator=1)`,
  /// `time_signal (segmentation_type_id 0x35 Placement Opportunity End, event 42)`.
  static func describe(_ section: SpliceInfoSection) -> String {
    if let insert = section.spliceInsert {
      if insert.spliceEventCancelIndicator {
        return "splice_insert cancelling event \(insert.spliceEventId)"
      }
      return "splice_insert (event \(insert.spliceEventId), out_of_network_indicator="
        + "\(insert.outOfNetworkIndicator ? 1 : 0))"
    }
    let name = section.command.name
    guard let descriptor = section.segmentationDescriptors.first else {
      return "\(name) without a segmentation descriptor"
    }
    return "\(name) (segmentation_type_id \(hex(descriptor.segmentationTypeId)) "
      + "\(descriptor.segmentationMessage), event \(descriptor.segmentationEventId))"
  }

  /// `0x34`.
  static func hex(_ value: UInt8) -> String { "0x" + Hex.encode([value], uppercase: true) }
}

extension ExactDecimal {
  /// `factor × seconds` as a decimal, saturating instead of overflowing (a target duration can
  /// be any decimal-integer).
  static func times(_ factor: Int, _ seconds: Int) -> ExactDecimal {
    let (product, overflow) = seconds.multipliedReportingOverflow(by: factor)
    return ExactDecimal(overflow ? Int(Int64.max) : product)
  }

  /// True when `self` and `other` differ by more than `tolerance`.
  func differs(from other: ExactDecimal, by tolerance: ExactDecimal) -> Bool {
    (self - other).magnitude > tolerance
  }
}
