import HLS
import ManifestCore
import Subtitles

/// Reads an HLS image media playlist (HLS Image Media Playlist specification v0.4, on RFC
/// 8216bis, parsed by the HLS library) as sprite sheets and a WebVTT thumbnail track: each
/// segment is an image covering its EXTINF; with EXT-X-TILES it is cut into a LAYOUT grid of
/// RESOLUTION tiles shown DURATION each (EXTINF split evenly over the grid when DURATION is
/// absent), in row order; without it the whole image is one thumbnail. EXT-X-GAP segments have
/// no image and get no thumbnail.
public enum ImagePlaylistReader {
  /// The sheets of a parsed media playlist, with warnings: the playlist lacks
  /// EXT-X-IMAGES-ONLY, or a segment is longer than its tiles (the last tile is shown longer).
  public static func sheets(_ playlist: MediaPlaylist) -> (
    sheets: [SpriteSheet], diagnostics: [Diagnostic]
  ) {
    let read = sheets(playlist, tileLimit: .max)
    return (read.sheets, read.diagnostics)
  }

  /// `sheets(_:)`, and where the thumbnails of the sheets so far (a tile each, a whole image
  /// one) first come to more than `tileLimit`, with how many they are then; reading stops
  /// there.
  private static func sheets(_ playlist: MediaPlaylist, tileLimit: Int) -> (
    sheets: [SpriteSheet], diagnostics: [Diagnostic], over: (SourceLocation, Int)?
  ) {
    var total = 0
    var diagnostics: [Diagnostic] = []
    let lines = playlist.source.lines
    if !playlist.imagesOnly {
      diagnostics.append(
        Diagnostic(
          .warning, "not an image media playlist (no EXT-X-IMAGES-ONLY); reading it as one",
          code: ThumbnailDiagnosticCode.notImagesOnly.rawValue, at: .start))
    }
    var sheets: [SpriteSheet] = []
    sheets.reserveCapacity(playlist.segments.count)
    for segment in playlist.segments where !segment.gap {
      let start = SubtitleTime(segment.startTime)
      let duration = SubtitleTime(segment.duration)
      let line = segment.infLine ?? segment.uriLine
      let location = line < lines.count ? lines[line].location : SourceLocation.start
      // A URI that is only a fragment names this playlist, not an image (a thumbnail track
      // reader ignores such a cue too).
      guard !segment.uri.hasPrefix("#") else {
        diagnostics.append(
          Diagnostic(
            .error, "image segment '\(segment.uri)' has no image URL; the segment is ignored",
            code: ThumbnailDiagnosticCode.segmentWithoutURL.rawValue, at: location))
        continue
      }
      var sheet = SpriteSheet(url: segment.uri, start: start, duration: duration)
      if let tiles = segment.tiles {
        var layout = SpriteSheet.Tiles(
          tileSize: tiles.resolution, columns: tiles.columns, rows: tiles.rows,
          tileDuration: duration)
        guard tiles.columns > 0, tiles.rows > 0, layout.count <= SpriteSheet.Tiles.maximumCount
        else {
          diagnostics.append(
            Diagnostic(
              .warning,
              "EXT-X-TILES LAYOUT=\(tiles.columns)x\(tiles.rows) is not a sprite grid of 1 to "
                + "\(SpriteSheet.Tiles.maximumCount) tiles; the segment is read as one image",
              code: ThumbnailDiagnosticCode.tilesLayout.rawValue, at: location))
          sheets.append(sheet)
          total += 1
          if total > tileLimit { return (sheets, diagnostics, (location, total)) }
          continue
        }
        let count = Int64(layout.count)
        var tileDuration = duration.scaled(by: 1, over: count)
        if let declared = tiles.duration {
          if declared > .zero {
            tileDuration = SubtitleTime(declared)
          } else {
            diagnostics.append(
              Diagnostic(
                .warning,
                "EXT-X-TILES DURATION=\(declared) is not above 0; the segment's \(count) tiles "
                  + "share its EXTINF",
                code: ThumbnailDiagnosticCode.tilesDuration.rawValue, at: location))
          }
        }
        layout.tileDuration = tileDuration
        sheet.tiles = layout
        if tileDuration > .zero && duration > tileDuration.scaled(by: count, over: 1) {
          diagnostics.append(
            Diagnostic(
              .warning,
              "segment lasts \(segment.duration) s, longer than its \(count) tiles of "
                + "\(tileDuration) s; the last tile is shown until the segment ends",
              code: ThumbnailDiagnosticCode.tilesShorterThanSegment.rawValue, at: location))
        }
      }
      sheets.append(sheet)
      total += sheet.usedTileCount
      if total > tileLimit { return (sheets, diagnostics, (location, total)) }
    }
    return (sheets, diagnostics, nil)
  }

  /// Why an I-frame playlist is not read as images.
  public static let iFramesMessage =
    "an I-frame playlist (EXT-X-I-FRAMES-ONLY) holds byte ranges of video segments, not "
    + "images; list its frames with IFramePreview.frames (thumbnail-tool from-hls --iframes)"

  /// Where the EXT-X-I-FRAMES-ONLY tag is (the start when it cannot be found).
  public static func iFramesTagLocation(_ playlist: MediaPlaylist) -> SourceLocation {
    let source = playlist.source
    for line in source.lines where source.text(of: line).hasPrefix("#EXT-X-I-FRAMES-ONLY") {
      return line.location
    }
    return .start
  }

  /// Parses an image media playlist into a thumbnail track (its diagnostics are the playlist's
  /// and those of `sheets(_:)`). Throws for input that is not a playlist, and for a
  /// multivariant playlist (which names image playlists in EXT-X-IMAGE-STREAM-INF, but has no
  /// images itself), for an I-frame playlist (`thumbnail.playlist.i-frames-only`: every cue
  /// would name the same video segment), and when the thumbnails of all the sheets together (each sheet's tiles)
  /// are more than `limits.imageTiles` (`limit.image-tiles`): 1,000 lines of a 100x100
  /// LAYOUT would be ten million thumbnails.
  public static func read(_ bytes: [UInt8], limits: Limits = .standard) throws(ParseError)
    -> ThumbnailTrack
  {
    let parsed = try Playlist.parse(bytes, options: ParseOptions(limits: limits))
    guard case .media(let playlist) = parsed else {
      throw ParseError(
        code: ThumbnailDiagnosticCode.multivariant.rawValue,
        message: "a multivariant playlist has no images; give the image media playlist its "
          + "EXT-X-IMAGE-STREAM-INF names")
    }
    return try read(playlist, limits: limits)
  }

  /// `read(_:limits:)` on a parsed media playlist.
  public static func read(_ playlist: MediaPlaylist, limits: Limits = .standard)
    throws(ParseError) -> ThumbnailTrack
  {
    if playlist.iFramesOnly {
      throw ParseError(
        code: ThumbnailDiagnosticCode.iFramesOnly.rawValue,
        message: Self.iFramesMessage, location: iFramesTagLocation(playlist))
    }
    let (sheets, diagnostics, over) = sheets(playlist, tileLimit: limits.imageTiles)
    if let (location, total) = over {
      throw Limits.exceeded(
        "image-tiles", value: limits.imageTiles,
        "the sprite sheets up to this segment have \(total) tiles", at: location)
    }
    return ThumbnailTrack(
      thumbnails: sheets.flatMap { $0.thumbnails() },
      diagnostics: (playlist.diagnostics + diagnostics).sorted {
        $0.location.offset < $1.location.offset
      })
  }
}
