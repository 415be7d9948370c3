import HLS
import ManifestCore

/// When and how a client reloads a variant next (RFC 8216bis §6.3.4): a target duration after
/// the last load began when the playlist changed, half of it when it did not; at once, as an
/// LL-HLS blocking request (`_HLS_msn`, `_HLS_part`, §6.2.5.2), when the server offers
/// CAN-BLOCK-RELOAD=YES.
public struct LiveReload: Sendable, Hashable {
  /// The variant.
  public var variant: String
  /// The earliest wall-clock time to send the request.
  public var at: DateTime
  /// The URL to request: the variant with the delivery directives for a blocking reload.
  public var url: String
  /// `_HLS_msn`, or `nil` for a plain reload.
  public var mediaSequence: UInt64?
  /// `_HLS_part`, or `nil`.
  public var part: Int?

  /// Creates a schedule entry.
  public init(variant: String, at: DateTime, url: String, mediaSequence: UInt64?, part: Int?) {
    self.variant = variant
    self.at = at
    self.url = url
    self.mediaSequence = mediaSequence
    self.part = part
  }

  /// The reload after `playlist`, whose load began at `started` and which `changed` or not.
  init(variant: String, after playlist: MediaPlaylist, started: DateTime, changed: Bool) {
    let request = BlockingReloadRequest(
      after: playlist, url: variant, parts: playlist.partInformation != nil, skip: false)
    let target = ExactDecimal(playlist.targetDuration ?? 0)
    let wait: ExactDecimal =
      request.mediaSequence != nil
      ? .zero
      : changed ? target : ExactDecimal(significand: Int64(target.integerPart) * 5, scale: 1)
    self.init(
      variant: variant, at: started.adding(seconds: wait), url: request.url,
      mediaSequence: request.mediaSequence, part: request.part)
  }
}
