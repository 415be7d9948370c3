import ManifestCore

/// The stable codes of the Thumbnails module's diagnostics and parse errors
/// (docs/diagnostic-codes.md is generated from `catalog`).
public enum ThumbnailDiagnosticCode: String, Sendable, Hashable, CaseIterable {
  case endBeforeStart = "thumbnail.time.end-before-start"
  case unsorted = "thumbnail.time.unsorted"
  case overlap = "thumbnail.time.overlap"
  case gap = "thumbnail.time.gap"
  case wholeImage = "thumbnail.region.whole-image"
  case regionEmpty = "thumbnail.region.empty"
  case regionPastImage = "thumbnail.region.past-image"
  case regionCorners = "thumbnail.region.corners"
  case regionUnusualSize = "thumbnail.region.unusual-size"
  case fragmentInvalid = "thumbnail.fragment.invalid"
  case escapedFragment = "thumbnail.fragment.escaped-hash"
  case vttRegionBlock = "thumbnail.vtt.region-block"
  case cueWithoutURL = "thumbnail.cue.no-url"
  case cueExtraPayload = "thumbnail.cue.extra-payload"
  case notImagesOnly = "thumbnail.playlist.not-images-only"
  case segmentWithoutURL = "thumbnail.playlist.no-url"
  case multivariant = "thumbnail.playlist.multivariant"
  case iFramesOnly = "thumbnail.playlist.i-frames-only"
  case notImagePlaylist = "thumbnail.playlist.not-image"
  case tilesLayout = "thumbnail.tiles.layout"
  case tilesDuration = "thumbnail.tiles.duration"
  case tilesShorterThanSegment = "thumbnail.tiles.shorter-than-segment"
  case spriteNotTiles = "thumbnail.sprite.not-tiles"
  case adTimelineJSON = "thumbnail.ads.json"
  case adTimelineShape = "thumbnail.ads.not-timeline"
  case adBreakInvalid = "thumbnail.ads.invalid-break"
  case tooMany = "thumbnail.track.too-many"

  /// The severities the code is reported at and what it means.
  public var info: DiagnosticCodeInfo {
    let (severities, summary) = Self.describe(self)
    return DiagnosticCodeInfo(rawValue, severities, summary)
  }

  /// Every code of the module.
  public static var catalog: [DiagnosticCodeInfo] { allCases.map(\.info) }

  private static func describe(_ code: Self) -> ([Severity], String) {
    switch code {
    case .endBeforeStart: ([.error], "A thumbnail does not end after its start.")
    case .unsorted: ([.error], "A thumbnail starts before the previous one.")
    case .overlap: ([.error], "A thumbnail starts before the previous one ends.")
    case .gap: ([.warning], "A gap between two thumbnails: no preview there.")
    case .wholeImage:
      ([.warning], "A thumbnail shows a whole image while others show sprite regions.")
    case .regionEmpty: ([.error], "An xywh region of zero width or height.")
    case .regionPastImage: ([.error], "An xywh percent region reaches past 100% of the image.")
    case .regionCorners:
      ([.error], "An xywh region that looks like corners x1,y1,x2,y2, not x,y,w,h.")
    case .regionUnusualSize: ([.warning], "A thumbnail of another size than the track's usual.")
    case .fragmentInvalid:
      ([.error], "A #xywh= fragment that does not parse (Media Fragments URI §4.2.2).")
    case .escapedFragment:
      ([.warning], "A backslash before #xywh= (a shell escape): read as the fragment separator.")
    case .vttRegionBlock: ([.warning], "A REGION block in a thumbnail track is ignored.")
    case .cueWithoutURL: ([.error], "A thumbnail cue without an image URL is ignored.")
    case .cueExtraPayload: ([.warning], "A thumbnail cue of more than one payload line.")
    case .notImagesOnly: ([.warning], "An image playlist without EXT-X-IMAGES-ONLY.")
    case .segmentWithoutURL: ([.error], "An image segment without an image URL is ignored.")
    case .multivariant: ([.error], "A multivariant playlist where an image playlist belongs.")
    case .iFramesOnly:
      ([.error], "An I-frame playlist read as images (its byte ranges are video: --iframes).")
    case .notImagePlaylist:
      ([.error], "thumbnail-tool from-hls on a playlist without EXT-X-IMAGES-ONLY.")
    case .tilesLayout: ([.warning], "EXT-X-TILES LAYOUT is not a sprite grid the reader takes.")
    case .tilesDuration: ([.warning], "EXT-X-TILES DURATION is not above 0.")
    case .tilesShorterThanSegment:
      ([.warning], "A segment lasts longer than its tiles; the last tile is shown longer.")
    case .spriteNotTiles: ([.error], "Thumbnails that do not form image-playlist tiles.")
    case .adTimelineJSON: ([.error], "The ad timeline is not valid JSON.")
    case .adTimelineShape: ([.error], "The JSON is not an ad timeline (m3u8-tool ads --json).")
    case .adBreakInvalid: ([.error], "An ad break with a negative start or duration.")
    case .tooMany: ([.warning], "More thumbnails than the --max-thumbnails limit (default 150).")
    }
  }
}
