import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool variants [filters] [--strict] [--list [--json]] [FILE]`: a multivariant playlist
/// keeping only the chosen variants, or the ladder as a table or JSON (docs/cli-contract.md).
let variantsCommand = CommandSpec(
  name: "variants", summary: "keep the variants that pass caps and filters, or list the ladder",
  discussion: """
    Writes the multivariant playlist with only the chosen variants, the renditions and I-frame
    streams they still use, and everything else (comments, unknown tags, session data and
    keys) as it was. Caps behave as players apply them: when no variant fits
    --max-bandwidth/--max-resolution, the lowest is kept with a warning (--strict: exit 1
    instead). Filters that match nothing (--codecs av01 on an AVC ladder) exit 1; the output
    is never an empty playlist. --list prints the kept variants' bandwidths, resolutions,
    frame rates and codecs instead (--json for the contract's JSON).
    Example (the lowest bit rate, for offline):  m3u8-tool variants --sort bandwidth --first 1
    """,
  options: VariantFilterOptions.options + [
    .flag("--strict", "exit 1 when no variant fits the caps instead of keeping the lowest"),
    .flag("--list", "print the ladder (after the filters) instead of a playlist"),
    .flag("--json", "with --list: print {\"variants\":[…]}"),
  ]
) { arguments, io in
  let (path, problem) = PlaylistInput.singleOperand(arguments)
  if let problem { return PlaylistInput.usageError(problem, command: "variants", io: io) }
  let filter: VariantFilter
  do throws(UsageError) {
    filter = try VariantFilterOptions.filter(arguments)
  } catch {
    return PlaylistInput.usageError(error.message, code: error.code, command: "variants", io: io)
  }
  if arguments.flag("--json") && !arguments.flag("--list") {
    return PlaylistInput.usageError("--json needs --list", command: "variants", io: io)
  }
  guard let loaded = PlaylistInput.load(path, io: io) else { return ExitStatus.failure }
  let name = loaded.document.name
  guard case .multivariant(let multivariant) = loaded.playlist else {
    io.errorLine(
      "\(name):1:1: error: a media playlist has no variants to select "
        + "[\(ToolDiagnosticCode.variantsMediaPlaylist.rawValue)]")
    return ExitStatus.failure
  }
  let selection: VariantSelection
  do throws(VariantSelectionError) {
    selection = try multivariant.selectVariants(filter)
  } catch {
    io.report(
      Diagnostic(
        .error, error.message, code: ToolDiagnosticCode.variantsNoMatch.rawValue,
        at: firstVariantLocation(multivariant)), file: name)
    return ExitStatus.checkFailed
  }
  if let caps = selection.unmetCaps {
    let lowest = selection.variants.map(\.summary).joined(separator: ", ")
    let location = multivariant.source.lines[selection.variants[0].line].location
    if arguments.flag("--strict") {
      io.report(
        Diagnostic(
          .error,
          "no variant fits \(caps); the lowest"
            + (selection.fallbackFamily.map { " of the most compatible codecs (\($0))" } ?? "")
            + " is \(lowest)",
          code: ToolDiagnosticCode.variantsNoneFits.rawValue, at: location),
        file: name)
      return ExitStatus.checkFailed
    }
    io.report(
      Diagnostic(
        .warning,
        "no variant fits \(caps); keeping the lowest"
          + (selection.fallbackFamily.map { " of the most compatible codecs (\($0))" } ?? "")
          + ", \(lowest)",
        code: ToolDiagnosticCode.variantsNoneFits.rawValue, at: location),
      file: name)
  }
  if arguments.flag("--list") {
    if arguments.flag("--json") {
      let list = JSONValue.object([("variants", .array(selection.variants.map(ladderJSON)))])
      io.writeJSONLine(list)
    } else {
      for line in ladderTable(selection.variants) { io.writeLine(line) }
    }
  } else {
    io.write(bytes: selection.bytes)
  }
  return ExitStatus.success
}

private func firstVariantLocation(_ playlist: MultivariantPlaylist) -> SourceLocation {
  playlist.variants.first.map { playlist.source.lines[$0.line].location } ?? .start
}

/// The contract's `variants --list --json` entry.
private func ladderJSON(_ v: VariantStream) -> JSONValue {
  .object([
    ("uri", .string(v.uri)), ("bandwidth", JSONValue(v.bandwidth)),
    ("averageBandwidth", JSONValue(v.averageBandwidth)),
    ("resolution", v.resolution?.jsonValue ?? .null), ("frameRate", JSONValue(v.frameRate)),
    ("codecs", JSONValue(v.codecs)), ("videoRange", JSONValue(v.videoRange)),
    ("audio", JSONValue(v.audio)), ("subtitles", JSONValue(v.subtitles)),
  ])
}

private func ladderTable(_ variants: [VariantStream]) -> [String] {
  var table = TextTable(header: [
    "BANDWIDTH", "AVERAGE", "RESOLUTION", "FPS", "CODECS", "RANGE", "AUDIO", "SUBTITLES", "URI",
  ])
  for v in variants {
    table.rows.append([
      "\(v.bandwidth)", v.averageBandwidth.map { "\($0)" } ?? "-",
      v.resolution?.description ?? "-", v.frameRate?.description ?? "-", v.codecs ?? "-",
      v.videoRange ?? "-", v.audio ?? "-", v.subtitles ?? "-", v.uri,
    ])
  }
  return table.lines
}
