import ManifestCore

extension CommandSpec {
  /// The `completions bash|zsh|fish` command every tool has: prints the completion script for
  /// the tool named `tool` with `commands` (this command included).
  static func completions(tool: String, commands: [CommandSpec]) -> CommandSpec {
    var spec = CommandSpec(
      name: "completions", summary: "print a shell completion script (bash, zsh or fish)",
      operands: "bash|zsh|fish",
      discussion: """
        Prints a completion script covering the commands and their options. Install it with
        (bash) \(tool) completions bash > /etc/bash_completion.d/\(tool), (zsh) a file named
        _\(tool) in a directory of $fpath, (fish) ~/.config/fish/completions/\(tool).fish.
        """
    ) { _, _ in ExitStatus.success }
    let table = commands + [spec]
    spec.run = { arguments, io in
      guard arguments.positionals.count == 1, let shell = arguments.positionals.first,
        let chosen = CompletionScript.Shell(rawValue: shell)
      else {
        let got = arguments.positionals.map { "'\($0)'" }.joined(separator: " ")
        io.errorLine(
          "\(tool) completions: error: "
            + DiagnosticCodeInfo.tagged(
              "needs one shell: bash, zsh or fish" + (got.isEmpty ? "" : ", got \(got)"),
              ToolDiagnosticCode.usage.rawValue))
        io.errorLine("Run '\(tool) completions --help' for usage.")
        return ExitStatus.failure
      }
      io.write(CompletionScript.render(chosen, tool: tool, commands: table))
      return ExitStatus.success
    }
    return spec
  }
}
