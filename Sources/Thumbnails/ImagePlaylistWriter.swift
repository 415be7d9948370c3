import HLS
import ManifestCore
import Subtitles

/// Writes an HLS image media playlist (HLS Image Media Playlist specification v0.4, on RFC
/// 8216bis) with the HLS writer (`PlaylistWriter.Options.imagePlaylist`): `EXT-X-IMAGES-ONLY`,
/// then per sheet an `EXTINF` with the time it covers, an `EXT-X-TILES` with the tile
/// RESOLUTION, the LAYOUT `columnsxrows` and the DURATION of one tile (left out for a whole
/// image), and the image URI (control characters, `"` and end spaces percent-encoded, one blank
/// before a `#`).
public enum ImagePlaylistWriter {
  /// The playlist text for `sheets` (a VOD playlist with `EXT-X-ENDLIST`, EXT-X-VERSION 7);
  /// throws, writing nothing, when a sheet cannot be written (a negative duration or size, an
  /// empty URL).
  public static func write(_ sheets: [SpriteSheet]) throws(PlaylistWriteError) -> String {
    let playlist = MediaPlaylistBuilder(
      version: 7, playlistType: .vod, endList: true, imagesOnly: true,
      segments: sheets.map(segment))
    let bytes = try PlaylistWriter.write(playlist, options: .imagePlaylist)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The image segment of `sheet`.
  static func segment(_ sheet: SpriteSheet) -> Segment {
    let tiles = sheet.tiles.map {
      ImageTiles(
        resolution: $0.tileSize, columns: $0.columns, rows: $0.rows,
        duration: $0.tileDuration.decimal)
    }
    return Segment(uri: sheet.url, duration: sheet.duration.decimal, tiles: tiles)
  }
}
