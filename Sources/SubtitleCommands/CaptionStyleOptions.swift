import ManifestCore
import Subtitles
import ToolSupport

/// `convert`'s style overrides (`--font-family`, `--font-scale`, `--color`, `--background`,
/// `--background-opacity`, `--edge`, `--edge-color`), the caption settings the FCC rules name
/// (47 CFR §79.103(c)), read into a `CaptionStyle`.
enum CaptionStyleOptions {
  static let options: [OptionSpec] = [
    .option(
      "--font-family", "LIST", "fonts, comma-separated (serif, sans-serif, monospace or names)"),
    .option("--font-scale", "PERCENT", "font size, 50 to 400 percent of the default"),
    .option(
      "--color", "COLOR",
      "text colour: white, black, red, green, blue, yellow, magenta, "
        + "cyan, #RRGGBB or #RRGGBBAA"),
    .option("--background", "COLOR", "background colour behind the text (as --color)"),
    .option("--background-opacity", "PERCENT", "background opacity, 0 to 100"),
    .option("--edge", "EDGE", "character edge: none, outline, drop-shadow, raised, depressed"),
    .option("--edge-color", "COLOR", "edge colour (default black)"),
  ]

  /// The style the arguments ask for (empty when none is given).
  static func style(_ arguments: ParsedArguments) throws(UsageError) -> CaptionStyle {
    var style = CaptionStyle()
    if let text = arguments.value("--font-family") {
      guard let names = CaptionStyle.fontFamily(text) else {
        throw UsageError(
          "option '--font-family' needs font names of letters, digits, spaces, '-' and '_', "
            + "separated by commas, got '\(text)'")
      }
      style.fontFamily = names
    }
    if let text = arguments.value("--font-scale") {
      guard let scale = CaptionStyle.fontScale(text) else {
        throw UsageError("option '--font-scale' needs a percentage from 50 to 400, got '\(text)'")
      }
      style.fontScale = scale
    }
    style.color = try color(arguments, "--color")
    style.background = try color(arguments, "--background")
    if let text = arguments.value("--background-opacity") {
      guard let percent = Int(text), (0...100).contains(percent) else {
        throw UsageError(
          "option '--background-opacity' needs a whole percentage from 0 to 100, got '\(text)'")
      }
      let base = style.background ?? CaptionColor(red: 0, green: 0, blue: 0)
      style.background = base.withOpacity(percent: percent)
    }
    if let text = arguments.value("--edge") {
      guard let edge = CaptionStyle.Edge(rawValue: text) else {
        throw UsageError(
          "option '--edge' needs none, outline, drop-shadow, raised or depressed, got '\(text)'")
      }
      style.edge = edge
    }
    if let edgeColor = try color(arguments, "--edge-color") {
      guard style.edge != nil else { throw UsageError("--edge-color needs --edge") }
      style.edgeColor = edgeColor
    }
    return style
  }

  private static func color(_ arguments: ParsedArguments, _ name: String) throws(UsageError)
    -> CaptionColor?
  {
    guard let text = arguments.value(name) else { return nil }
    guard let color = CaptionColor(parsing: text) else {
      throw UsageError(
        "option '\(name)' needs white, black, red, green, blue, yellow, magenta, cyan, #RRGGBB "
          + "or #RRGGBBAA, got '\(text)'")
    }
    return color
  }
}
