import AdInsertion
import HLS
import ManifestCore
import SCTE35

/// Ad-marker rules on the SCTE-35 cues the tags carry: CRC, the cue's role against the tag's,
/// durations, event ids, segmentation pairing, repeated and cancelled cues, MediaTailor splice
/// points.
enum AdSCTE35Rules {
  static let crcInvalid = AuditRule(
    id: "ads.scte35-crc-invalid", severity: .error, scope: .media,
    summary: "A SCTE-35 payload whose CRC_32 does not match its section (each payload once).",
    rationale: "Strict decoders drop the cue; a bad CRC usually means the payload was cut or "
      + "edited.",
    reference: "SCTE 35 §9.2 (CRC_32); docs/ad-audit-rules.md AM021")
  static let roleMismatch = AuditRule(
    id: "ads.scte35-role-mismatch", severity: .error, scope: .media,
    summary: "An opening tag whose cue is not an OUT (splice_insert out_of_network_indicator=0, "
      + "a time_signal without an ad start type), or a closing tag whose cue is an OUT.",
    rationale: "Consumers that trust the cue see the opposite of what the tag says.",
    reference: "SCTE 35 §9.7.3, §10.3.3.1 Table 23; docs/ad-audit-rules.md AM022")
  static let durationMismatch = AuditRule(
    id: "ads.scte35-duration-mismatch", severity: .warning, scope: .media,
    summary: "The cue's break_duration or segmentation_duration differs from the duration the "
      + "tag declares by more than the tolerance.",
    rationale: "Consumers reading the cue and those reading the tag size the break differently.",
    reference: "SCTE 35 §9.8.2, §10.3.3.1; docs/ad-audit-rules.md AM023")
  static let eventIDMismatch = AuditRule(
    id: "ads.scte35-event-id-mismatch", severity: .warning, scope: .media,
    summary: "The IN splice_insert's splice_event_id differs from the OUT's.",
    rationale: "Pairing by event id fails; common in public samples, hence a warning.",
    reference: "SCTE 35 §9.7.3; docs/ad-audit-rules.md AM024")
  static let segmentationPairing = AuditRule(
    id: "ads.segmentation-pairing", severity: .error, scope: .media,
    summary: "The IN cue's segmentation descriptor does not end the OUT's: another "
      + "segmentation_event_id, or a type that is not the start type + 1.",
    rationale: "The end does not close the segment that was opened; consumers keep both.",
    reference: "SCTE 35 §10.3.3.1; docs/ad-audit-rules.md AM025")
  static let duplicateCue = AuditRule(
    id: "ads.scte35-duplicate-cue", severity: .info, scope: .media,
    summary: "The same cue repeated on the next segment by a tag that is not a continuation.",
    rationale: "Harmless for most consumers, but some open the break twice.",
    reference: "docs/ad-audit-rules.md AM026")
  static let cancelledEvent = AuditRule(
    id: "ads.scte35-cancelled-event", severity: .warning, scope: .media,
    summary: "A cue with splice_event_cancel_indicator or segmentation_event_cancel_indicator "
      + "set, on a break the playlist still shows.",
    rationale: "A cancelled splice SHOULD NOT appear as a break.",
    reference: "SCTE 35 §9.7.3; RFC 8216bis §4.4.5.1.1; docs/ad-audit-rules.md AM027")
  static let splicePointType = AuditRule(
    id: "ads.splicepoint-type", severity: .warning, scope: .media,
    summary: "An EXT-X-SPLICEPOINT-SCTE35 cue that is not a time_signal with segmentation type "
      + "0x34 (placement opportunity start) or 0x35 (end).",
    rationale: "MediaTailor acts only on those.",
    reference: "docs/ad-audit-rules.md AM029; AWS MediaTailor SCTE-35 messages", isOptIn: true)

  static let rules = [
    crcInvalid, roleMismatch, durationMismatch, eventIDMismatch, segmentationPairing,
    duplicateCue, cancelledEvent, splicePointType,
  ]

  static func check(_ input: AdInput, _ context: inout AuditContext) {
    let tolerance = context.options.tolerance
    var reportedCRC = Set<String>()
    var all: [AdMarker] = []
    for signal in input.signals {
      let markers = signal.markers
      all += markers
      for marker in markers {
        guard let payload = marker.scte35 else { continue }
        if payload.decoding.section != nil, payload.decoding.crc32 != nil,
          !payload.decoding.crcValid, reportedCRC.insert(payload.text).inserted
        {
          let reason =
            payload.decoding.warnings.first { $0.code == "crc-mismatch" }?.reason
            ?? "CRC_32 does not match"
          context.report(
            crcInvalid, "\(marker.tag) SCTE-35 CRC_32 \(reason)", at: marker.location)
        }
        guard let section = payload.section else { continue }
        if section.isCancel {
          context.report(
            cancelledEvent,
            "\(marker.tag) on line \(marker.line) carries a cancelled cue "
              + "(\(CueDescription.describe(section))), but the playlist still marks a break",
            at: marker.location)
        }
        if marker.dialect == .splicePoint { checkSplicePoint(marker, section, &context) }
      }
      checkRoles(signal, &context)
      checkDuration(signal, tolerance, &context)
      checkPairing(signal, &context)
    }
    checkDuplicates(all.sorted { $0.location.offset < $1.location.offset }, &context)
  }

