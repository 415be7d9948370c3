import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool merge-delta PLAYLIST DELTA`: applies an LL-HLS delta update (EXT-X-SKIP) to the
/// playlist it updates and prints the full playlist.
let mergeDeltaCommand = CommandSpec(
  name: "merge-delta",
  summary: "apply an LL-HLS delta update (EXT-X-SKIP) to the previous playlist",
  operands: "PLAYLIST DELTA",
  discussion: """
    PLAYLIST is the last full media playlist, DELTA the playlist delta update (_HLS_skip=YES or
    v2) that followed it. The skipped segments are taken from PLAYLIST with the keys, map and
    program date-time in force for them; date ranges named by RECENTLY-REMOVED-DATERANGES are
    dropped; everything else comes from DELTA as written. A DELTA without EXT-X-SKIP is printed
    as it is.
    """
) { arguments, io in
  guard arguments.positionals.count == 2 else {
    return PlaylistInput.usageError(
      "expected PLAYLIST and DELTA, got \(arguments.positionals.count) operands",
      command: "merge-delta", io: io)
  }
  guard let (_, previous) = PlaylistInput.loadMedia(arguments.positionals[0], io: io),
    let (deltaDocument, delta) = PlaylistInput.loadMedia(arguments.positionals[1], io: io)
  else { return ExitStatus.failure }
  do throws(DeltaUpdate.Failure) {
    io.write(bytes: try DeltaUpdate.merge(previous: previous, delta: delta))
    return ExitStatus.success
  } catch {
    let line = delta.skip.map { delta.source.lines[$0.line].number } ?? 1
    io.errorLine(
      "\(deltaDocument.name):\(line):1: error: \(error.message) "
        + "[\(ToolDiagnosticCode.mergeDeltaFailed.rawValue)]")
    return ExitStatus.failure
  }
}
