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
    .option(
      "--min-resolution", "WxH",
      "keep variants whose RESOLUTION is at least WxH (variants without one are kept)"),
    .option("--codecs", "PREFIX[,PREFIX]", "keep variants with a codec starting with a PREFIX"),
    .option("--video-range", "SDR|PQ|HLG", "keep variants with this VIDEO-RANGE (absent is SDR)"),
    .option("--sort", "bandwidth|-bandwidth", "order the variants by BANDWIDTH, up or down"),
    .option("--first", "N", "keep the first N variants (after --sort)"),
    .option(
      "--start-variant", "BPS",
      "move the variant a player starting at BPS picks (highest BANDWIDTH at most BPS, else the "
        + "lowest) first, keeping the rest in order"),
    languageOption,
  ]

  /// `--language`, shared with `tracks`.
  static let languageOption = OptionSpec.option(
    "--language", "RANGE[,RANGE]",
    "keep the audio, subtitle and caption renditions in these BCP 47 languages (en matches en-US)")

  /// The language ranges of `--language`, empty when not given.
  static func languages(_ arguments: ParsedArguments) throws(UsageError) -> [LanguageRange] {
    guard let text = arguments.value("--language") else { return [] }
    var ranges: [LanguageRange] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = String(item).trimmedOfSpaces()
      guard let range = LanguageRange(trimmed) else {
        throw UsageError(
          "option '--language' needs BCP 47 language ranges such as en or pt-BR, got '\(text)'")
      }
      ranges.append(range)
    }
    return ranges
  }

  /// The filter the arguments ask for.
  static func filter(_ arguments: ParsedArguments) throws(UsageError) -> VariantFilter {
    var filter = VariantFilter()
    filter.maxBandwidth = try nonNegative(arguments, "--max-bandwidth")
    filter.minBandwidth = try nonNegative(arguments, "--min-bandwidth")
    if let size = try resolution(arguments, "--max-resolution") {
      guard (size.width == 0) == (size.height == 0) else {
        throw UsageError(
          "option '--max-resolution' needs both sides above 0, or 0x0 for no cap, got "
            + "'\(arguments.value("--max-resolution") ?? "")'")
      }
      filter.maxResolution = size
    }
    if let size = try resolution(arguments, "--min-resolution") {
      guard size.width > 0, size.height > 0 else {
        throw UsageError(
          "option '--min-resolution' needs both sides above 0, got "
            + "'\(arguments.value("--min-resolution") ?? "")'")
      }
      filter.minResolution = size
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
    filter.languages = try languages(arguments)
    filter.startBandwidth = try nonNegative(arguments, "--start-variant")
    return filter
  }

  /// The WIDTHxHEIGHT value of option `name`, or `nil` when not given.
  private static func resolution(_ arguments: ParsedArguments, _ name: String)
    throws(UsageError) -> Resolution?
  {
    guard let text = arguments.value(name) else { return nil }
    let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]), width >= 0,
      height >= 0
    else {
      throw UsageError("option '\(name)' needs WIDTHxHEIGHT, got '\(text)'")
    }
    return Resolution(width: width, height: height)
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
