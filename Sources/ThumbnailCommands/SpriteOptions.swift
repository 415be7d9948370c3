import ManifestCore
import Thumbnails
import ToolSupport

/// The sprite-configuration options `generate` and `lookup` share.
enum SpriteOptions {
  /// `--template`, `--columns`, `--rows`, `--interval`, `--width`, `--height`, `--start-index`.
  static let options: [OptionSpec] = [
    .option(
      "--template", "T",
      "sheet URL template: ~index~ is the sheet number, ~index:4~ pads it to 4 digits"),
    .option("--columns", "C", "thumbnails per row of a sheet"),
    .option("--rows", "R", "rows of thumbnails per sheet"),
    .option("--interval", "SECONDS", "seconds between thumbnails (how long each is shown)"),
    .option("--width", "W", "thumbnail width in pixels"),
    .option("--height", "H", "thumbnail height in pixels"),
    .option("--start-index", "N", "number of the first sheet (default 1)"),
  ]

  /// `--duration D`.
  static let durationOption = OptionSpec.option(
    "--duration", "SECONDS", "media duration in seconds")

  /// True when any sprite option was given.
  static func given(_ arguments: ParsedArguments) -> Bool {
    options.contains { arguments.value($0.name) != nil }
  }

  /// The configuration the options describe; every option but `--start-index` is required.
  static func grid(_ arguments: ParsedArguments) throws(UsageError) -> SpriteGrid {
    guard let template = arguments.value("--template") else {
      throw UsageError("option '--template' is required")
    }
    if let problem = LineSafeArgument.problem("--template", template) {
      throw UsageError(problem)
    }
    let columns = try required("--columns", arguments)
    let rows = try required("--rows", arguments)
    let interval = try requiredDecimal("--interval", arguments)
    let width = try required("--width", arguments)
    let height = try required("--height", arguments)
    let startIndex = try arguments.integer("--start-index") ?? 1
    do {
      return try SpriteGrid(
        template: SpriteURLTemplate(template), columns: columns, rows: rows, interval: interval,
        thumbnailSize: PixelSize(width: width, height: height), startIndex: startIndex)
    } catch {
      throw UsageError(error.message)
    }
  }

  /// A required whole-number option.
  static func required(_ name: String, _ arguments: ParsedArguments) throws(UsageError) -> Int {
    guard let value = try arguments.integer(name) else {
      throw UsageError("option '\(name)' is required")
    }
    return value
  }

  /// A decimal option, exact (`2.002`).
  static func decimal(_ name: String, _ arguments: ParsedArguments) throws(UsageError)
    -> ExactDecimal?
  {
    guard let text = arguments.value(name) else { return nil }
    guard let value = ExactDecimal(text) else {
      throw UsageError("option '\(name)' needs a decimal number, got '\(text)'")
    }
    return value
  }

  /// A required decimal option.
  static func requiredDecimal(_ name: String, _ arguments: ParsedArguments) throws(UsageError)
    -> ExactDecimal
  {
    guard let value = try decimal(name, arguments) else {
      throw UsageError("option '\(name)' is required")
    }
    return value
  }
}
