import ManifestCore
import SCTE35

/// The SCTE-35 cues a rewritten break carries: the source's own when it has them (their bytes,
/// re-encoded base64 ↔ hex as the target spells them), else cues built with the SCTE35
/// encoder, CRC_32 included (SCTE 35 §9.2).
struct RewriteCues {
  /// The splice_info_section that opens the break.
  var out: [UInt8]
  /// The one that closes it.
  var `in`: [UInt8]

  /// The cues of `adBreak`, `declared` the break_duration / segmentation_duration of a built
  /// one.
  init(
    _ adBreak: AdBreak, declared: ExactDecimal?, command: AdMarkerRewriter.Options.SCTE35Command
  ) throws(SCTE35Issue) {
    let markers = adBreak.signals.flatMap(\.markers)
    let sourceOut =
      [adBreak.scte35].compactMap { $0 }.first { $0.role == .out }
      ?? markers.lazy.compactMap(\.scte35).first { $0.role == .out }
    let sourceIn = markers.lazy.compactMap(\.scte35).first { $0.role == .in }
    let eventId = sourceOut?.eventId ?? Self.eventId(adBreak.id)
    if let kept = sourceOut.flatMap(Self.bytes) {
      out = kept
    } else {
      out = try Self.built(out: true, eventId: eventId, seconds: declared, command)
    }
    if let kept = sourceIn.flatMap(Self.bytes) {
      self.in = kept
    } else {
      self.in = try Self.built(out: false, eventId: eventId, seconds: nil, command)
    }
  }

  /// A stable splice_event_id / segmentation_event_id for a break without a cue: the 32-bit
  /// FNV-1a hash of its id.
  static func eventId(_ id: String) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for b in id.utf8 {
      hash ^= UInt32(b)
      hash = hash &* 0x0100_0193
    }
    return hash
  }

  /// The bytes of a cue as written (base64, or hex after `0x`); `nil` when they do not decode.
  private static func bytes(_ cue: MarkerCue) -> [UInt8]? {
    guard cue.section != nil else { return nil }
    let text = Array(cue.text.utf8)
    if text.count > 2, text[0] == 0x30, text[1] | 0x20 == 0x78 {
      return try? Hex.decode(text[2...])
    }
    return try? Base64.decode(text)
  }

  private static func built(
    out: Bool, eventId: UInt32, seconds: ExactDecimal?,
    _ command: AdMarkerRewriter.Options.SCTE35Command
  ) throws(SCTE35Issue) -> [UInt8] {
    let ticks = seconds.flatMap { PTS.ticks(seconds: $0) }
    switch command {
    case .spliceInsert:
      let insert = SpliceInsert(
        spliceEventId: eventId, outOfNetworkIndicator: out, spliceImmediateFlag: true,
        breakDuration: out ? ticks.map { BreakDuration(autoReturn: true, duration: $0) } : nil)
      return try SpliceInfoSection(command: .spliceInsert(insert)).encoded()
    case .timeSignal:
      // Provider Placement Opportunity Start / End (SCTE 35 Table 23).
      let segmentation = SegmentationDescriptor(
        segmentationEventId: eventId, segmentationDuration: out ? ticks : nil,
        segmentationTypeId: out ? 0x34 : 0x35)
      return try SpliceInfoSection(
        command: .timeSignal(TimeSignal(spliceTime: SpliceTime(ptsTime: nil))),
        descriptors: [.segmentation(segmentation)]
      ).encoded()
    }
  }
}
