/// Which thumbnail a lookup picks for a playhead position.
public enum ThumbnailLookupRule: String, Sendable, CaseIterable {
  /// The cue whose interval `[start, end)` holds the time (WebVTT cue timing, W3C WebVTT
  /// §6.2 "current cues"): none before the first cue or in a gap; past the end, the last cue.
  case containing
  /// The nearest cue starting at or after the time (a cue starting exactly at the time is
  /// taken): the first cue before the first start, the last cue past the last start. Never none
  /// for a non-empty track. Issue 20 names this as the SDKs' scrubbing rule; no public SDK
  /// documentation found states it (Bitmovin's Android `Source.getThumbnail` fills a gap from
  /// the thumbnail before; docs/thumbnails.md has the sources).
  case next
}
