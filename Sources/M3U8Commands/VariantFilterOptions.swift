import HLS
import ManifestCore
import ToolSupport

/// The variant filter options `variants` and `urls` share, and how they become a
/// `VariantFilter`.
enum VariantFilterOptions {
  static let options: [OptionSpec] = [
    .option("--max-bandwidth", "BPS", "cap: keep variants with BANDWIDTH at most BPS (0: no cap)"),
    .option(
      "--max-resolution", "WxH",
      "cap: keep variants whose RESOLUTION fits WxH (variants without one are not capped; "
        + "0x0: no cap)"),
    .option("--min-bandwidth", "BPS", "keep variants with BANDWIDTH at least BPS"),
    .option("--codecs", "PREFIX[,PREFIX]", "keep variants with a codec starting with a PREFIX"),
    .option("--video-range", "SDR|PQ|HLG", "keep variants with this VIDEO-RANGE (absent is SDR)"),
    .option("--sort", "bandwidth|-bandwidth", "order the variants by BANDWIDTH, up or down"),
    .option("--first", "N", "keep the first N variants (after --sort)"),
  ]

  /// The filter the arguments ask for.
  static func filter(_ arguments: ParsedArguments) throws(UsageError) -> VariantFilter {
    var filter = VariantFilter()
    filter.maxBandwidth = try nonNegative(arguments, "--max-bandwidth")
    filter.minBandwidth = try nonNegative(arguments, "--min-bandwidth")
    if let text = arguments.value("--max-resolution") {
      let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
      guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]), width >= 0,
        height >= 0
      else {
        throw UsageError("option '--max-resolution' needs WIDTHxHEIGHT, got '\(text)'")
      }
      guard (width == 0) == (height == 0) else {
        throw UsageError(
          "option '--max-resolution' needs both sides above 0, or 0x0 for no cap, got '\(text)'")
      }
      filter.maxResolution = Resolution(width: width, height: height)
    }
    if let text = arguments.value("--codecs") {
      filter.codecPrefixes = text.split(separator: ",").map { String($0).trimmedOfSpaces() }
        .filter { !$0.isEmpty }
      guard !filter.codecPrefixes.isEmpty else {
        throw UsageError("option '--codecs' needs at least one codec prefix")
      }
    }
    if let range = arguments.value("--video-range") {
      guard ["SDR", "PQ", "HLG"].contains(range) else {
        throw UsageError("option '--video-range' needs SDR, PQ or HLG, got '\(range)'")
      }
      filter.videoRange = range
    }
    switch arguments.value("--sort") {
    case nil: break
    case "bandwidth": filter.order = .bandwidthAscending
    case "-bandwidth": filter.order = .bandwidthDescending
    case let other?:
      throw UsageError("option '--sort' needs bandwidth or -bandwidth, got '\(other)'")
    }
    if let first = try arguments.integer("--first") {
      guard first >= 1 else { throw UsageError("option '--first' needs N of 1 or more") }
      filter.first = first
    }
    return filter
  }

  private static func nonNegative(_ arguments: ParsedArguments, _ name: String)
    throws(UsageError) -> Int?
  {
    guard let value = try arguments.integer(name) else { return nil }
    guard value >= 0 else { throw UsageError("option '\(name)' needs a bit rate of 0 or more") }
    return value
  }
}

extension String {
  fileprivate func trimmedOfSpaces() -> String {
    var s = Substring(self)
    while s.first == " " { s.removeFirst() }
    while s.last == " " { s.removeLast() }
    return String(s)
  }
}
