import ManifestCore
import Subtitles

/// One preview image of a thumbnail track: while the playhead is in `start..<end`, a player
/// shows `region` of the image at `url` (the whole image when `region` is `nil`).
///
/// In WebVTT it is a cue whose payload is the image URL with a spatial media fragment,
/// `sprites/sheet-0001.jpg#xywh=160,0,160,90` (W3C Media Fragments URI 1.0 §4.2.2).
public struct Thumbnail: Sendable, Equatable {
  /// When the thumbnail starts to apply.
  public var start: SubtitleTime
  /// When it stops applying (excluded: at `end` the next thumbnail applies).
  public var end: SubtitleTime
  /// The image URL without its fragment, as written or resolved against a base. A `#` that
  /// the track escaped as `\#` (part of the file name, not a fragment) is `%23` here.
  public var url: String
  /// The sprite-sheet rectangle, or `nil` for a one-image-per-cue track.
  public var region: SpatialFragment?
  /// Media fragment name-value pairs other than `xywh` (such as `t=10`), as written and
  /// joined by `&`; empty when there are none. Kept so a rewrite loses nothing.
  public var otherFragment: String
  /// The WebVTT cue identifier, if the cue has one.
  public var identifier: String?
  /// WebVTT cue settings after the timing, as written (meaningless for images, but kept).
  public var settings: String?
  /// The 1-based line of the cue's timing line in its source; 0 for a thumbnail built in code.
  /// Not part of the value for `==`.
  public var line: Int
  /// Where the `xywh` dimension is written in the source, for diagnostics; `nil` when there is
  /// none or the thumbnail was built in code. Not part of the value for `==`.
  public var regionLocation: SourceLocation?

  /// Creates a thumbnail.
  public init(
    start: SubtitleTime, end: SubtitleTime, url: String, region: SpatialFragment? = nil,
    otherFragment: String = "", identifier: String? = nil, settings: String? = nil,
    line: Int = 0, regionLocation: SourceLocation? = nil
  ) {
    self.start = start
    self.end = end
    self.url = url
    self.region = region
    self.otherFragment = otherFragment
    self.identifier = identifier
    self.settings = settings
    self.line = line
    self.regionLocation = regionLocation
  }

  /// The fragment after `#` (`xywh=160,0,160,90`, other pairs first), or `nil` when there is
  /// none.
  public var fragment: String? {
    switch (otherFragment.isEmpty, region) {
    case (true, nil): nil
    case (true, let region?): region.description
    case (false, nil): otherFragment
    case (false, let region?): otherFragment + "&" + region.description
    }
  }

  /// The cue payload: the URL with its fragment, `sprites/sheet-0001.jpg#xywh=160,0,160,90`.
  public var reference: String {
    guard let fragment else { return url }
    return url + "#" + fragment
  }

  /// How long the thumbnail applies.
  public var duration: SubtitleTime { end - start }

  /// True when `time` is in `start..<end`.
  public func contains(_ time: SubtitleTime) -> Bool { start <= time && time < end }

  public static func == (lhs: Thumbnail, rhs: Thumbnail) -> Bool {
    lhs.start == rhs.start && lhs.end == rhs.end && lhs.url == rhs.url
      && lhs.region == rhs.region && lhs.otherFragment == rhs.otherFragment
      && lhs.identifier == rhs.identifier && lhs.settings == rhs.settings
  }
}
