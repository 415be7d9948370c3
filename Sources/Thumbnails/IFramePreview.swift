import HLS
import ManifestCore

/// One I-frame of an I-frame playlist (RFC 8216bis §4.4.3.6 EXT-X-I-FRAMES-ONLY), as a preview
/// source: the time it is shown from, how long, and the bytes of the resource that hold it
/// (EXT-X-BYTERANGE, §4.4.4.2) with the EXT-X-MAP it needs (§4.4.4.5, fragmented MP4).
public struct IFramePreview: Sendable, Hashable {
  /// The time of the frame on the playlist's timeline (the segment's start).
  public var time: ExactDecimal
  /// Until the next I-frame (the segment's EXTINF).
  public var duration: ExactDecimal
  /// The resource holding the frame (relative URIs as written, unless resolved).
  public var uri: String
  /// The frame's bytes in `uri`, or `nil` for the whole resource.
  public var byteRange: ByteRange?
  /// The initialization section the frame needs (fragmented MP4), or `nil`.
  public var map: MediaInitializationSection?
  /// The 1-based line of the segment's URI.
  public var line: Int

  /// Creates a row.
  public init(
    time: ExactDecimal, duration: ExactDecimal, uri: String, byteRange: ByteRange? = nil,
    map: MediaInitializationSection? = nil, line: Int = 0
  ) {
    self.time = time
    self.duration = duration
    self.uri = uri
    self.byteRange = byteRange
    self.map = map
    self.line = line
  }

  /// One row per I-frame of `playlist`, in playlist order; EXT-X-GAP segments have none.
  public static func frames(_ playlist: MediaPlaylist) -> [IFramePreview] {
    let lines = playlist.source.lines
    return playlist.segments.compactMap { segment in
      guard !segment.gap else { return nil }
      let line = segment.uriLine < lines.count ? lines[segment.uriLine].location.line : 0
      return IFramePreview(
        time: segment.startTime, duration: segment.duration, uri: segment.uri,
        byteRange: segment.byteRange, map: segment.map, line: line)
    }
  }

  /// The row with `uri` and the map's URI resolved against `base` (RFC 3986 §5.2).
  public func resolving(against base: String) -> IFramePreview {
    var copy = self
    copy.uri = URIResolver.resolve(uri, against: base)
    copy.map?.uri = URIResolver.resolve(map?.uri ?? "", against: base)
    return copy
  }

  /// `{"time":…,"duration":…,"uri":…,"offset":…,"length":…,"map":…}`: `offset`/`length`
  /// `null` for a whole resource, `map` `null` or `{"uri","offset","length"}`.
  public var jsonValue: JSONValue {
    .object([
      ("time", .decimal(time)), ("duration", .decimal(duration)), ("uri", .string(uri)),
      ("offset", JSONValue(byteRange?.offset)), ("length", JSONValue(byteRange?.length)),
      (
        "map",
        map.map {
          .object([
            ("uri", .string($0.uri)), ("offset", JSONValue($0.byteRange?.offset)),
            ("length", JSONValue($0.byteRange?.length)),
          ])
        } ?? .null
      ),
    ])
  }

  /// A POSIX shell command that decodes the frame into `output` with ffmpeg: the bytes are
  /// cut with ffmpeg's `subfile` protocol (`start`, exclusive `end`), joined after the map's
  /// bytes with the `concat` protocol when there is a map; the input and output single-quoted, and
  /// control characters in a URI (which RFC 3986 does not allow there) percent-encoded, so the
  /// command is one line whatever the playlist holds.
  public func ffmpegCommand(output: String) -> String {
    func source(_ uri: String, _ range: ByteRange?) -> String {
      var clean = ""
      for scalar in uri.unicodeScalars {
        if scalar.value < 0x20 || scalar.value == 0x7F {
          clean += "%" + Hex.encode([UInt8(scalar.value)], uppercase: true)
        } else {
          clean.unicodeScalars.append(scalar)
        }
      }
      guard let range else { return clean }
      return "subfile,,start,\(range.offset),end,\(range.end),,:\(clean)"
    }
    var input = source(uri, byteRange)
    if let map { input = "concat:" + source(map.uri, map.byteRange) + "|" + input }
    return "ffmpeg -nostdin -loglevel error -y -i \(ShellQuoting.quoted(input)) -frames:v 1 "
      + ShellQuoting.quoted(output)
  }
}
