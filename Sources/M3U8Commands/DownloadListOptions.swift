import HLS
import ToolSupport

/// The options `urls` and `localize` share to choose what a download fetches: the variant
/// filters, `--tracks` and `--base` (docs/cli-contract.md).
struct DownloadListOptions {
  /// The variants to keep.
  var filter: VariantFilter
  /// The renditions to keep.
  var tracks: RenditionChoice
  /// `--base`: the playlist's own URL, absolute.
  var base: String?

  /// Reads the options, refusing a `--base` without a scheme and, when `lineSafeBase`, one
  /// with characters that would break an output line.
  init(_ arguments: ParsedArguments, lineSafeBase: Bool) throws(UsageError) {
    filter = try VariantFilterOptions.filter(arguments)
    let tracksText = arguments.value("--tracks") ?? RenditionChoice.all.rawValue
    guard let tracks = RenditionChoice(rawValue: tracksText) else {
      throw UsageError("--tracks must be preferred or all, got '\(tracksText)'")
    }
    self.tracks = tracks
    base = arguments.value("--base")
    if lineSafeBase, let base, let problem = LineSafeArgument.problem("--base", base) {
      throw UsageError(problem)
    }
    if let base, !URIResolver.hasScheme(base) {
      throw UsageError(
        "--base needs an absolute URL (with a scheme, such as https:), got '\(base)'")
    }
  }
}
