import ManifestCore

/// What a cue means for an ad break, read from its command and segmentation descriptors
/// (SCTE 35 §9.7.3, §10.3.3; segmentation types in `SegmentationType`).
extension SpliceInfoSection {
  /// The splice_insert command, if that is the command.
  public var spliceInsert: SpliceInsert? {
    if case .spliceInsert(let insert) = command { return insert }
    return nil
  }

  /// The segmentation descriptors, in order.
  public var segmentationDescriptors: [SegmentationDescriptor] {
    descriptors.compactMap(\.segmentation)
  }

  /// The splice time of a time_signal or program-mode splice_insert with `pts_adjustment`
  /// added modulo 2^33 (§9.6.1), in 90 kHz ticks; `nil` for other commands, splice immediate
  /// and unspecified times.
  public var ptsTime: UInt64? {
    let time: SpliceTime?
    switch command {
    case .timeSignal(let signal): time = signal.spliceTime
    case .spliceInsert(let insert) where !insert.spliceEventCancelIndicator:
      time = insert.spliceTime
    default: time = nil
    }
    return time?.adjustedPTSTime(ptsAdjustment: ptsAdjustment)
  }

  /// `ptsTime` in seconds.
  public var ptsTimeSeconds: ExactDecimal? { ptsTime.map(PTS.seconds) }

  /// True when the cue opens an ad break (an OUT): a splice_insert leaving the network
  /// (`out_of_network_indicator` 1, §9.7.3), or a segmentation descriptor of an ad-break start
  /// type (`SegmentationType.isAdBreakStart`). Cancelled events are neither OUT nor IN.
  public var isAdBreakOut: Bool {
    if let insert = spliceInsert {
      return !insert.spliceEventCancelIndicator && insert.outOfNetworkIndicator
    }
    return adBreakStartDescriptor != nil
  }

  /// True when the cue closes an ad break (an IN): a splice_insert returning to the network
  /// (`out_of_network_indicator` 0), or a segmentation descriptor of an ad-break end type
  /// (`SegmentationType.isAdBreakEnd`).
  public var isAdBreakIn: Bool {
    if let insert = spliceInsert {
      return !insert.spliceEventCancelIndicator && !insert.outOfNetworkIndicator
    }
    return adBreakEndDescriptor != nil
  }

  /// True when the cue marks only content boundaries: a time_signal (no splice_insert) whose
  /// segmentation descriptors, none cancelled, are all of types that are not ad breaks
  /// (program 0x10/0x11, chapter 0x20/0x21, content identification 0x01, …). Packagers put
  /// these in EXT-X-DATERANGE SCTE35-OUT/SCTE35-IN too (RFC 8216bis §4.4.5.1.1 maps every
  /// start/end pair there), so the tag alone does not make an ad break.
  public var marksContentBoundaryOnly: Bool {
    guard spliceInsert == nil else { return false }
    let descriptors = segmentationDescriptors
    return !descriptors.isEmpty
      && descriptors.allSatisfy {
        !$0.segmentationEventCancelIndicator
          && !SegmentationType.isAdBreakStart($0.segmentationTypeId)
          && !SegmentationType.isAdBreakEnd($0.segmentationTypeId)
      }
  }

  /// True when the splice_insert or a segmentation descriptor cancels its event.
  public var isCancel: Bool {
    if spliceInsert?.spliceEventCancelIndicator == true { return true }
    return segmentationDescriptors.contains { $0.segmentationEventCancelIndicator }
  }

  /// The first segmentation descriptor, not cancelled, of an ad-break start type.
  public var adBreakStartDescriptor: SegmentationDescriptor? {
    firstDescriptor(SegmentationType.isAdBreakStart)
  }

  /// The first segmentation descriptor, not cancelled, of an ad-break end type.
  public var adBreakEndDescriptor: SegmentationDescriptor? {
    firstDescriptor(SegmentationType.isAdBreakEnd)
  }

  /// The first segmentation descriptor, not cancelled, of any start type (a program, chapter,
  /// break, ad…: `SegmentationType.isStart`).
  public var startDescriptor: SegmentationDescriptor? { firstDescriptor(SegmentationType.isStart) }

  /// The first segmentation descriptor, not cancelled, of any end type.
  public var endDescriptor: SegmentationDescriptor? { firstDescriptor(SegmentationType.isEnd) }

  /// `splice_event_id` of a splice_insert.
  public var spliceEventId: UInt32? { spliceInsert?.spliceEventId }

  /// `segmentation_event_id` of the ad-break start descriptor, else of the ad-break end one,
  /// else of the first start, end or other segmentation descriptor.
  public var segmentationEventId: UInt32? {
    (adBreakStartDescriptor ?? adBreakEndDescriptor ?? startDescriptor ?? endDescriptor
      ?? segmentationDescriptors.first)?.segmentationEventId
  }

  /// The splice_insert `break_duration` in seconds (exact when it terminates within 9 digits).
  public var breakDuration: ExactDecimal? { spliceInsert?.breakDuration?.seconds }

  /// `segmentation_duration` of the ad-break start descriptor, else of the first descriptor
  /// that has one, in seconds.
  public var segmentationDuration: ExactDecimal? {
    (adBreakStartDescriptor?.segmentationDurationSeconds)
      ?? segmentationDescriptors.lazy.compactMap(\.segmentationDurationSeconds).first
  }

  /// The planned length of the segment the cue marks: `break_duration`, else
  /// `segmentation_duration`.
  public var duration: ExactDecimal? { breakDuration ?? segmentationDuration }

  /// The planned length of the ad break the cue opens: `break_duration` (§9.8.2), else the
  /// `segmentation_duration` of the first ad-break start descriptor that has one (§10.3.3.1);
  /// `nil` for other cues (a program start's duration is not a break's).
  public var adBreakDuration: ExactDecimal? {
    if let breakDuration { return breakDuration }
    return segmentationDescriptors.first {
      SegmentationType.isAdBreakStart($0.segmentationTypeId) && $0.segmentationDuration != nil
    }?.segmentationDurationSeconds
  }

  private func firstDescriptor(_ type: (UInt8) -> Bool) -> SegmentationDescriptor? {
    segmentationDescriptors.first {
      !$0.segmentationEventCancelIndicator && type($0.segmentationTypeId)
    }
  }
}
