import ManifestCore
import Subtitles

/// One image of a thumbnail track as an HLS image media playlist sees it (a segment with
/// EXT-X-TILES, HLS Image Media Playlist specification v0.4): a sprite sheet of
/// `columns` × `rows` tiles of `tileSize` pixels, each shown for
/// `tileDuration`, in row order from the top-left corner; or a whole image when `tiles` is `nil`.
public struct SpriteSheet: Sendable, Equatable {
  /// How a sheet is cut into thumbnails (EXT-X-TILES RESOLUTION, LAYOUT and DURATION).
  public struct Tiles: Sendable, Hashable {
    /// The size of one tile in pixels (EXT-X-TILES RESOLUTION).
    public var tileSize: PixelSize
    /// Tiles per row.
    public var columns: Int
    /// Rows of tiles.
    public var rows: Int
    /// How long each tile is shown.
    public var tileDuration: SubtitleTime

    /// Creates a layout.
    public init(
      tileSize: PixelSize, columns: Int, rows: Int, tileDuration: SubtitleTime
    ) {
      self.tileSize = tileSize
      self.columns = columns
      self.rows = rows
      self.tileDuration = tileDuration
    }

    /// The most tiles a sheet may have (larger layouts are not sprite sheets).
    public static let maximumCount = 10_000

    /// Tiles per sheet (`Int.max` when the product overflows).
    public var count: Int {
      let (product, overflow) = columns.multipliedReportingOverflow(by: rows)
      return overflow ? .max : product
    }

    /// The rectangle of tile `index` (row order from the top-left corner).
    public func region(ofTile index: Int) -> SpatialFragment {
      let perRow = max(columns, 1)
      return SpatialFragment(
        x: index % perRow * tileSize.width, y: index / perRow * tileSize.height,
        width: tileSize.width, height: tileSize.height)
    }
  }

  /// The image URL.
  public var url: String
  /// When the sheet's first thumbnail starts.
  public var start: SubtitleTime
  /// How long the sheet's thumbnails cover (the segment's EXTINF); shorter than
  /// `tiles.count × tileDuration` for a partly filled sheet.
  public var duration: SubtitleTime
  /// The tile layout, or `nil` for a whole-image thumbnail.
  public var tiles: Tiles?

  /// Creates a sheet.
  public init(url: String, start: SubtitleTime, duration: SubtitleTime, tiles: Tiles? = nil) {
    self.url = url
    self.start = start
    self.duration = duration
    self.tiles = tiles
  }

  /// When the sheet's last thumbnail ends.
  public var end: SubtitleTime { start + duration }

  /// The number of tiles in use: as many as `duration` needs at `tileDuration` each, at most
  /// the whole grid; 1 for a whole image.
  public var usedTileCount: Int {
    guard let tiles else { return 1 }
    guard tiles.tileDuration > .zero, duration > .zero else { return 0 }
    let needed = duration.ceilingQuotient(dividingBy: tiles.tileDuration)
    return Int(min(needed, Int64(tiles.count)))
  }

  /// The thumbnails of the sheet, in time order: tile `k` from `start + k × tileDuration`, the
  /// last one ending with the sheet. A media fragment on `url` is read as a thumbnail track's
  /// cue payload is (an `xywh` there is the region of a whole-image sheet; a tile's own region
  /// replaces it), so the thumbnails are those the track written from them reads back.
  public func thumbnails() -> [Thumbnail] {
    let (imageURL, fragmentRegion, otherFragment) = Self.split(url)
    guard let tiles else {
      return [
        Thumbnail(
          start: start, end: end, url: imageURL, region: fragmentRegion,
          otherFragment: otherFragment)
      ]
    }
    let sheetEnd = end
    var out: [Thumbnail] = []
    let count = usedTileCount
    out.reserveCapacity(count)
    var tileStart = start
    for k in 0..<count {
      let tileEnd = k == count - 1 ? sheetEnd : min(tileStart + tiles.tileDuration, sheetEnd)
      out.append(
        Thumbnail(
          start: tileStart, end: tileEnd, url: imageURL, region: tiles.region(ofTile: k),
          otherFragment: otherFragment))
      tileStart = tileEnd
    }
    return out
  }

  /// `uri` as an image URL, the region of its `xywh` and its other fragment pairs.
  private static func split(_ uri: String) -> (String, SpatialFragment?, String) {
    guard uri.utf8.contains(0x23) else { return (uri, nil, "") }
    let bytes = Array(uri.utf8)
    let reference = bytes.withUnsafeBufferPointer { ImageReference($0, 0..<$0.count) }
    return (reference.url, reference.region, reference.otherFragment)
  }
}
