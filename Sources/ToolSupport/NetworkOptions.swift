import HTTPLoading
import ManifestCore

/// The options every command takes for URL inputs (`http://`, `https://`): `--header`,
/// `--timeout`, `--retries` and `--max-bytes` (docs/cli-contract.md, docs/http-input.md).
enum NetworkOptions {
  static let specs: [OptionSpec] = [
    .option(
      "--header", "HEADER", "send this header (Name: value) with every HTTP request",
      repeatable: true),
    .option("--timeout", "SECONDS", "give up on an HTTP request after SECONDS (default 10)"),
    .option(
      "--retries", "N", "try an HTTP request N more times on 5xx, timeouts and connection errors"),
    .option("--max-bytes", "N", "stop an HTTP transfer past N bytes (default 256M)"),
  ]

  /// `base` with what the arguments give; a usage error for a malformed header, timeout,
  /// count or size.
  static func options(from arguments: ParsedArguments, base: HTTPOptions)
    throws(UsageError) -> HTTPOptions
  {
    var options = base
    for text in arguments.values["--header"] ?? [] {
      switch HTTPHeaderField.parse(text) {
      case .success(let field): options.headers.append(field)
      case .failure(let error):
        throw UsageError("option '--header': \(error.message)", code: .option)
      }
    }
    if let text = arguments.value("--timeout") {
      guard let milliseconds = Self.milliseconds(text), milliseconds > 0 else {
        throw UsageError(
          "option '--timeout' needs seconds greater than 0 such as 10 or 0.5, got '\(text)'",
          code: .option)
      }
      options.timeoutMilliseconds = milliseconds
    }
    if let retries = try arguments.integer("--retries") {
      guard (0...10).contains(retries) else {
        throw UsageError("option '--retries' needs 0 to 10, got \(retries)", code: .option)
      }
      options.retries = retries
    }
    if let text = arguments.value("--max-bytes") {
      guard let value = Limits.parseValue(text), value > 0 else {
        throw UsageError(
          "option '--max-bytes' needs a size such as 4096, 64K, 16M or 1G, got '\(text)'",
          code: .option)
      }
      options.maxBytes = value
    }
    return options
  }

  /// `10`, `0.5`, `2.25` (at most three decimals, at most a day) as milliseconds.
  private static func milliseconds(_ text: String) -> Int? {
    let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigits = { (part: Substring) in part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    guard let whole = parts.first, !whole.isEmpty, whole.count <= 5, isDigits(whole),
      let seconds = Int(whole)
    else { return nil }
    var fraction = 0
    if parts.count == 2 {
      let digits = parts[1]
      guard !digits.isEmpty, digits.count <= 3, isDigits(digits), let value = Int(digits) else {
        return nil
      }
      fraction = value * [100, 10, 1][digits.count - 1]
    }
    let total = seconds * 1000 + fraction
    return total <= 86_400_000 ? total : nil
  }
}
