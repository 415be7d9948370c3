import Thumbnails
import ToolSupport

/// `thumbnail-tool dump [--json] [FILE]`: the parsed track, as JSON
/// (`{"thumbnails":[{start,end,url,x,y,width,height,unit}]}`) or as WebVTT.
let dumpCommand = CommandSpec(
  name: "dump", summary: "print the parsed track as JSON (--json) or WebVTT",
  discussion: """
    Reads a WebVTT thumbnail track, or an HLS image media playlist (recognised by its #EXTM3U
    line). With --json prints {"thumbnails":[{start,end,url,x,y,width,height,unit}]}: times in
    seconds, x/y/width/height null for a whole-image thumbnail, unit "pixel" or "percent".
    Without --json prints the track as WebVTT (after --base and --shift-ads), which is how a
    track is rebased for a stream with inserted ads.
    """,
  options: [
    .flag("--json", "print JSON instead of WebVTT"),
    .flag("--pretty", "indent the JSON"),
    TrackInput.baseOption,
    TrackInput.shiftAdsOption,
  ]
) { arguments, io in
  TrackInput.running("dump", io: io) { () throws(UsageError) -> Int32 in
    let path = try TrackInput.operand(arguments)
    guard let loaded = TrackInput.load(path, arguments: arguments, io: io) else {
      return ExitStatus.failure
    }
    if arguments.flag("--json") || arguments.flag("--pretty") {
      io.writeJSONLine(loaded.track.jsonValue, pretty: arguments.flag("--pretty"))
    } else {
      TrackInput.write(loaded.track, io: io)
    }
    return ExitStatus.success
  }
}
