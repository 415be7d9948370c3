import AdInsertion
import HLS
import ManifestCore
import SCTE35

/// What the ad rules share: the playlist, its ad-break timeline (read once, by AdInsertion),
/// and each segment's start time.
struct AdInput {
  let media: MediaPlaylist
  let timeline: AdTimeline
  /// `starts[i]` is the start of segment `i`; `starts[count]` the playlist's duration.
  let starts: [ExactDecimal]

  init(_ media: MediaPlaylist) {
    self.media = media
    timeline = AdTimeline(media)
    var starts: [ExactDecimal] = []
    starts.reserveCapacity(media.segments.count + 1)
    var time = ExactDecimal.zero
    for i in media.segments.indices {
      starts.append(time)
      time += media.segments.duration(at: i)
    }
    starts.append(time)
    self.starts = starts
  }

  /// Every dialect's account of every break, in break order.
  var signals: [AdSignal] { timeline.breaks.flatMap(\.signals) }

  /// The number of segments.
  var segmentCount: Int { starts.count - 1 }

  /// The start of segment `index` (the playlist's duration past the last one).
  func start(_ index: Int) -> ExactDecimal { starts[min(max(index, 0), starts.count - 1)] }

  /// The summed EXTINF of the signal's segments (zero when it has none).
  func measured(_ signal: AdSignal) -> ExactDecimal {
    guard let last = signal.endSegment, last >= signal.startSegment else { return .zero }
    return start(last + 1) - start(signal.startSegment)
  }

  /// `first`–`last` or the one segment's number, as media sequence numbers.
  func segments(_ signal: AdSignal) -> String {
    let first = media.firstListedMediaSequence + signal.startSegment
    guard let end = signal.endSegment else { return "no segment" }
    let last = media.firstListedMediaSequence + end
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
  static func hex(_ value: UInt8) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" + digits : digits)
  }
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
