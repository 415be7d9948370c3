import ManifestCore
import Subtitles

extension ThumbnailTrack {
  /// The track as sprite sheets, for an HLS image media playlist: consecutive thumbnails of one
  /// image become one sheet. A sheet's thumbnails must fill its tiles in row order from the
  /// top-left corner, share one pixel size and one duration (the last thumbnail of the track may
  /// be shorter) and follow each other without gaps, because EXT-X-TILES can express nothing
  /// else; the grid's columns and rows are the largest any sheet uses. Thumbnails without a
  /// region become whole-image sheets.
  ///
  /// Throws an error (code `not-image-playlist-tiles`) at the first thumbnail that breaks these
  /// rules.
  public func spriteSheets() throws(ParseError) -> [SpriteSheet] {
    let ordered = thumbnails
    guard let first = ordered.first else { return [] }
    guard first.start == .zero else {
      throw Self.error(
        "the track starts at \(WebVTTTimestamp.format(first.start)); an image playlist starts "
          + "at 00:00:00.000", at: first)
    }
    let (columns, rows) = try gridSize()
    var sheets: [SpriteSheet] = []
    var i = 0
    while i < ordered.count {
      var j = i + 1
      while j < ordered.count && ordered[j].url == ordered[i].url
        && (ordered[j].region == nil) == (ordered[i].region == nil)
      {
        j += 1
      }
      let group = ordered[i..<j]
      if i > 0 { try Self.expectContiguous(group[i], after: ordered[i - 1]) }
      sheets.append(
        try Self.sheet(
          group, columns: columns, rows: rows, endsTrack: j == ordered.count,
          previousTileDuration: sheets.last?.tiles?.tileDuration))
      i = j
    }
    return sheets
  }

  /// The largest column and row any region uses, in tiles of its own size.
  private func gridSize() throws(ParseError) -> (Int, Int) {
    var columns = 1
    var rows = 1
    for thumbnail in thumbnails {
      guard let r = thumbnail.region else { continue }
      guard r.unit == .pixel else {
        throw Self.error(
          "xywh=\(r.value) is in percent; EXT-X-TILES needs pixel sizes", at: thumbnail)
      }
      guard r.width > 0, r.height > 0, r.x % r.width == 0, r.y % r.height == 0 else {
        throw Self.error(
          "xywh=\(r.value) is not a cell of a grid of \(r.width)×\(r.height) tiles", at: thumbnail)
      }
      columns = max(columns, r.x / r.width + 1)
      rows = max(rows, r.y / r.height + 1)
    }
    return (columns, rows)
  }

  private static func sheet(
    _ group: ArraySlice<Thumbnail>, columns: Int, rows: Int, endsTrack: Bool,
    previousTileDuration: SubtitleTime?
  ) throws(ParseError) -> SpriteSheet {
    let head = group[group.startIndex]
    let last = group[group.endIndex - 1]
    guard let region = head.region else {
      for k in group.indices.dropFirst() {
        try expectContiguous(group[k], after: group[k - 1])
      }
      return SpriteSheet(url: head.url, start: head.start, duration: last.end - head.start)
    }
    var tiles = SpriteSheet.Tiles(
      tileSize: PixelSize(width: region.width, height: region.height), columns: columns, rows: rows,
      tileDuration: head.duration)
    // A last sheet holding one thumbnail cut short by the end of the media keeps the tile
    // duration of the sheet before it.
    if endsTrack, group.count == 1, let previousTileDuration, head.duration < previousTileDuration {
      tiles.tileDuration = previousTileDuration
    }
    guard group.count <= tiles.count else {
      throw Self.error(
        "sheet '\(head.url)' is used by more than \(tiles.count) consecutive thumbnails "
          + "(a \(columns)x\(rows) grid)", at: group[group.startIndex + tiles.count])
    }
    for (k, thumbnail) in group.enumerated() {
      let expected = tiles.region(ofTile: k)
      guard let r = thumbnail.region, r.x == expected.x, r.y == expected.y,
        r.width == expected.width, r.height == expected.height
      else {
        throw Self.error(
          "thumbnail \(k + 1) of sheet '\(head.url)' shows xywh=\(thumbnail.region?.value ?? "")"
            + ", not tile \(k + 1) in row order (xywh=\(expected.value)); EXT-X-TILES cannot "
            + "express it", at: thumbnail)
      }
      if k > 0 { try expectContiguous(thumbnail, after: group[group.startIndex + k - 1]) }
      let isTrackEnd = endsTrack && k == group.count - 1
      let cutShort = isTrackEnd && thumbnail.duration < tiles.tileDuration
      if thumbnail.duration != tiles.tileDuration && !cutShort {
        throw Self.error(
          "thumbnail lasts \(thumbnail.duration) s, unlike the \(tiles.tileDuration) s of the "
            + "first thumbnail of its sheet; EXT-X-TILES has one DURATION per sheet", at: thumbnail)
      }
    }
    return SpriteSheet(
      url: head.url, start: head.start, duration: last.end - head.start, tiles: tiles)
  }

  private static func expectContiguous(_ thumbnail: Thumbnail, after previous: Thumbnail)
    throws(ParseError)
  {
    guard thumbnail.start == previous.end else {
      throw Self.error(
        "thumbnail starts at \(WebVTTTimestamp.format(thumbnail.start)), not where the previous "
          + "one ends (\(WebVTTTimestamp.format(previous.end))); image playlist segments "
          + "cannot have gaps or overlaps", at: thumbnail)
    }
  }

  private static func error(_ message: String, at thumbnail: Thumbnail) -> ParseError {
    ParseError(
      code: ThumbnailDiagnosticCode.spriteNotTiles.rawValue, message: message,
      location: SourceLocation(line: thumbnail.line, column: 1, offset: 0))
  }
}
