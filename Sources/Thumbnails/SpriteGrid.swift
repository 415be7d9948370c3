import ManifestCore
import Subtitles

/// A sprite configuration, the way player SDKs describe a thumbnail mosaic without a track:
/// sheets named by a URL template, each a grid of `columns` × `rows` thumbnails of
/// `thumbnailSize` pixels, one thumbnail every `interval` seconds, filled in row order from the
/// top-left corner, the first sheet numbered `startIndex`.
///
/// From it come the thumbnail at any time (`thumbnail(at:)`, O(1)), a whole WebVTT track
/// (`generate`), the sheets of an HLS image playlist (`sheets`) and a DASH image adaptation
/// set (`DASHImageAdaptationSet`).
public struct SpriteGrid: Sendable, Hashable {
  /// The sheet URL template (`sprites/sheet-~index:4~.jpg`).
  public var template: SpriteURLTemplate
  /// Thumbnails per row of a sheet.
  public var columns: Int
  /// Rows of a sheet.
  public var rows: Int
  /// Seconds between thumbnails (how long each is shown).
  public var interval: ExactDecimal
  /// The size of one thumbnail in pixels (a tile of a sheet).
  public var thumbnailSize: PixelSize
  /// The number of the first sheet (1 by default, as `ffmpeg` numbers image sequences).
  public var startIndex: Int

