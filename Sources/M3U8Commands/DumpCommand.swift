import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool dump --json [FILE...]`: the whole parsed model as one JSON document per FILE
/// (docs/cli-contract.md).
let dumpCommand = CommandSpec(
  name: "dump", summary: "print the parsed playlist as JSON", operands: "[FILE...]",
  discussion: """
    Prints one JSON document: kind, header tags, segments with their resolved state (keys,
    map, byte range, program date-time, parts), date ranges, LL-HLS tags; or variants,
    renditions, session data and keys of a multivariant playlist. With several FILEs, one
    document per FILE in the order given (--jobs N of them read at once).
    """,
  options: [
    .flag("--json", "JSON output (the only form; accepted for the contract)"),
    .flag("--pretty", "indent the JSON"),
    FileBatch.jobsOption,
  ] + PlaylistInput.variableOptions
) { arguments, io in
  let (paths, jobs, problem) = PlaylistInput.batchOperands(arguments)
  let (options, optionProblem) = PlaylistInput.parseOptions(arguments)
  if let problem = problem ?? optionProblem {
    return PlaylistInput.usageError(problem, command: "dump", io: io)
  }
  return FileBatch.run(paths, jobs: jobs, io: io) { path, io in
    guard let loaded = PlaylistInput.load(path, io: io, options: options) else {
      return ExitStatus.failure
    }
    io.writeJSONLine(pretty: arguments.flag("--pretty")) { loaded.playlist.writeJSON(to: &$0) }
    return ExitStatus.success
  }
}
