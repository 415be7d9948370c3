import ManifestCore

/// segmentation_descriptor() (SCTE 35 §10.3.3): what a time_signal or splice_insert marks
/// (a program, chapter, break, ad, placement opportunity…), with its id, duration and UPID.
public struct SegmentationDescriptor: Sendable, Hashable {
  /// `segmentation_event_id`.
  public var segmentationEventId: UInt32
  /// `segmentation_event_cancel_indicator`: when set, no field below is transmitted.
  public var segmentationEventCancelIndicator: Bool
  /// `segmentation_event_id_compliance_indicator` (SCTE 35 2022; reserved, so 1, before).
  public var segmentationEventIdComplianceIndicator: Bool
  /// The delivery restrictions; `nil` when `delivery_not_restricted_flag` is 1.
  public var deliveryRestrictions: DeliveryRestrictions?
  /// The components of component segmentation mode; `nil` when `program_segmentation_flag`
  /// is 1.
  public var components: [SegmentationComponent]?
  /// `segmentation_duration` in 90 kHz ticks (40 bits), present when
  /// `segmentation_duration_flag` is 1.
  public var segmentationDuration: UInt64?
  /// `segmentation_upid_type` and `segmentation_upid()`.
  public var segmentationUpid: SegmentationUPID
  /// `segmentation_type_id` (Table 23).
  public var segmentationTypeId: UInt8
  /// `segment_num`.
  public var segmentNum: UInt8
  /// `segments_expected`.
  public var segmentsExpected: UInt8
  /// `sub_segment_num`, sent for the types of `SegmentationType.subSegmentTypes` by encoders
  /// following SCTE 35 2016 or later.
  public var subSegmentNum: UInt8?
  /// `sub_segments_expected`, sent with `sub_segment_num`.
  public var subSegmentsExpected: UInt8?
  /// The reserved bits as transmitted when they are not all ones (6 after the compliance
  /// indicator, then 5 after `delivery_not_restricted_flag` when it is 1, as one value);
  /// `nil` otherwise.
  public var reservedBits: UInt16?

  /// A segmentation descriptor; by default a program-wide, unrestricted one without UPID.
  @inline(__always)
  public init(
    segmentationEventId: UInt32, segmentationEventCancelIndicator: Bool = false,
    segmentationEventIdComplianceIndicator: Bool = true,
    deliveryRestrictions: DeliveryRestrictions? = nil,
    components: [SegmentationComponent]? = nil, segmentationDuration: UInt64? = nil,
    segmentationUpid: SegmentationUPID = SegmentationUPID(type: 0, bytes: []),
    segmentationTypeId: UInt8 = 0, segmentNum: UInt8 = 0, segmentsExpected: UInt8 = 0,
    subSegmentNum: UInt8? = nil, subSegmentsExpected: UInt8? = nil, reservedBits: UInt16? = nil
  ) {
    self.segmentationEventId = segmentationEventId
    self.segmentationEventCancelIndicator = segmentationEventCancelIndicator
    self.segmentationEventIdComplianceIndicator = segmentationEventIdComplianceIndicator
    self.deliveryRestrictions = deliveryRestrictions
    self.components = components
    self.segmentationDuration = segmentationDuration
    self.segmentationUpid = segmentationUpid
    self.segmentationTypeId = segmentationTypeId
    self.segmentNum = segmentNum
    self.segmentsExpected = segmentsExpected
    self.subSegmentNum = subSegmentNum
    self.subSegmentsExpected = subSegmentsExpected
    self.reservedBits = reservedBits
  }

  /// `program_segmentation_flag`.
  public var programSegmentationFlag: Bool { components == nil }
  /// `segmentation_duration_flag`.
  public var segmentationDurationFlag: Bool { segmentationDuration != nil }
  /// `delivery_not_restricted_flag`.
  public var deliveryNotRestrictedFlag: Bool { deliveryRestrictions == nil }

  /// `segmentation_duration` in seconds (exact when it terminates within 9 digits).
  public var segmentationDurationSeconds: ExactDecimal? {
    segmentationDuration.map(PTS.seconds)
  }

  /// The "Segmentation Message" of the type id (Table 23), such as
  /// `Provider Placement Opportunity Start`.
  public var segmentationMessage: String { SegmentationType.message(segmentationTypeId) }
}

/// The delivery restriction flags of a segmentation_descriptor() (SCTE 35 §10.3.3.1).
public struct DeliveryRestrictions: Sendable, Hashable {
  /// `web_delivery_allowed_flag`.
  public var webDeliveryAllowedFlag: Bool
  /// `no_regional_blackout_flag`.
  public var noRegionalBlackoutFlag: Bool
  /// `archive_allowed_flag`.
  public var archiveAllowedFlag: Bool
  /// `device_restrictions` (2 bits, Table 22).
  public var deviceRestrictions: UInt8

  /// Delivery restrictions.
  public init(
    webDeliveryAllowedFlag: Bool, noRegionalBlackoutFlag: Bool, archiveAllowedFlag: Bool,
    deviceRestrictions: UInt8
  ) {
    self.webDeliveryAllowedFlag = webDeliveryAllowedFlag
    self.noRegionalBlackoutFlag = noRegionalBlackoutFlag
    self.archiveAllowedFlag = archiveAllowedFlag
    self.deviceRestrictions = deviceRestrictions
  }

  /// The meaning of `device_restrictions` (Table 22): `Restrict Group 0`…`No Restrictions`.
  public var deviceRestrictionsName: String {
    switch deviceRestrictions {
    case 0: "Restrict Group 0"
    case 1: "Restrict Group 1"
    case 2: "Restrict Group 2"
    default: "No Restrictions"
    }
  }
}

/// One component of a component-mode segmentation_descriptor().
public struct SegmentationComponent: Sendable, Hashable {
  /// `component_tag`.
  public var componentTag: UInt8
  /// `pts_offset` in 90 kHz ticks (33 bits), added to the command's splice time.
  public var ptsOffset: UInt64
  /// The 7 reserved bits as transmitted when they are not all ones; `nil` otherwise.
  public var reservedBits: UInt8?

  /// A component.
  public init(componentTag: UInt8, ptsOffset: UInt64, reservedBits: UInt8? = nil) {
    self.componentTag = componentTag
    self.ptsOffset = ptsOffset
    self.reservedBits = reservedBits
  }
}
