import FuzzSupport
import ManifestCore
import Subtitles
import Thumbnails

/// The thumbnail-track reader on arbitrary bytes (and the HLS image-playlist reader when the
/// input starts with `#EXTM3U`), then everything `thumbnail-tool` does with a track: validate,
/// look up, resolve URLs, JSON, sprite sheets and their image playlist, and writing back, which
/// must read again to the same thumbnails (times to the millisecond WebVTT keeps). No output
/// is larger than a constant times the input, but for the tiles of image playlists, of which
/// there are at most `limits.imageTiles`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThumbnails(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = fuzzInput(data, size)
  var limits = Limits()
  limits.imageTiles = 4096
  let track: ThumbnailTrack
  let isPlaylist = input.starts(with: Array("#EXTM3U".utf8))
  do {
    track =
      isPlaylist
      ? try ImagePlaylistReader.read(input, limits: limits) : try ThumbnailTrackReader.read(input)
  } catch {
    return 0
  }
  FuzzCheck.require(
    track.thumbnails.count <= limits.imageTiles,
    "\(track.thumbnails.count) thumbnails, over the limit of \(limits.imageTiles) tiles")
  let bound = outputBound(track, inputBytes: input.count, isPlaylist: isPlaylist)
  for diagnostic in track.diagnostics + track.validate() {
    _ = diagnostic.rendered(file: "fuzz.vtt")
  }
  for thumbnail in track.thumbnails.prefix(64) {
    _ = track.thumbnail(at: thumbnail.start)
    _ = track.thumbnail(at: thumbnail.end)
    _ = thumbnail.region?.pixels(in: PixelSize(width: 1920, height: 1080))
  }
  _ = track.thumbnail(atSeconds: ExactDecimal(12))
  let json = track.jsonValue.serialized()
  FuzzCheck.require(json.count <= bound, "\(json.count) bytes of JSON, over \(bound)")
  _ = track.resolvingURLs(against: "https://cdn.example/v/thumbs.vtt").jsonValue.serialized()
  if let sheets = try? track.spriteSheets(), let playlist = try? ImagePlaylistWriter.write(sheets) {
    FuzzCheck.require(
      playlist.utf8.count <= bound,
      "an image playlist of \(playlist.utf8.count) bytes, over \(bound)")
  }
  let written = ThumbnailTrackWriter.write(track)
  FuzzCheck.require(written.count <= bound, "a track of \(written.count) bytes, over \(bound)")
  guard let reread = try? ThumbnailTrackReader.read(written) else {
    FuzzCheck.require(false, "a written track does not read: \(FuzzCheck.describe(written))")
    return 0
  }
  let expected = track.thumbnails.map(escapingArrows).map(toMilliseconds).map(withoutEdgeSpaces)
    .map(withWritableIdentifier)
  FuzzCheck.require(
    reread.thumbnails.map(toMilliseconds).map(withoutEdgeSpaces) == expected,
    "writing the track changed its thumbnails: \(FuzzCheck.describe(written))")
  return 0
}

/// The most bytes an output of `track` may have: a constant times the input, and for the
/// tiles of an image playlist (one line can be 10,000 of them) a constant times each tile's
/// URL and fragment as well, since every tile writes them again.
private func outputBound(_ track: ThumbnailTrack, inputBytes: Int, isPlaylist: Bool) -> Int {
  var bound = 8 * inputBytes + 1024
  if isPlaylist {
    for thumbnail in track.thumbnails {
      bound += 8 * (thumbnail.url.utf8.count + thumbnail.otherFragment.utf8.count) + 256
    }
  }
  return bound
}

/// The thumbnail with its times as WebVTT writes them, in whole milliseconds.
private func toMilliseconds(_ thumbnail: Thumbnail) -> Thumbnail {
  var rounded = thumbnail
  rounded.start = SubtitleTime(milliseconds: thumbnail.start.milliseconds)
  rounded.end = SubtitleTime(milliseconds: thumbnail.end.milliseconds)
  return rounded
}

/// The thumbnail as the writer spells its payload: control characters and the `>` of `-->`
/// (which a cue payload may not hold) percent-encoded, in the URL and the other fragment pairs.
private func escapingArrows(_ thumbnail: Thumbnail) -> Thumbnail {
  func escaped(_ text: String) -> String {
    var out: [UInt8] = []
    for byte in text.utf8 {
      if byte < 0x20 || byte == 0x7F || (byte == 0x3E && out.suffix(2) == [0x2D, 0x2D]) {
        out += Array("%\(Hex.encode([byte], uppercase: true))".utf8)
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
  var result = thumbnail
  result.url = escaped(thumbnail.url)
  result.otherFragment = escaped(thumbnail.otherFragment)
  return result
}

/// The thumbnail without an identifier WebVTT cannot carry (one holding `-->`, or one that
/// would start a `NOTE`, `STYLE` or `REGION` block, as a cue read after a `NOTE` line can
/// have): the writer leaves such identifiers out.
private func withWritableIdentifier(_ thumbnail: Thumbnail) -> Thumbnail {
  var result = thumbnail
  if let identifier = thumbnail.identifier, !WebVTTWriter.isWritableIdentifier(identifier) {
    result.identifier = nil
  }
  return result
}

/// The thumbnail without spaces (or their `%20`) at the ends of its URL and other fragment
/// pairs: the writer encodes spaces at the ends of the reference, which a reader would trim.
private func withoutEdgeSpaces(_ thumbnail: Thumbnail) -> Thumbnail {
  func trimmed(_ text: String) -> String {
    var rest = Substring(text)
    while true {
      if rest.hasPrefix(" ") || rest.hasSuffix(" ") {
        rest = rest.hasPrefix(" ") ? rest.dropFirst() : rest.dropLast()
      } else if rest.hasPrefix("%20") || rest.hasSuffix("%20") {
        rest = rest.hasPrefix("%20") ? rest.dropFirst(3) : rest.dropLast(3)
      } else {
        return String(rest)
      }
    }
  }
  var result = thumbnail
  result.url = trimmed(thumbnail.url)
  result.otherFragment = trimmed(thumbnail.otherFragment)
  return result
}
