/// How the stitched breaks are marked in the output (`--markers`): the break itself in one
/// dialect `AdTimeline` reads, and, unless `none`, each ad's tracking as `EXT-X-BEACON` tags.
public enum StitchMarkers: String, Sendable, Hashable, CaseIterable {
  /// `#EXT-X-CUE-OUT:<seconds>` … `#EXT-X-CUE-IN` (the default).
  case cueOut = "cue-out"
  /// `EXT-X-DATERANGE` with `SCTE35-OUT` and `SCTE35-IN` (needs PROGRAM-DATE-TIME).
  case dateRange = "daterange"
  /// `#EXT-X-SCTE35:CUE="…",CUE-OUT=YES` … `CUE-IN=YES`.
  case scte35Tag = "scte35-tag"
  /// The beacon tags alone (`#EXT-X-BEACON:AD_LENGTH=…` per ad).
  case beacon
  /// No marker and no beacon.
  case none
}

/// What a stitch does besides the plan: how breaks are marked, the slate that completes short
/// pods, and where the output is served from.
public struct StitchOptions: Sendable, Hashable {
  /// The marker dialect of the output.
  public var markers: StitchMarkers
  /// A media playlist whose segments complete a pod shorter than the break it replaces, or
  /// `nil` (then the rest of the break's content does).
  public var slate: String?
  /// Fill every marked break of the content, in order, in replace mode (`--at-markers`): the
  /// plan's breaks are taken in order whatever their `at`.
  public var atMarkers: Bool
  /// The URL the output is served from (`--base`): every URI written becomes absolute against
  /// it; `nil` writes paths relative to the output.
  public var base: String?

  /// Creates options.
  public init(
    markers: StitchMarkers = .cueOut, slate: String? = nil, atMarkers: Bool = false,
    base: String? = nil
  ) {
    self.markers = markers
    self.slate = slate
    self.atMarkers = atMarkers
    self.base = base
  }
}
