import AdInsertion
import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool ads --rewrite DIALECT …`: the media playlist with its ad markers written in
/// another dialect (docs/ad-marker-rewrite.md).
enum AdsRewrite {
  /// The options `--rewrite` takes, after `ads`'s own.
  static let options: [OptionSpec] = [
    .option(
      "--rewrite", "DIALECT",
      "write the playlist with its ad markers in DIALECT: cue-out, oatcls, daterange, "
        + "scte35-tag, beacon or interstitial"),
    .flag("--keep-original", "with --rewrite: add the new markers beside the old ones"),
    .option(
      "--asset-uri", "TEMPLATE",
      "--rewrite interstitial: X-ASSET-URI ({id} {duration} {start} {index})"),
    .option(
      "--asset-list", "TEMPLATE",
      "--rewrite interstitial: X-ASSET-LIST ({id} {duration} {start} {index})"),
    .option(
      "--resume-offset", "SECONDS|break",
      "--rewrite interstitial: X-RESUME-OFFSET (default break: the break's duration)"),
    .option(
      "--epoch", "DATE",
      "with --rewrite daterange|interstitial: the first segment's date when the playlist has none"),
    .option(
      "--scte35", "COMMAND",
      "with --rewrite: built SCTE-35 cues use splice-insert (default) or time-signal"),
  ]

  /// The first rewrite option given without `--rewrite`, or `nil`.
  static func strayOption(_ arguments: ParsedArguments) -> String? {
    options.dropFirst().map(\.name).first { name in
      name == "--keep-original" ? arguments.flag(name) : arguments.value(name) != nil
    }
  }

  /// The rewriter the arguments ask for, or a usage problem.
  static func rewriter(_ arguments: ParsedArguments, target name: String)
    -> Result<AdMarkerRewriter, UsageProblem>
  {
    guard let target = AdRewriteTarget(rawValue: name) else {
      return .failure(
        UsageProblem(
          "--rewrite must be cue-out, oatcls, daterange, scte35-tag, beacon or interstitial, "
            + "got '\(name)'"))
    }
    if arguments.value("--format") != nil {
      return .failure(UsageProblem("--rewrite writes a playlist; --format does not apply"))
    }
    var options = AdMarkerRewriter.Options(keepOriginal: arguments.flag("--keep-original"))
    let uri = arguments.value("--asset-uri")
    let list = arguments.value("--asset-list")
    if target == .interstitial {
      guard (uri == nil) != (list == nil) else {
        return .failure(
          UsageProblem("--rewrite interstitial needs exactly one of --asset-uri and --asset-list"))
      }
      do {
        options.asset =
          try uri.map { .uri(try AssetTemplate($0)) } ?? list.map { .list(try AssetTemplate($0)) }
      } catch {
        return .failure(UsageProblem("\(uri != nil ? "--asset-uri" : "--asset-list"): \(error)"))
      }
      if let text = arguments.value("--resume-offset"), text != "break" {
        guard let seconds = ExactDecimal(text), !seconds.isNegative else {
          return .failure(
            UsageProblem(
              "--resume-offset must be a non-negative number of seconds or 'break', got '\(text)'"))
        }
        options.resumeOffset = .seconds(seconds)
      }
    } else {
      for name in ["--asset-uri", "--asset-list", "--resume-offset"]
      where arguments.value(name) != nil {
        return .failure(UsageProblem("\(name) is for --rewrite interstitial"))
      }
    }
    if let text = arguments.value("--epoch") {
      guard let date = DateTime(text) else {
        return .failure(
          UsageProblem(
            "--epoch must be an ISO 8601 date-time (2026-12-02T03:00:00Z), got '\(text)'"))
      }
      options.epoch = date
    }
    if let text = arguments.value("--scte35") {
      guard let command = AdMarkerRewriter.Options.SCTE35Command(rawValue: text) else {
        return .failure(
          UsageProblem("--scte35 must be splice-insert or time-signal, got '\(text)'"))
      }
      options.scte35Command = command
    }
    return .success(AdMarkerRewriter(target: target, options: options))
  }

  /// Writes the rewritten playlist; the rewrite's warnings go to standard error.
  static func run(
    _ rewriter: AdMarkerRewriter, _ media: MediaPlaylist, _ timeline: AdTimeline, file: String,
    io: ToolIO
  ) -> Int32 {
    do {
      let rewrite = try rewriter.rewrite(media, timeline: timeline)
      for issue in rewrite.issues { io.report(issue.diagnostic, file: file) }
      io.write(bytes: rewrite.bytes)
      return ExitStatus.success
    } catch {
      io.report(error.diagnostic, file: file)
      return ExitStatus.failure
    }
  }

  /// A command-line mistake.
  struct UsageProblem: Error {
    var message: String
    init(_ message: String) { self.message = message }
  }
}
