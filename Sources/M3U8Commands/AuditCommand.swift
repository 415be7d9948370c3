import Audit
import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool audit [options] FILE...`: spec, LL-HLS, key and ad-marker checks for CI
/// (docs/cli-contract.md, docs/audit-rules.md); `audit --live URL` over the reloads of a live
/// stream (docs/live.md).
let auditCommand = makeAuditCommand(clock: SystemWatchClock(), status: WatchStatusLine.terminal)

/// The audit command, whose `--live` runs on `clock` and writes its one-line status with
/// `status` (nil: none).
package func makeAuditCommand(clock: any WatchClock, status: (@Sendable (String) -> Void)?)
  -> CommandSpec
{
  CommandSpec(
    name: "audit",
    summary: "check playlists: spec, LL-HLS, keys, ad markers, live streams (for CI)",
    operands: "[FILE...]",
    discussion: """
      Audits each FILE (standard input when there is none) and prints every finding:
        text    FILE:LINE:COL: severity: message [rule-id]   (the default)
        json    {"findings":[{rule,severity,file,line,column,message}],"summary":{…}}
        junit   JUnit XML, one test case per rule per file
        github  ::error file=…,line=…::… workflow annotations
        sarif   SARIF 2.1.0 log (GitHub code scanning and other SARIF readers)
        html    one self-contained HTML page: summary, findings by rule, ad-break timelines
      --rules takes families (spec, ll-hls, keys, ads) or rule ids, comma-separated; --disable
      takes the same. Naming an opt-in rule's id runs it. --follow also audits the media
      playlists a multivariant playlist names (paths relative to its directory) and checks that
      they agree: target durations, playlist types, session keys, ad breaks.
      Profiles: standard (default), strict (warnings are errors), mediatailor, google-dai.
      --live URL follows a live stream the way 'watch' does (its media playlists and their
      audio, video and subtitle renditions, reloaded per RFC 8216bis 6.3.4) until --duration,
      --reloads or EXT-X-ENDLIST: every reload is audited (a finding once, from the first reload
      that shows it) and the live rules check what needs time: staleness, media sequence going
      back, segments changing, breaks that do not close, end late or drift, date ranges that
      change, variants out of step. Their findings are at URL:1:1 of the media playlist.
      --jobs N audits N FILEs at once; the output is the same as one at a time.
      Exit status: 0 no finding at or above --fail-on (default error), 1 some, 2 a usage error or
      a file that cannot be read or parsed. The rules: docs/audit-rules.md, or --list-rules.
      """,
    options: [
      .option("--rules", "LIST", "run only these families or rule ids", repeatable: true),
      .option("--disable", "LIST", "do not run these families or rule ids", repeatable: true),
      .option("--format", "FORMAT", "text (default), json, junit, github, sarif or html"),
      .option("--profile", "NAME", "standard, strict, mediatailor or google-dai"),
      .option(
        "--fail-on", "SEVERITY",
        "exit 1 when a finding is at least this: error (default), "
          + "warning or info"),
      .option("--tolerance", "SECONDS", "slack for ad timing comparisons (default 0.5)"),
      .option(
        "--discontinuities", "POLICY",
        "require or forbid EXT-X-DISCONTINUITY at ad-break boundaries (default: either)"),
      .flag("--follow", "also audit and compare the media playlists a multivariant playlist names"),
      FileBatch.jobsOption,
      .flag("--live", "follow the live stream at URL over its reloads (the live rules too)"),
      .option("--duration", "SECONDS", "with --live: stop after SECONDS"),
      .option("--reloads", "N", "with --live: stop after N reloads of every media playlist"),
      .option("--variants", "WHICH", "with --live: all (default), lowest or highest bandwidth"),
      .flag(
        "--list-rules",
        "print the selected rules as a Markdown table (id, severity under "
          + "the profile, what, why, reference) and exit"),
    ] + PlaylistInput.variableOptions
  ) { arguments, io in
    let settings: AuditSettings
    do throws(UsageError) {
      settings = try AuditSettings(arguments)
    } catch {
      return PlaylistInput.usageError(error.message, code: error.code, command: "audit", io: io)
    }
    if arguments.flag("--list-rules") {
      io.write(Audit.ruleTable(rules: settings.selection, profile: settings.profile))
      return ExitStatus.success
    }
    if let live = settings.live {
      var watch = Watch(
        settings: live, io: io, clock: clock, status: status, label: "audit --live",
        reporter: LiveAuditReporter(settings: settings))
      _ = watch.follow()
      return write(
        AuditReport(entries: watch.reporter.entries), groups: [], settings: settings,
        failed: watch.reporter.failed, io: io)
    }
    let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
    let run = AuditRun.batch(paths, settings: settings, io: io)
    return write(
      AuditReport(entries: run.entries), groups: run.groups, settings: settings, failed: run.failed,
      io: io)
  }
}

/// Writes `report` in the format asked for and returns the exit status: 2 when a file `failed`,
/// 1 when a finding reaches --fail-on, else 0.
private func write(
  _ report: AuditReport, groups: [[AuditedPlaylist]], settings: AuditSettings, failed: Bool,
  io: ToolIO
) -> Int32 {
  switch settings.format {
  case "json":
    io.writeJSONLine(report.jsonValue)
  case "junit": io.write(report.junit(failOn: settings.failOn))
  case "github": io.write(report.githubAnnotations)
  case "sarif":
    let log = report.sarif(
      playlists: groups.flatMap { $0 }, toolVersion: ManifestKitVersion.current)
    io.writeJSONLine(log, pretty: true)
  case "html": io.write(report.html(charts: report.timelineCharts(groups)))
  default: io.write(report.text)
  }
  if failed { return ExitStatus.failure }
  return report.reaches(settings.failOn) ? ExitStatus.checkFailed : ExitStatus.success
}
