import ManifestCore
import Thumbnails
import ToolSupport

/// `thumbnail-tool to-hls [FILE]`: a WebVTT thumbnail track as an HLS image media playlist.
let toHLSCommand = CommandSpec(
  name: "to-hls", summary: "turn a WebVTT thumbnail track into an HLS image media playlist",
  discussion: """
    Consecutive thumbnails of one image become one segment (EXTINF: the time they cover) with
    EXT-X-TILES: RESOLUTION of a tile, LAYOUT columns x rows (the largest any sheet uses),
    DURATION of a tile. Tiles must be filled in row order from the top-left corner, with one
    size and one duration per sheet and no gaps, and the track must start at 0: anything else
    is an error at the thumbnail's line (exit status 2). Whole-image thumbnails become segments
    without EXT-X-TILES.
    """,
  options: [TrackInput.baseOption]
) { arguments, io in
  TrackInput.running("to-hls", io: io) { () throws(UsageError) -> Int32 in
    let path = try TrackInput.operand(arguments)
    guard let loaded = TrackInput.load(path, arguments: arguments, io: io) else {
      return ExitStatus.failure
    }
    let sheets: [SpriteSheet]
    do throws(ParseError) {
      sheets = try loaded.track.spriteSheets()
    } catch {
      io.report(error, file: loaded.name)
      return ExitStatus.failure
    }
    do {
      io.write(try ImagePlaylistWriter.write(sheets))
    } catch {
      io.errorLine("thumbnail-tool to-hls: error: \(error)")
      return ExitStatus.failure
    }
    return ExitStatus.success
  }
}
