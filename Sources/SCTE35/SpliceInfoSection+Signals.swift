import ManifestCore

/// What a cue means for an ad break, read from its command and segmentation descriptors
/// (SCTE 35 §9.7.3, §10.3.3; start types as in docs/ad-audit-rules.md AM022).
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

  /// True for an OUT: a splice_insert leaving the network (`out_of_network_indicator` 1), or a
  /// segmentation descriptor of a start type (0x10, 0x20, 0x22, 0x30, 0x32, 0x34, 0x36, 0x3C,
  /// 0x3E, 0x44, 0x46). Cancelled events are neither OUT nor IN.
  public var isOut: Bool {
    if let insert = spliceInsert {
      return !insert.spliceEventCancelIndicator && insert.outOfNetworkIndicator
    }
    return outDescriptor != nil
  }

  /// True for an IN: a splice_insert returning to the network (`out_of_network_indicator` 0),
  /// or a segmentation descriptor of an end type (a start type + 1).
  public var isIn: Bool {
    if let insert = spliceInsert {
      return !insert.spliceEventCancelIndicator && !insert.outOfNetworkIndicator
    }
    return inDescriptor != nil
  }

  /// True when the splice_insert or a segmentation descriptor cancels its event.
  public var isCancel: Bool {
    if spliceInsert?.spliceEventCancelIndicator == true { return true }
    return segmentationDescriptors.contains { $0.segmentationEventCancelIndicator }
  }

  /// The first segmentation descriptor of a start type that is not cancelled.
  public var outDescriptor: SegmentationDescriptor? {
    segmentationDescriptors.first {
      !$0.segmentationEventCancelIndicator && SegmentationType.isStart($0.segmentationTypeId)
    }
  }

  /// The first segmentation descriptor of an end type that is not cancelled.
  public var inDescriptor: SegmentationDescriptor? {
    segmentationDescriptors.first {
      !$0.segmentationEventCancelIndicator && SegmentationType.isEnd($0.segmentationTypeId)
    }
  }

  /// `splice_event_id` of a splice_insert.
  public var spliceEventId: UInt32? { spliceInsert?.spliceEventId }

  /// `segmentation_event_id` of the OUT descriptor, else the IN one, else the first
  /// segmentation descriptor.
  public var segmentationEventId: UInt32? {
    (outDescriptor ?? inDescriptor ?? segmentationDescriptors.first)?.segmentationEventId
  }

  /// The splice_insert `break_duration` in seconds (exact when it terminates within 9 digits).
  public var breakDuration: ExactDecimal? { spliceInsert?.breakDuration?.seconds }

  /// `segmentation_duration` of the OUT descriptor, else of the first descriptor that has one,
  /// in seconds.
  public var segmentationDuration: ExactDecimal? {
    (outDescriptor?.segmentationDurationSeconds)
      ?? segmentationDescriptors.lazy.compactMap(\.segmentationDurationSeconds).first
  }

  /// The planned length of the break: `break_duration`, else `segmentation_duration`.
  public var duration: ExactDecimal? { breakDuration ?? segmentationDuration }
}
