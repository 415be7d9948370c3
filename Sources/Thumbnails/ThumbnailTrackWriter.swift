import ManifestCore
import Subtitles

/// Writes a thumbnail track as WebVTT (W3C WebVTT §4) through the subtitle library's
/// `WebVTTWriter`: header, `STYLE` blocks, `NOTE` comments in place, then one cue per
/// thumbnail with its identifier, `hh:mm:ss.ttt` times and the image reference as payload. A
/// payload may not hold `-->` or control characters (W3C WebVTT §4.1, and a WebVTT file has no
/// NUL), and a reader trims the spaces at its ends: a reference holding them, as a URI read from
/// an HLS image playlist can, is written with them percent-encoded (`--%3E`, `%00`, `%20`: the
/// same URL, as RFC 3986 §2.1 spells it).
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

  /// `reference` with control characters, spaces at its ends and the `>` of each `-->`
  /// percent-encoded.
  static func payload(_ reference: String) -> String {
    let utf8 = reference.utf8
    guard
      utf8.first == 0x20 || utf8.last == 0x20 || utf8.contains(where: { $0 < 0x20 || $0 == 0x7F })
        || reference.contains("-->")
    else {
      return reference
    }
    let bytes = Array(utf8)
    let start = bytes.firstIndex { $0 != 0x20 } ?? bytes.count
    let inner = start..<(bytes.lastIndex { $0 != 0x20 }.map { $0 + 1 } ?? start)
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 8)
    for (i, byte) in bytes.enumerated() {
      if byte < 0x20 || byte == 0x7F || (byte == 0x20 && !inner.contains(i))
        || (byte == 0x3E && out.suffix(2) == [0x2D, 0x2D])
      {
        out += Array("%\(Hex.encode([byte], uppercase: true))".utf8)
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
