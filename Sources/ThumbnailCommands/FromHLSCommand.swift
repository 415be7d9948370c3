import Thumbnails
import ToolSupport

/// `thumbnail-tool from-hls [FILE]`: an HLS image media playlist (EXT-X-IMAGES-ONLY,
/// EXT-X-TILES) as a WebVTT thumbnail track.
let fromHLSCommand = CommandSpec(
  name: "from-hls", summary: "turn an HLS image media playlist into a WebVTT thumbnail track",
  discussion: """
    Each segment is a sprite sheet covering its EXTINF, cut by EXT-X-TILES into a LAYOUT grid
    of RESOLUTION tiles shown DURATION each (EXTINF split evenly when DURATION is absent), in
    row order; a segment without EXT-X-TILES is one whole-image thumbnail; EXT-X-GAP segments
    get none. Image URIs stay relative to the playlist unless --base is given.
    """,
  options: [TrackInput.baseOption, TrackInput.shiftAdsOption]
) { arguments, io in
  TrackInput.running("from-hls", io: io) { () throws(UsageError) -> Int32 in
    let path = try TrackInput.operand(arguments)
    guard let document = TrackInput.read(path, io: io) else { return ExitStatus.failure }
    guard TrackInput.isPlaylist(document.bytes) else {
      io.errorLine(
        "\(document.name):1:1: error: not an HLS playlist (no #EXTM3U line) "
          + "[hls.extm3u.missing]")
      return ExitStatus.failure
    }
    guard let loaded = TrackInput.parse(document, arguments: arguments, io: io) else {
      return ExitStatus.failure
    }
    TrackInput.write(loaded.track, io: io)
    return ExitStatus.success
  }
}
