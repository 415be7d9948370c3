import ManifestCore

/// The options every command takes to change a `Limits` bound: `--max-input-bytes N` and
/// `--limit NAME=N` (repeatable), with `N` a whole number and an optional `K`, `M` or `G`.
enum LimitOptions {
  static let specs: [OptionSpec] = [
    .option("--max-input-bytes", "N", "refuse an input larger than N bytes (default 1G)"),
    .option(
      "--limit", "NAME=N", "change another bound (see docs/limits.md)", repeatable: true),
  ]

  /// `base` with the bounds the arguments give; a usage error for an unknown name or a value
  /// that is not a size.
  static func limits(from arguments: ParsedArguments, base: Limits) throws(UsageError) -> Limits {
    var limits = base
    for assignment in arguments.values["--limit"] ?? [] {
      guard let eq = assignment.firstIndex(of: "=") else {
        throw UsageError("option '--limit' needs NAME=N, got '\(assignment)'", code: .option)
      }
      let name = String(assignment[..<eq])
      guard limits[name] != nil else {
        throw UsageError(
          "unknown limit '\(name)' (one of: \(Limits.names.joined(separator: ", ")))",
          code: .option)
      }
      limits[name] = try value(String(assignment[assignment.index(after: eq)...]), of: "--limit")
    }
    if let text = arguments.value("--max-input-bytes") {
      limits.inputBytes = try value(text, of: "--max-input-bytes")
    }
    return limits
  }

  private static func value(_ text: String, of option: String) throws(UsageError) -> Int {
    guard let value = Limits.parseValue(text) else {
      throw UsageError(
        "option '\(option)' needs a size such as 4096, 64K, 16M or 1G, got '\(text)'",
        code: .option)
    }
    return value
  }
}
