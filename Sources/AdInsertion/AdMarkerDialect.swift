/// The ways SSAI playlists mark ad breaks. The raw values are the `dialect` strings of
/// `m3u8-tool ads --format json` (docs/cli-contract.md).
public enum AdMarkerDialect: String, Sendable, Hashable, CaseIterable {
  /// `#EXT-X-CUE-OUT` / `#EXT-X-CUE-OUT-CONT` / `#EXT-X-CUE-IN` without a SCTE-35 payload
  /// (AWS Elemental "Elemental" style, Google DAI, MediaTailor input).
  case cueOut = "cue-out"
  /// The same tags with `#EXT-OATCLS-SCTE35` (and usually `#EXT-X-ASSET`) on the splice
  /// segments: Elemental's "SCTE-35 enhanced" style; also a lone EXT-OATCLS-SCTE35.
  case oatcls
  /// `#EXT-X-DATERANGE` with SCTE35-OUT / SCTE35-IN (RFC 8216bis §4.4.5.1.4).
  case dateRange = "daterange"
  /// `#EXT-X-SCTE35:CUE="…",CUE-OUT=YES|CONT`, `CUE-IN=YES`.
  case scte35Tag = "scte35-tag"
  /// `#EXT-SCTE35:CUE="<base64>"[,ID="…"][,TIME=…]` as grafov/m3u8 writes and reads it (its
  /// `SCTE35_67_2014` syntax): the cue alone says whether it opens or closes a break.
  case extScte35 = "ext-scte35"
  /// `#EXT-X-SPLICEPOINT-SCTE35:<base64>` (AWS MediaTailor).
  case splicePoint = "splicepoint"
  /// `#EXT-X-CUE:TYPE=SpliceOut,…` / `#EXT-X-CUE-CONT` (Adobe Primetime).
  case adobeCue = "adobe-cue"
  /// `#EXT-X-BEACON:AD_LENGTH=…` blocks with `EVENT=…,URL=…` tracking beacons.
  case beacon
  /// `#EXT-X-DATERANGE` with `CLASS="com.apple.hls.interstitial"` (RFC 8216bis Appendix D,
  /// Apple's HLS Interstitials): server-guided ad insertion.
  case interstitial
  /// No marker: a run of segments between EXT-X-DISCONTINUITY tags from another origin than
  /// the content's (`AdTimeline.Detection.discontinuities`, opt-in).
  case discontinuity
}