  /// The cues of the tags that open the signal (the opening tag, and extras on its segment).
  private static func openingCues(_ signal: AdSignal) -> [AdMarker] {
    guard let opening = signal.opening else { return [] }
    return [opening]
      + signal.extras.filter { $0.segmentIndex == opening.segmentIndex && $0.role == .data }
      .filter { $0.scte35?.section != nil }
  }

  /// The cues of the tags that close the signal.
  private static func closingCues(_ signal: AdSignal) -> [AdMarker] {
    guard let closing = signal.closing else { return [] }
    return [closing]
      + signal.extras.filter {
        $0.segmentIndex == closing.segmentIndex && $0.role == .data
          && $0.segmentIndex != signal.opening?.segmentIndex
      }
  }

  private static func checkRoles(_ signal: AdSignal, _ context: inout AuditContext) {
    for marker in openingCues(signal) {
      guard let section = marker.scte35?.section, !section.isCancel else { continue }
      let role = marker.scte35?.role
      if role == .in || (role == nil && section.spliceInsert == nil) {
        context.report(
          roleMismatch,
          "\(marker.tag) on line \(marker.line) opens a break, but its cue is "
            + "\(CueDescription.describe(section)), not an OUT", at: marker.location)
      }
    }
    for marker in closingCues(signal) {
      guard let section = marker.scte35?.section, !section.isCancel,
        marker.scte35?.role == .out
      else { continue }
      context.report(
        roleMismatch,
        "\(marker.tag) on line \(marker.line) closes a break, but its cue is "
          + "\(CueDescription.describe(section)), an OUT", at: marker.location)
    }
  }

  private static func checkDuration(
    _ signal: AdSignal, _ tolerance: ExactDecimal, _ context: inout AuditContext
  ) {
    guard let declared = signal.opening?.declaredSeconds ?? signal.declaredSeconds else { return }
    for marker in openingCues(signal) {
      guard let duration = marker.scte35?.breakDuration,
        duration.differs(from: declared, by: tolerance)
      else { continue }
      context.report(
        durationMismatch,
        "\(marker.tag) on line \(marker.line) carries a cue of \(duration) s, but the break "
          + "declares \(declared) s (tolerance \(tolerance) s)", at: marker.location)
      return
    }
  }

  private static func checkPairing(_ signal: AdSignal, _ context: inout AuditContext) {
    guard let out = openingCues(signal).lazy.compactMap({ $0.scte35?.section }).first else {
      return
    }
    let opening = signal.opening
    for marker in closingCues(signal) {
      guard let section = marker.scte35?.section, !section.isCancel else { continue }
      if let outInsert = out.spliceInsert, let inInsert = section.spliceInsert,
        outInsert.spliceEventId != inInsert.spliceEventId
      {
        context.report(
          eventIDMismatch,
          "\(marker.tag) on line \(marker.line) closes splice_event_id "
            + "\(inInsert.spliceEventId), but the break opened on line \(opening?.line ?? 0) "
            + "has \(outInsert.spliceEventId)", at: marker.location)
      }
      guard
        let start = out.segmentationDescriptors.first(where: {
          SegmentationType.isAdBreakStart($0.segmentationTypeId)
        }),
        let end = section.segmentationDescriptors.first(where: {
          SegmentationType.isAdBreakEnd($0.segmentationTypeId)
        })
      else { continue }
      if end.segmentationEventId != start.segmentationEventId
        || end.segmentationTypeId != start.segmentationTypeId &+ 1
      {
        context.report(
          segmentationPairing,
          "\(marker.tag) on line \(marker.line) ends segmentation event "
            + "\(end.segmentationEventId) type \(CueDescription.hex(end.segmentationTypeId)), but "
            + "the break opened on line \(opening?.line ?? 0) started event "
            + "\(start.segmentationEventId) type \(CueDescription.hex(start.segmentationTypeId))",
          at: marker.location)
      }
    }
  }

  private static func checkSplicePoint(
    _ marker: AdMarker, _ section: SpliceInfoSection, _ context: inout AuditContext
  ) {
    let types = section.segmentationDescriptors.map(\.segmentationTypeId)
    guard case .timeSignal = section.command, types.contains(where: { $0 == 0x34 || $0 == 0x35 })
    else {
      context.report(
        splicePointType,
        "EXT-X-SPLICEPOINT-SCTE35 on line \(marker.line) is \(CueDescription.describe(section)); "
          + "MediaTailor needs a time_signal of type 0x34 or 0x35", at: marker.location)
      return
    }
  }

  /// The same payload on consecutive segments from tags that do not continue a break.
  private static func checkDuplicates(_ markers: [AdMarker], _ context: inout AuditContext) {
    var previous: AdMarker? = nil
    for marker in markers where marker.role != .cont && marker.scte35?.section != nil {
      if let previous, previous.scte35?.text == marker.scte35?.text,
        marker.segmentIndex == previous.segmentIndex + 1
      {
        context.report(
          duplicateCue,
          "\(marker.tag) on line \(marker.line) repeats the cue of line \(previous.line)",
          at: marker.location)
      }
      previous = marker
    }
  }
}
