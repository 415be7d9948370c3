import ManifestCore

extension PlaylistWriter {
  /// How the writer lays out what RFC 8216bis leaves open. The default writes every number in
  /// its shortest exact form and a tag only where its value changes; `imagePlaylist` writes an
  /// image media playlist the way the HLS Image Media Playlist specification's examples and
  /// Roku's trick-play playlists do: `EXT-X-TILES` after the `EXTINF` of every segment, and
  /// durations with at least three fraction digits (`#EXTINF:100.000,`).
  public struct Options: Sendable, Hashable {
    /// The fewest fraction digits of an EXTINF duration and an EXT-X-TILES DURATION (more
    /// when the value needs them, `2.0025`); 0 writes the shortest exact form.
    public var minimumFractionDigits: Int
    /// EXT-X-TILES is written on every segment that has tiles, after its EXTINF, instead of
    /// before the segment where the layout changes.
    public var tilesOnEverySegment: Bool
    /// A URI line is written percent-encoded where it would not be one line
    /// (`PercentEncoding.encodingUnsafeBytes`), and after one blank when it starts with `#`
    /// (which would read as a comment), instead of being refused; an empty one is still refused.
    public var encodesURILines: Bool

    /// Creates options; the defaults are the writer's shortest form.
    public init(
      minimumFractionDigits: Int = 0, tilesOnEverySegment: Bool = false,
      encodesURILines: Bool = false
    ) {
      self.minimumFractionDigits = minimumFractionDigits
      self.tilesOnEverySegment = tilesOnEverySegment
      self.encodesURILines = encodesURILines
    }

    /// An HLS image media playlist as its specification's examples and Roku write one.
    public static let imagePlaylist = Options(
      minimumFractionDigits: 3, tilesOnEverySegment: true, encodesURILines: true)

    /// True for the default layout (the writer's fast path).
    var isDefault: Bool {
      minimumFractionDigits <= 0 && !tilesOnEverySegment && !encodesURILines
    }
  }

  /// `value` with at least `options.minimumFractionDigits` fraction digits.
  mutating func append(styledDecimal value: ExactDecimal) {
    let digits = options.minimumFractionDigits
    guard digits > 0 else { return append(decimal: value) }
    append(value.formatted(fractionDigits: max(digits, value.normalized.scale)))
  }

  /// The URI line `uri` becomes under `options`, or the reason it cannot be one.
  func styledURILine(_ uri: String) -> Result<String, PlaylistWriteError> {
    var line = uri
    if options.encodesURILines {
      line = PercentEncoding.encodingUnsafeBytes(uri)
      if line.utf8.first == 0x23 { line = " " + line }
      if line.isEmpty { return .failure(PlaylistWriteError(.uriLine, tag: "URI line", value: uri)) }
    } else if let problem = Self.uriProblem(uri) {
      return .failure(PlaylistWriteError(problem, tag: "URI line", value: uri))
    }
    return .success(line)
  }

  /// `writeInf` under options other than the default: the date-time line when given, EXTINF
  /// with `options.minimumFractionDigits`, the segment's EXT-X-TILES when
  /// `options.tilesOnEverySegment`, and the URI line (`styledURILine`); nothing when a value
  /// is refused.
  mutating func writeStyledInf(_ s: UnsafePointer<Segment>, after dateTime: DateTime?)
    throws(PlaylistWriteError)
  {
    let duration = s.pointee.duration
    guard !duration.isNegative else {
      throw PlaylistWriteError(
        .negativeNumber, tag: TagName.inf.spelling, value: duration.description)
    }
    if let title = s.pointee.title, Self.hasControl(title, allowTab: true) {
      throw PlaylistWriteError(.controlCharacter, tag: TagName.inf.spelling, value: title)
    }
    let line = try styledURILine(s.pointee.uri).get()
    try atomically { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      if let dateTime { w.writeProgramDateTime(dateTime) }
      w.append("#EXTINF:")
      w.append(styledDecimal: duration)
      w.bytes.append(0x2C)
      if let title = s.pointee.title { w.append(title) }
      w.newline()
      if w.options.tilesOnEverySegment, let tiles = s.pointee.tiles { try w.write(tiles) }
      w.append(line)
      w.newline()
    }
  }
}
