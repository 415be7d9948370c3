import ManifestCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// One subcommand of a tool: its name, help and options, and what it does.
package struct CommandSpec: Sendable {
  /// The subcommand's name (`info`).
  package var name: String
  /// One line for the tool's command list.
  package var summary: String
  /// Operands after the options, for the usage line (`[FILE]`).
  package var operands: String
  /// More help text shown by `--help` (may be empty).
  package var discussion: String
  /// The options the command accepts (`--help` is added for every command).
  package var options: [OptionSpec]
  /// Runs the command; returns the exit status.
  package var run: @Sendable (ParsedArguments, ToolIO) -> Int32

  /// Creates a command.
  package init(
    name: String, summary: String, operands: String = "[FILE]", discussion: String = "",
    options: [OptionSpec] = [], run: @escaping @Sendable (ParsedArguments, ToolIO) -> Int32
  ) {
    self.name = name
    self.summary = summary
    self.operands = operands
    self.discussion = discussion
    self.options = options
    self.run = run
  }
}

/// A command-line tool made of subcommands, with `--help` and `--version` on the tool and
/// `--help` on every command. Usage errors exit with status 2.
package struct Tool: Sendable {
  /// The executable's name (`m3u8-tool`).
  package var name: String
  /// One line describing the tool.
  package var summary: String
  /// The version string printed by `--version`.
  package var version: String
  /// The subcommands, in help order.
  package var commands: [CommandSpec]

  /// Creates a tool.
  package init(name: String, summary: String, version: String, commands: [CommandSpec]) {
    self.name = name
    self.summary = summary
    self.version = version
    // Every tool has `completions bash|zsh|fish` (CompletionsCommand.swift) after its own.
    self.commands = commands + [.completions(tool: name, commands: commands)]
  }

  /// Runs the tool with `arguments` (without the executable name); returns the exit status.
  package func run(_ arguments: [String], io: ToolIO) -> Int32 {
    guard let first = arguments.first else {
      io.errorLine(usage)
      return ExitStatus.failure
    }
    switch first {
    case "--help", "-h", "help":
      if first == "help", arguments.count > 1, let command = command(named: arguments[1]) {
        io.write(help(for: command))
      } else {
        io.write(help)
      }
      return ExitStatus.success
    case "--version":
      io.writeLine("\(name) \(version)")
      return ExitStatus.success
    default:
      break
    }
    guard let command = command(named: first) else {
      return usageError("unknown command '\(first)'", code: .unknownCommand, io: io)
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      io.write(help(for: command))
      return ExitStatus.success
    }
    let parsed: ParsedArguments
    do {
      parsed = try ParsedArguments(
        scanning: rest, options: command.options + LimitOptions.specs + NetworkOptions.specs)
      io.limits = try LimitOptions.limits(from: parsed, base: io.limits)
      io.http = try NetworkOptions.options(from: parsed, base: io.http)
    } catch {
      return usageError(error.message, code: error.code, command: command, io: io)
    }
    return command.run(parsed, io)
  }

  /// Runs the tool with the process's arguments and standard streams, then exits with its status.
  package func main() -> Never {
    let io = ToolIO.process()
    let status = run(Array(CommandLine.arguments.dropFirst()), io: io)
    io.flush()
    exit(status)
  }

  /// Prints `TOOL COMMAND: error: message [code]` and a hint, and returns status 2.
  package func usageError(
    _ message: String, code: ToolDiagnosticCode = .usage, command: CommandSpec? = nil,
    io: ToolIO
  ) -> Int32 {
    let prefix = command.map { "\(name) \($0.name)" } ?? name
    io.errorLine("\(prefix): error: " + DiagnosticCodeInfo.tagged(message, code.rawValue))
    io.errorLine("Run '\(prefix) --help' for usage.")
    return ExitStatus.failure
  }

  private func command(named name: String) -> CommandSpec? {
    commands.first { $0.name == name }
  }

  private var usage: String {
    "usage: \(name) COMMAND [OPTIONS] [ARGUMENTS]  (see '\(name) --help')"
  }

  /// The tool's help text.
  package var help: String {
    var text = "\(name) — \(summary)\n\nusage: \(name) COMMAND [OPTIONS] [ARGUMENTS]\n\ncommands:\n"
    let width = (commands.map(\.name.count).max() ?? 0) + 2
    for command in commands {
      text += "  " + command.name.padding(to: width) + command.summary + "\n"
    }
    text += "\n  --help       this help (also '\(name) COMMAND --help')\n"
    text += "  --version    print the version\n"
    text += "\nInput is FILE, an http:// or https:// URL, or standard input when FILE is omitted "
    text += "or '-'.\n"
    text += "Every command takes --max-input-bytes N and --limit NAME=N (names: "
    text += Limits.names.joined(separator: ", ") + "; see docs/limits.md), and for URLs\n"
    text += "--header 'NAME: VALUE', --timeout SECONDS, --retries N and --max-bytes N.\n"
    text += "Exit status: 0 success, 1 a check found problems, 2 usage or input error.\n"
    return text
  }

  /// The help text of one command.
  package func help(for command: CommandSpec) -> String {
    var text = "usage: \(name) \(command.name)"
    if !command.options.isEmpty { text += " [OPTIONS]" }
    if !command.operands.isEmpty { text += " " + command.operands }
    text += "\n\n\(command.summary)\n"
    if !command.discussion.isEmpty { text += "\n\(command.discussion)\n" }
    let options =
      command.options + LimitOptions.specs + NetworkOptions.specs + [.flag("--help", "this help")]
    let labels = options.map { option in
      option.valueName.map { "\(option.name) \($0)" } ?? option.name
    }
    let width = (labels.map(\.count).max() ?? 0) + 2
    text += "\noptions:\n"
    for (label, option) in zip(labels, options) {
      text += "  " + label.padding(to: width) + option.help + "\n"
    }
    return text
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
