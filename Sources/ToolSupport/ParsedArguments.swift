/// A usage error: an unknown option, a missing value, a bad number.
package struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// One line for the user.
  package var message: String
  /// `cli.option` for what option scanning refuses, `cli.usage` for the rest.
  package var code: ToolDiagnosticCode

  /// Creates an error.
  package init(_ message: String, code: ToolDiagnosticCode = .usage) {
    self.message = message
    self.code = code
  }

  package var description: String { message }
}

/// The arguments of one command after option scanning.
package struct ParsedArguments: Sendable, Hashable {
  /// Flags that were given.
  package var flags: Set<String> = []
  /// Values of options, in the order given.
  package var values: [String: [String]] = [:]
  /// Operands (files, payloads), in order; `-` stays as an operand meaning standard input.
  package var positionals: [String] = []

  /// Creates an empty set of arguments.
  package init() {}

  /// Scans `arguments` against `options`: `--flag`, `--opt value`, `--opt=value`, `-` as an
  /// operand, and `--` ending options. An option not in `options` is a usage error.
  package init(scanning arguments: [String], options: [OptionSpec]) throws(UsageError) {
    var byName: [String: OptionSpec] = [:]
    for option in options { byName[option.name] = option }
    var i = 0
    var optionsEnded = false
    while i < arguments.count {
      let argument = arguments[i]
      i += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var name = argument
      var inlineValue: String? = nil
      if let eq = argument.firstIndex(of: "=") {
        name = String(argument[..<eq])
        inlineValue = String(argument[argument.index(after: eq)...])
      }
      guard let spec = byName[name] else {
        throw UsageError("unknown option '\(name)'", code: .option)
      }
      if spec.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard i < arguments.count else {
            throw UsageError(
              "option '\(name)' needs a value (\(spec.valueName ?? "VALUE"))", code: .option)
          }
          value = arguments[i]
          i += 1
        }
        if !spec.repeatable, values[name] != nil {
          throw UsageError("option '\(name)' given more than once", code: .option)
        }
        values[name, default: []].append(value)
      } else {
        guard inlineValue == nil else {
          throw UsageError("option '\(name)' takes no value", code: .option)
        }
        flags.insert(name)
      }
    }
  }

  /// True when the flag was given.
  package func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of an option (the last one, when repeatable).
  package func value(_ name: String) -> String? { values[name]?.last }

  /// The integer value of an option, or a usage error when it is not a whole number.
  package func integer(_ name: String) throws(UsageError) -> Int? {
    guard let text = value(name) else { return nil }
    guard let n = Int(text) else {
      throw UsageError(
        "option '\(name)' needs a whole number, got '\(text)'", code: .option)
    }
    return n
  }

  /// The decimal value of an option, or a usage error when it is not a number.
  package func number(_ name: String) throws(UsageError) -> Double? {
    guard let text = value(name) else { return nil }
    guard let x = Double(text), x.isFinite else {
      throw UsageError("option '\(name)' needs a number, got '\(text)'", code: .option)
    }
    return x
  }
}
