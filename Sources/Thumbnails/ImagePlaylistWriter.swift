import HLS
import ManifestCore
import Subtitles

/// Writes an HLS image media playlist (HLS Image Media Playlist specification v0.4, on RFC
/// 8216bis): `EXT-X-IMAGES-ONLY`, then per sheet an `EXTINF` with the time it covers, an
/// `EXT-X-TILES` with the tile RESOLUTION, the LAYOUT `columnsxrows` and the DURATION of one
/// tile (left out for a whole image), and the image URI (see `uriLine`).
public enum ImagePlaylistWriter {
  /// The playlist text for `sheets` (a VOD playlist with `EXT-X-ENDLIST`).
  public static func write(_ sheets: [SpriteSheet]) -> String {
    let longest = sheets.map { $0.duration.decimal.roundedToInteger }.max() ?? 1
    var out = "#EXTM3U\n#EXT-X-VERSION:7\n"
    out += "#EXT-X-TARGETDURATION:\(max(longest, 1))\n"
    out += "#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-IMAGES-ONLY\n"
    for sheet in sheets {
      out += "#EXTINF:\(decimal(sheet.duration)),\n"
      if let tiles = sheet.tiles {
        out += "#EXT-X-TILES:RESOLUTION=\(tiles.tileSize.width)x\(tiles.tileSize.height)"
        out += ",LAYOUT=\(tiles.columns)x\(tiles.rows),DURATION=\(decimal(tiles.tileDuration))\n"
      }
      out += uriLine(sheet.url) + "\n"
    }
    out += "#EXT-X-ENDLIST\n"
    return out
  }

  /// `url` as a URI line: control characters, `"` and end spaces percent-encoded (one line, the
  /// same URL), and one blank before a `#`, which would otherwise start a comment.
  static func uriLine(_ url: String) -> String {
    let line = PercentEncoding.encodingUnsafeBytes(url)
    return line.utf8.first == 0x23 ? " " + line : line
  }

  /// A time as an HLS decimal-floating-point with at least three fraction digits (`5.000`,
  /// `2.0025`), exact up to nanoseconds.
  static func decimal(_ time: SubtitleTime) -> String {
    let value = time.decimal
    return value.formatted(fractionDigits: max(3, value.normalized.scale))
  }
}
