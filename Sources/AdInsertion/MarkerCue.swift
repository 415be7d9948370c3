import ManifestCore
import SCTE35

/// The SCTE-35 cue an ad-marker tag carries: the splice_info_section text as written (base64
/// or `0x` hex) and what SCTE35 decoded from it, errors and warnings included, so an audit can
/// report an undecodable payload or a bad CRC and still see what could be read, plus what the
/// cue means for the marker's break (`role`, `breakDuration`, `eventId`).
public struct MarkerCue: Sendable, Equatable {
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

  /// `cue`'s text and decode result, found at `location`.
  init(decoded cue: MarkerCue, location: SourceLocation) {
    text = cue.text
    self.location = location
    decoding = cue.decoding
  }

  /// The decoded section, when decoding did not stop on an error.
  public var section: SpliceInfoSection? { decoding.succeeded ? decoding.section : nil }

  /// What the cue says about an ad break, read from the command (splice_insert
  /// `out_of_network_indicator`, SCTE 35 §9.7.3) or from the first segmentation descriptor,
  /// not cancelled, of an ad-break type (§10.3.3.1, `SegmentationType.isAdBreakStart` opens,
  /// `isAdBreakEnd` closes). `nil` for cancelled events and other cues (program and chapter
  /// boundaries among them).
  public var role: AdMarker.Role? {
    guard let section else { return nil }
    if let insert = section.spliceInsert {
      if insert.spliceEventCancelIndicator { return nil }
      return insert.outOfNetworkIndicator ? .out : .in
    }
    for segmentation in section.segmentationDescriptors
    where !segmentation.segmentationEventCancelIndicator {
      let type = segmentation.segmentationTypeId
      if SegmentationType.isAdBreakStart(type) { return .out }
      if SegmentationType.isAdBreakEnd(type) { return .in }
    }
    return nil
  }

  /// The break length the cue declares in seconds (SCTE35's
  /// `SpliceInfoSection.adBreakDuration`).
  public var breakDuration: ExactDecimal? { section?.adBreakDuration }

  /// The splice_event_id of a splice_insert, else the segmentation_event_id (SCTE35's
  /// `SpliceInfoSection.segmentationEventId`).
  public var eventId: UInt32? {
    guard let section else { return nil }
    return section.spliceEventId ?? section.segmentationEventId
  }
}
