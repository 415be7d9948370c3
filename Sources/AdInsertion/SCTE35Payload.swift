import ManifestCore
import SCTE35

/// A SCTE-35 splice_info_section carried by an ad-marker tag: the text as written (base64 or
/// `0x` hex) and what SCTE35 decoded from it, errors and warnings included, so an audit can
/// report an undecodable payload or a bad CRC and still see what could be read.
public struct SCTE35Payload: Sendable, Equatable {
  /// The payload text as written in the tag (quotes removed).
  public var text: String
  /// Where the payload text starts.
  public var location: SourceLocation
  /// The decode result (SCTE 35 §9.2).
  public var decoding: SCTE35Decoding

  /// Decodes `text`, found at `location`.
  public init(text: String, location: SourceLocation) {
    self.text = text
    self.location = location
    decoding = SpliceInfoSection.decode(text)
  }

  /// The decoded section, when decoding did not stop on an error.
  public var section: SpliceInfoSection? { decoding.succeeded ? decoding.section : nil }

  /// What the cue says about an ad break, read from the command (splice_insert
  /// `out_of_network_indicator`, SCTE 35 §9.7.3) or from the first segmentation descriptor with
  /// an ad-related segmentation_type_id (§10.3.3.1, Table 22): an even start type opens, the
  /// following odd end type closes. `nil` for cancelled events and other cues. Unlike SCTE35's
  /// `isOut`, program and chapter starts (0x10, 0x20) do not open an ad break here.
  public var role: AdMarker.Role? {
    guard let section else { return nil }
    if let insert = section.spliceInsert {
      if insert.spliceEventCancelIndicator { return nil }
      return insert.outOfNetworkIndicator ? .out : .in
    }
    for segmentation in section.segmentationDescriptors
    where !segmentation.segmentationEventCancelIndicator {
      let type = segmentation.segmentationTypeId
      if Self.breakStartTypes.contains(type) { return .out }
      if type > 0, Self.breakStartTypes.contains(type - 1) { return .in }
    }
    return nil
  }

  /// The break length the cue declares in seconds: splice_insert break_duration (§9.8.2), else
  /// the segmentation_duration of its first ad-related segmentation descriptor (§10.3.3.1).
  public var breakDuration: ExactDecimal? {
    guard let section else { return nil }
    if let duration = section.spliceInsert?.breakDuration {
      return ExactDecimal.ratio(Int64(duration.duration), 90_000)
    }
    let segmentation = section.segmentationDescriptors.first {
      Self.breakStartTypes.contains($0.segmentationTypeId) && $0.segmentationDuration != nil
    }
    return segmentation?.segmentationDuration.map { ExactDecimal.ratio(Int64($0), 90_000) }
  }

  /// The splice_event_id of a splice_insert, else the segmentation_event_id (SCTE35's
  /// `SpliceInfoSection.segmentationEventId`).
  public var eventId: UInt32? {
    guard let section else { return nil }
    return section.spliceEventId ?? section.segmentationEventId
  }

  /// Segmentation types that start an ad or placement opportunity (SCTE 35 Table 22): break
  /// 0x22, provider/distributor advertisement 0x30/0x32, placement opportunity 0x34/0x36,
  /// overlay placement opportunity 0x38/0x3A, promotion 0x3C/0x3E, ad block 0x44/0x46.
  static let breakStartTypes: Set<UInt8> = [
    0x22, 0x30, 0x32, 0x34, 0x36, 0x38, 0x3A, 0x3C, 0x3E, 0x44, 0x46,
  ]
}
