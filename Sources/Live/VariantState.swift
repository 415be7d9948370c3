import AdInsertion
import HLS
import ManifestCore

/// What the tracker keeps of one variant: its last reload, and its open ad breaks.
struct VariantState {
  /// The rendition it is, or `nil` for a variant.
  var rendition: LiveRendition?
  /// The last reload.
  var playlist: MediaPlaylist
  /// Its ad breaks, ids carried across reloads.
  var timeline: AdTimeline
  /// When the last reload arrived.
  var fetchedAt: DateTime
  /// When its load began.
  var loadStartedAt: DateTime
  /// When a reload last showed a change.
  var changedAt: DateTime
  /// Whether the last reload changed the playlist.
  var changed: Bool
  /// Whether the current stale stretch was reported.
  var staleReported = false
  /// The keys of the last segment, for key changes.
  var lastKeys: [KeySummary]
  /// Open breaks, by id (those whose markers slid out included).
  var open: [String: OpenBreak] = [:]
  /// Open breaks no longer in `timeline`, kept so that a later CUE-IN closes them.
  var carried: [AdBreak] = []
  /// Variants whose drift from this one was reported (until they are back in step).
  var drifting: Set<String> = []

  /// The media sequence number after the last listed segment.
  var nextMediaSequence: UInt64 { playlist.nextMediaSequence }

  /// True when its ad breaks are compared with `other`'s: variants and audio and video
  /// renditions with each other (as `ads.variant-breaks-mismatch`), subtitles with subtitles.
  func sharesBreaks(with other: VariantState) -> Bool {
    (rendition?.type == "SUBTITLES") == (other.rendition?.type == "SUBTITLES")
  }

  /// True when its live edge is compared with `other`'s: both variants, or both renditions of
  /// one TYPE (renditions may be cut into segments of other durations).
  func sharesEdge(with other: VariantState) -> Bool { rendition?.type == other.rendition?.type }
}

/// What a segment's EXT-X-KEY says, without its line.
struct KeySummary: Hashable {
  var method: String
  var uri: String?
  var iv: String?
  var keyFormat: String?

  init(_ key: EncryptionKey) {
    method = key.method.description
    uri = key.uri
    iv = key.iv
    keyFormat = key.keyFormat
  }
}

/// An open ad break as followed across reloads.
struct OpenBreak {
  /// Its stable id.
  var id: String
  /// Seconds of media from its start to the end of the last reload.
  var elapsed: ExactDecimal
  /// Its declared duration, once known.
  var planned: ExactDecimal?
  /// The last continuation's elapsed time, its segment and when it first appeared.
  var continuation: (elapsed: ExactDecimal, mediaSequence: UInt64, at: DateTime)?
  /// Reported problems (rule ids), each once per break.
  var reported: Set<LiveRule> = []
}
