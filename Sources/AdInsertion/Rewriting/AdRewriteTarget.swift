import ManifestCore

/// The dialects `AdMarkerRewriter` writes. The raw values are the `--rewrite` names of
/// `m3u8-tool ads` and, but for `interstitial`, the `dialect` strings of `ads --format json`.
public enum AdRewriteTarget: String, Sendable, Hashable, CaseIterable {
  /// `#EXT-X-CUE-OUT:<seconds>`, `#EXT-X-CUE-OUT-CONT:<elapsed>/<duration>` on every later
  /// segment of the break, `#EXT-X-CUE-IN` (AWS Elemental, MediaTailor input).
  case cueOut = "cue-out"
  /// The CUE-OUT tags with `#EXT-OATCLS-SCTE35:<base64>` on the splice segments and
  /// `ElapsedTime=…,Duration=…,SCTE35=…` continuations (Elemental's "SCTE-35 enhanced").
  case oatcls
  /// `#EXT-X-DATERANGE` with SCTE35-OUT, then one with the same ID, DURATION and SCTE35-IN
  /// (RFC 8216bis §4.4.5.1.4).
  case dateRange = "daterange"
  /// `#EXT-X-SCTE35:CUE="<base64>",CUE-OUT=YES|CONT` / `CUE-IN=YES` (Adobe, Anvato).
  case scte35Tag = "scte35-tag"
  /// `#EXT-X-BEACON:AD_LENGTH=<seconds>` and `EVENT=<name>,URL=<url>` beacons.
  case beacon
  /// Server-guided ad insertion: an `EXT-X-DATERANGE` of CLASS `com.apple.hls.interstitial`
  /// per break (Apple's HLS Interstitials; RFC 8216bis Appendix D).
  case interstitial

  /// The dialect the timeline reads the written tags as, or `nil` (interstitial).
  public var dialect: AdMarkerDialect? { AdMarkerDialect(rawValue: rawValue) }

  /// True when the written tags carry a SCTE-35 cue.
  public var carriesSCTE35: Bool { self == .oatcls || self == .dateRange || self == .scte35Tag }

  /// True when the target places breaks by date, through EXT-X-PROGRAM-DATE-TIME.
  public var needsProgramDateTime: Bool { self == .dateRange || self == .interstitial }

  /// The dialects whose tags the target's tags would be read together with (CUE-OUT and
  /// EXT-OATCLS-SCTE35 share EXT-X-CUE-OUT): `--keep-original` leaves a break marked in one of
  /// them as it is.
  var sharesTags: Set<AdMarkerDialect> {
    switch self {
    case .cueOut, .oatcls: [.cueOut, .oatcls]
    case .dateRange: [.dateRange]
    case .scte35Tag: [.scte35Tag]
    case .beacon: [.beacon]
    case .interstitial: []
    }
  }
}

extension AdMarkerRewriter {
  /// How the rewrite is done.
  public struct Options: Sendable, Hashable {
    /// The SCTE-35 command a built cue carries (SCTE 35 §9.7.3, §9.7.4).
    public enum SCTE35Command: String, Sendable, Hashable, CaseIterable {
      /// splice_insert out of network with break_duration and auto_return; splice_insert in.
      case spliceInsert = "splice-insert"
      /// time_signal with a Provider Placement Opportunity Start (0x34) / End (0x35)
      /// segmentation descriptor.
      case timeSignal = "time-signal"
    }

    /// Where an interstitial's X-RESUME-OFFSET comes from.
    public enum ResumeOffset: Sendable, Hashable {
      /// The break's duration: the interstitial replaces the stitched ad segments.
      case breakDuration
      /// These seconds for every break (`0` for ads inserted without replacing content).
      case seconds(ExactDecimal)
    }

    /// Adds the new tags beside the old ones instead of replacing them; a break already marked
    /// in the target dialect is left as it is.
    public var keepOriginal: Bool
    /// X-ASSET-URI or X-ASSET-LIST of an interstitial.
    public var asset: InterstitialAsset?
    /// X-RESUME-OFFSET of an interstitial.
    public var resumeOffset: ResumeOffset
    /// The program date-time of the first segment, for a playlist that has none: written as
    /// an EXT-X-PROGRAM-DATE-TIME before it, and used to date the breaks.
    public var epoch: DateTime?
    /// The command of a built SCTE-35 cue (a cue the source carries is kept).
    public var scte35Command: SCTE35Command

    /// Options; by default the old tags are replaced and built cues are splice_inserts.
    public init(
      keepOriginal: Bool = false, asset: InterstitialAsset? = nil,
      resumeOffset: ResumeOffset = .breakDuration, epoch: DateTime? = nil,
      scte35Command: SCTE35Command = .spliceInsert
    ) {
      self.keepOriginal = keepOriginal
      self.asset = asset
      self.resumeOffset = resumeOffset
      self.epoch = epoch
      self.scte35Command = scte35Command
    }
  }
}

/// The asset attribute of a written interstitial: X-ASSET-URI (one asset) or X-ASSET-LIST (a
/// JSON asset list), from a template.
public enum InterstitialAsset: Sendable, Hashable {
  /// X-ASSET-URI.
  case uri(AssetTemplate)
  /// X-ASSET-LIST.
  case list(AssetTemplate)
}