  /// A configuration that cannot describe a mosaic.
  public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line naming the bad value.
    public var message: String
    public var description: String { message }
  }

  /// The most columns or rows a sheet may have.
  public static let maximumGridSide = 1000
  /// The largest thumbnail width or height, in pixels.
  public static let maximumThumbnailSide = 16384
  /// The most thumbnails a generated track may have (`checkDuration`).
  public static let maximumThumbnailCount = 10_000_000
  /// The largest first sheet number (so later sheet numbers cannot overflow).
  public static let maximumStartIndex = 1_000_000_000

  /// Creates a configuration; throws when a count or size is not positive (or above
  /// `maximumGridSide` / `maximumThumbnailSide`), the interval is not above zero, or the start
  /// index is negative or above `maximumStartIndex`.
  public init(
    template: SpriteURLTemplate, columns: Int, rows: Int, interval: ExactDecimal,
    thumbnailSize: PixelSize, startIndex: Int = 1
  ) throws(ConfigurationError) {
    let (width, height) = (thumbnailSize.width, thumbnailSize.height)
    let limits = [
      ("columns", columns, Self.maximumGridSide), ("rows", rows, Self.maximumGridSide),
      ("width", width, Self.maximumThumbnailSide), ("height", height, Self.maximumThumbnailSide),
    ]
    for (name, value, limit) in limits {
      guard value >= 1 else {
        throw ConfigurationError(message: "\(name) must be at least 1, got \(value)")
      }
      guard value <= limit else {
        throw ConfigurationError(message: "\(name) must be at most \(limit), got \(value)")
      }
    }
    guard interval > .zero else {
      throw ConfigurationError(message: "interval must be above 0 seconds, got \(interval)")
    }
    guard startIndex >= 0 else {
      throw ConfigurationError(message: "start index must not be negative, got \(startIndex)")
    }
    guard startIndex <= Self.maximumStartIndex else {
      throw ConfigurationError(
        message: "start index must be at most \(Self.maximumStartIndex), got \(startIndex)")
    }
    self.template = template
    self.columns = columns
    self.rows = rows
    self.interval = interval
    self.thumbnailSize = thumbnailSize
    self.startIndex = startIndex
  }

  /// Thumbnails per sheet.
  public var thumbnailsPerSheet: Int { columns * rows }

  /// The sheet's tile layout, for HLS EXT-X-TILES.
  public var tiles: SpriteSheet.Tiles {
    SpriteSheet.Tiles(
      tileSize: thumbnailSize, columns: columns, rows: rows,
      tileDuration: SubtitleTime(interval))
  }

  /// Throws unless `duration` is above zero and needs at most `maximumThumbnailCount`
  /// thumbnails (a typo such as `--interval 0.0001` would otherwise ask for millions of cues).
  public func checkDuration(_ duration: ExactDecimal) throws(ConfigurationError) {
    guard duration > .zero else {
      throw ConfigurationError(message: "duration must be above 0 seconds, got \(duration)")
    }
    let count = thumbnailCount(duration: duration)
    guard count <= Self.maximumThumbnailCount else {
      throw ConfigurationError(
        message: "\(duration) s at one thumbnail every \(interval) s is \(count) thumbnails, "
          + "more than \(Self.maximumThumbnailCount)")
    }
  }

  /// How many thumbnails cover `duration` seconds (the last one may be cut short).
  public func thumbnailCount(duration: ExactDecimal) -> Int {
    guard duration > .zero else { return 0 }
    return Int(SubtitleTime(duration).ceilingQuotient(dividingBy: SubtitleTime(interval)))
  }

  /// Thumbnail number `index` (0-based, in time order), ending at `mediaEnd` at the latest.
  public func thumbnail(number index: Int, mediaEnd: SubtitleTime? = nil) -> Thumbnail {
    let sheet = index / thumbnailsPerSheet
    let start = ExactTime.multiple(of: interval, Int64(index))
    var end = ExactTime.multiple(of: interval, Int64(index) + 1)
    if let mediaEnd, mediaEnd < end { end = max(mediaEnd, start) }
    return Thumbnail(
      start: start, end: end, url: template.url(sheet: startIndex + sheet),
      region: tiles.region(ofTile: index % thumbnailsPerSheet))
  }

  /// The thumbnail shown at `time`, computed from the configuration alone, with the rules of a
  /// track lookup: `nil` before 0; the interval's end belongs to the next thumbnail; with a
  /// `duration`, a time at or past the end gives the last thumbnail.
  public func thumbnail(at time: SubtitleTime, duration: ExactDecimal? = nil) -> Thumbnail? {
    guard !time.isNegative else { return nil }
    var index = time.floorQuotient(dividingBy: SubtitleTime(interval))
    if let duration {
      let count = thumbnailCount(duration: duration)
      guard count > 0 else { return nil }
      index = min(index, Int64(count - 1))
    }
    guard index < Int64(Int.max / 2) else { return nil }
    return thumbnail(number: Int(index), mediaEnd: duration.map(SubtitleTime.init))
  }

  /// The sheets covering `duration` seconds: full sheets, then a partly filled last one.
  public func sheets(duration: ExactDecimal) -> [SpriteSheet] {
    let count = thumbnailCount(duration: duration)
    let perSheet = thumbnailsPerSheet
    let mediaEnd = SubtitleTime(duration)
    var sheets: [SpriteSheet] = []
    var first = 0
    while first < count {
      let start = ExactTime.multiple(of: interval, Int64(first))
      let end = min(ExactTime.multiple(of: interval, Int64(first + perSheet)), mediaEnd)
      sheets.append(
        SpriteSheet(
          url: template.url(sheet: startIndex + first / perSheet), start: start,
          duration: end - start, tiles: tiles))
      first += perSheet
    }
    return sheets
  }

  /// A WebVTT thumbnail track covering `duration` seconds, one cue per thumbnail, checked
  /// against `maximumCount` (`ThumbnailTrack.playerThumbnailLimit`): above it, every k-th
  /// thumbnail is kept and shown k intervals long (the sheets stay valid), with a warning.
  /// The track holds `thumbnailCount(duration:)` cues: check untrusted durations with
  /// `checkDuration` first.
  public func generate(duration: ExactDecimal, maximumCount: Int? = nil) -> GeneratedTrack {
    let sheets = sheets(duration: duration)
    var thumbnails = sheets.flatMap { $0.thumbnails() }
    var warnings: [String] = []
    if !template.hasIndex && sheets.count > 1 {
      warnings.append(
        "template '\(template)' has no ~index~: all \(sheets.count) sheets get the same URL")
    }
    if let maximumCount, maximumCount > 0, thumbnails.count > maximumCount {
      let stride = (thumbnails.count + maximumCount - 1) / maximumCount
      let total = thumbnails.count
      thumbnails = Swift.stride(from: 0, to: total, by: stride).map { first in
        var kept = thumbnails[first]
        kept.end = thumbnails[min(first + stride, total) - 1].end
        return kept
      }
      warnings.append(
        "\(total) thumbnails exceed the cap of \(maximumCount): every \(Self.ordinal(stride)) "
          + "thumbnail is kept, each shown for \(ExactTime.multiple(of: interval, Int64(stride))) s "
          + "(\(thumbnails.count) cues)")
    }
    return GeneratedTrack(track: ThumbnailTrack(thumbnails: thumbnails), warnings: warnings)
  }

  /// `2nd`, `3rd`, `29th`.
  private static func ordinal(_ n: Int) -> String {
    let suffix: String
    switch (n % 10, n % 100) {
    case (1, let h) where h != 11: suffix = "st"
    case (2, let h) where h != 12: suffix = "nd"
    case (3, let h) where h != 13: suffix = "rd"
    default: suffix = "th"
    }
    return "\(n)\(suffix)"
  }
}

/// A track generated from a sprite configuration, and what the generator had to warn about.
public struct GeneratedTrack: Sendable, Equatable {
  /// The track.
  public var track: ThumbnailTrack
  /// Warnings, one line each (a cap applied, a template without `~index~`).
  public var warnings: [String]

  /// Creates a result.
  public init(track: ThumbnailTrack, warnings: [String] = []) {
    self.track = track
    self.warnings = warnings
  }
}
