import FuzzSupport
import ManifestCore
import Subtitles
import Thumbnails

/// The thumbnail-track reader on arbitrary bytes (and the HLS image-playlist reader when the
/// input starts with `#EXTM3U`), then everything `thumbnail-tool` does with a track: validate,
/// look up, resolve URLs, JSON, sprite sheets and their image playlist, and writing back, which
/// must read again to the same thumbnails (times to the millisecond WebVTT keeps).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThumbnails(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = fuzzInput(data, size)
  let track: ThumbnailTrack
  do {
    track =
      input.starts(with: Array("#EXTM3U".utf8))
      ? try ImagePlaylistReader.read(input) : try ThumbnailTrackReader.read(input)
  } catch {
    return 0
  }
  for diagnostic in track.diagnostics + track.validate() {
    _ = diagnostic.rendered(file: "fuzz.vtt")
  }
  for thumbnail in track.thumbnails.prefix(64) {
    _ = track.thumbnail(at: thumbnail.start)
    _ = track.thumbnail(at: thumbnail.end)
    _ = thumbnail.region?.pixels(imageWidth: 1920, imageHeight: 1080)
  }
  _ = track.thumbnail(atSeconds: ExactDecimal(12))
  _ = track.resolvingURLs(against: "https://cdn.example/v/thumbs.vtt").jsonValue.serialized()
  if let sheets = try? track.spriteSheets() { _ = ImagePlaylistWriter.write(sheets) }
  let written = ThumbnailTrackWriter.write(track)
  guard let reread = try? ThumbnailTrackReader.read(written) else {
    FuzzCheck.require(false, "a written track does not read: \(FuzzCheck.describe(written))")
    return 0
  }
  let expected = track.thumbnails.map(escapingArrows).map(toMilliseconds)
  FuzzCheck.require(
    reread.thumbnails.map(toMilliseconds) == expected,
    "writing the track changed its thumbnails: \(FuzzCheck.describe(written))")
  return 0
}

/// The thumbnail with its times as WebVTT writes them, in whole milliseconds.
private func toMilliseconds(_ thumbnail: Thumbnail) -> Thumbnail {
  var rounded = thumbnail
  rounded.start = SubtitleTime(milliseconds: thumbnail.start.milliseconds)
  rounded.end = SubtitleTime(milliseconds: thumbnail.end.milliseconds)
  return rounded
}

/// The thumbnail as the writer spells its URL: control characters and the `>` of `-->`
/// (which a cue payload may not hold) percent-encoded.
private func escapingArrows(_ thumbnail: Thumbnail) -> Thumbnail {
  var escaped = thumbnail
  var out: [UInt8] = []
  for byte in thumbnail.url.utf8 {
    if byte < 0x20 || byte == 0x7F || (byte == 0x3E && out.suffix(2) == [0x2D, 0x2D]) {
      out += Array("%\(Hex.encode([byte], uppercase: true))".utf8)
    } else {
      out.append(byte)
    }
  }
  escaped.url = String(decoding: out, as: UTF8.self)
  return escaped
}
