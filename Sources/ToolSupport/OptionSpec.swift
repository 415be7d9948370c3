/// One `--option` a command accepts.
package struct OptionSpec: Sendable, Hashable {
  /// The spelling with dashes, such as `--max-bandwidth`.
  package var name: String
  /// The placeholder for the value (`BPS`), or `nil` for a flag that takes none.
  package var valueName: String?
  /// May be given more than once (values accumulate).
  package var repeatable: Bool
  /// One line of help.
  package var help: String

  /// A flag without a value.
  package static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, repeatable: false, help: help)
  }

  /// An option that takes a value.
  package static func option(
    _ name: String, _ valueName: String, _ help: String, repeatable: Bool = false
  ) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, repeatable: repeatable, help: help)
  }

  /// True when the option takes a value.
  package var takesValue: Bool { valueName != nil }
}
