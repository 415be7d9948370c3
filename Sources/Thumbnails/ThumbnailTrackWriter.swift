import Subtitles

/// Writes a thumbnail track as WebVTT (W3C WebVTT §4) through the subtitle library's
/// `WebVTTWriter`: header, `STYLE` blocks, `NOTE` comments in place, then one cue per
/// thumbnail with its identifier, `hh:mm:ss.ttt` times and the image reference as payload. A
/// payload may not hold `-->` (W3C WebVTT §4.1): a reference holding it, as a URI read from an
/// HLS image playlist can, is written with that `>` percent-encoded (`--%3E`, the same URL).
public enum ThumbnailTrackWriter {
  /// The track as WebVTT bytes.
  public static func write(_ track: ThumbnailTrack) -> [UInt8] {
    WebVTTWriter.write(document(track))
  }

  /// The track as a WebVTT subtitle document whose cue texts are the image references.
  public static func document(_ track: ThumbnailTrack) -> SubtitleDocument {
    let cues = track.thumbnails.map { thumbnail in
      Cue(
        identifier: thumbnail.identifier, start: thumbnail.start, end: thumbnail.end,
        content: .text(CueText(markup: payload(thumbnail.reference), in: .webVTT)),
        settings: thumbnail.settings, line: thumbnail.line)
    }
    return SubtitleDocument(
      format: .webVTT, cues: cues, headerText: track.headerText, headerLines: track.headerLines,
      styleSheets: track.styleSheets, comments: track.comments)
  }

  /// `reference` with the `>` of each `-->` percent-encoded.
  private static func payload(_ reference: String) -> String {
    guard reference.contains("-->") else { return reference }
    return reference.split(separator: "-->", omittingEmptySubsequences: false)
      .joined(separator: "--%3E")
  }
}
