import AdInsertion
import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool diff [--json] OLD NEW`: what changed between two reloads of a live media
/// playlist; exit status 1 when NEW contradicts OLD.
let diffCommand = CommandSpec(
  name: "diff", summary: "what changed between two reloads of a live playlist",
  operands: "OLD NEW",
  discussion: """
    Reports the segments removed from the front and added at the end, segments missed between
    the two reloads, date ranges added and removed, ad breaks started, ended and withdrawn (by
    their stable id, docs/ad-breaks.md), and EXT-X-ENDLIST appearing. Exits 1 when
    NEW contradicts OLD: the media sequence going back, a segment listed in both with another
    URI, duration, discontinuity sequence or program date-time, a date range attribute changing
    value, EXT-X-ENDLIST disappearing, the target duration or playlist type changing.
    """,
  options: [.flag("--json", "print one JSON document")]
) { arguments, io in
  guard arguments.positionals.count == 2 else {
    return PlaylistInput.usageError(
      "expected OLD and NEW, got \(arguments.positionals.count) operands", command: "diff", io: io)
  }
  guard let (_, old) = PlaylistInput.loadMedia(arguments.positionals[0], io: io),
    let (_, new) = PlaylistInput.loadMedia(arguments.positionals[1], io: io)
  else { return ExitStatus.failure }
  let diff = PlaylistDiff(old: old, new: new)
  let ads = AdBreakChanges(old: AdTimeline(old), new: AdTimeline(new))
  if arguments.flag("--json") {
    io.writeJSONLine(diff.jsonValue(ads))
  } else {
    for line in diff.textLines(ads) { io.writeLine(TextEscaping.escapingControlCharacters(line)) }
  }
  return diff.isConsistent ? ExitStatus.success : ExitStatus.checkFailed
}

extension PlaylistDiff {
  /// The `diff --json` document.
  func jsonValue(_ ads: AdBreakChanges) -> JSONValue {
    .object([
      ("oldMediaSequence", JSONValue(oldMediaSequence)),
      ("newMediaSequence", JSONValue(newMediaSequence)),
      ("removedSegments", JSONValue(removedSegments)),
      ("missedSegments", JSONValue(missedSegments)),
      (
        "addedSegments",
        .array(
          addedSegments.map {
            .object([
              ("mediaSequence", JSONValue($0.mediaSequence)), ("uri", .string($0.uri)),
              ("duration", .decimal($0.duration)),
            ])
          })
      ),
      ("addedDateRanges", .array(addedDateRanges.map { .string($0) })),
      ("removedDateRanges", .array(removedDateRanges.map { .string($0) })),
      (
        "adBreaksStarted",
        .array(
          ads.started.map {
            .object([
              ("id", .string($0.id)), ("mediaSequence", JSONValue($0.mediaSequence)),
              ("plannedDuration", JSONValue($0.plannedDuration)), ("open", .bool($0.open)),
            ])
          })
      ),
      (
        "adBreaksEnded",
        .array(
          ads.ended.map {
            .object([
              ("id", .string($0.id)), ("mediaSequence", JSONValue($0.mediaSequence)),
              ("duration", .decimal($0.duration)),
            ])
          })
      ),
      ("adBreaksWithdrawn", .array(ads.withdrawn.map { .string($0.id) })),
      ("ended", .bool(ended)), ("consistent", .bool(isConsistent)),
      (
        "inconsistencies",
        .array(
          inconsistencies.map {
            .object([
              ("mediaSequence", JSONValue($0.mediaSequence)), ("message", .string($0.message)),
            ])
          })
      ),
    ])
  }

  /// The text report.
  func textLines(_ ads: AdBreakChanges) -> [String] {
    var out = [
      "media sequence: \(oldMediaSequence) → \(newMediaSequence)"
        + " (\(removedSegments) removed\(missedSegments > 0 ? ", \(missedSegments) missed" : ""))"
    ]
    out.append("added segments: \(addedSegments.count)")
    for s in addedSegments { out.append("  \(s.mediaSequence)  \(s.duration)  \(s.uri)") }
    if !addedDateRanges.isEmpty {
      out.append("added date ranges: " + addedDateRanges.joined(separator: ", "))
    }
    if !removedDateRanges.isEmpty {
      out.append("removed date ranges: " + removedDateRanges.joined(separator: ", "))
    }
    for adBreak in ads.started {
      let planned = adBreak.plannedDuration.map { ", planned \($0) s" } ?? ""
      out.append("ad break started: \(adBreak.id) at \(adBreak.mediaSequence)\(planned)")
    }
    for adBreak in ads.ended {
      out.append("ad break ended: \(adBreak.id) after \(adBreak.duration) s")
    }
    for adBreak in ads.withdrawn { out.append("ad break withdrawn: \(adBreak.id)") }
    if ended { out.append("ended: EXT-X-ENDLIST appeared") }
    for problem in inconsistencies { out.append("inconsistent: \(problem.message)") }
    out.append(isConsistent ? "consistent: yes" : "consistent: no")
    return out
  }
}
