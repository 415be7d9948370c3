import ManifestCore

extension Tool {
  /// The tool's manual page in roff (man(7) macros), generated from the same command tables as
  /// `--help`: NAME, SYNOPSIS, DESCRIPTION, one COMMANDS subsection per command with its
  /// options, the options every command takes, and EXIT STATUS. docs/man/TOOL.1 holds it.
  package var manPage: String {
    var lines = [
      ".\\\" Generated from the command tables of \(Roff.text(name)); do not edit.",
      ".\\\" Regenerate: MANIFESTKIT_RECORD_GOLDEN=1 swift test --filter ManPageTests",
      ".TH \(Roff.quoted(name.uppercased())) 1 \"\" \(Roff.quoted("ManifestKit \(version)"))"
        + " \"User Commands\"",
      ".SH NAME",
      Roff.option(name) + " \\- " + Roff.text(summary),
      ".SH SYNOPSIS",
      ".B \(Roff.option(name))",
      ".I COMMAND",
      "[\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]",
      ".br",
      ".B \(Roff.option(name))",
      "\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR",
      ".SH DESCRIPTION",
      Roff.text(summary) + ".",
      "Input is",
      ".IR FILE ,",
      "or standard input when",
      ".I FILE",
      "is omitted or",
      "\\(oq\\-\\(cq.",
      ".SH COMMANDS",
    ]
    for command in commands {
      lines.append(".SS \"" + Roff.option(command.name) + "\"")
      var synopsis = "\\fB" + Roff.option(name) + " " + Roff.option(command.name) + "\\fR"
      if !command.options.isEmpty { synopsis += " [\\fIOPTIONS\\fR]" }
      if !command.operands.isEmpty { synopsis += " " + Roff.text(command.operands) }
      lines += [synopsis, ".PP", Roff.text(command.summary) + "."]
      lines += Roff.paragraphs(command.discussion)
      for option in command.options { lines += Roff.item(option) }
    }
    lines += [
      ".SH OPTIONS",
      "Every command takes these options:",
    ]
    for option in LimitOptions.specs + NetworkOptions.specs + [.flag("--help", "this help")] {
      lines += Roff.item(option)
    }
    lines += [
      ".PP",
      "Limit names: " + Roff.text(Limits.names.joined(separator: ", ")) + ".",
      ".PP",
      Roff.text(
        "FILE may be an http:// or https:// URL (also the playlists, VAST and plans it names): "
          + "redirects are followed (at most 5) and relative URIs resolve against the final URL; "
          + "an HTTP error is FILE:1:1: error: HTTP 404 Not Found [io.http.status], exit 2. "
          + "TLS certificates are verified; no cookies, no proxy (http_proxy is not read)."),
      ".PP",
      "Without a command:",
    ]
    lines += Roff.item(.flag("--help", "the tool's help (also \(name) COMMAND \\-\\-help)"))
    lines += Roff.item(.flag("--version", "print the version"))
    lines += [
      ".SH EXIT STATUS",
      ".TP",
      ".B 0",
      "success",
      ".TP",
      ".B 1",
      "a check found problems",
      ".TP",
      ".B 2",
      "usage or input error",
      ".SH SEE ALSO",
      "docs/cli\\-contract.md, docs/limits.md and docs/diagnostic\\-codes.md in ManifestKit.",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Escaping for roff text (groff(7), man(7)): nothing from a table can start a request or
/// change the font.
enum Roff {
  /// `text` as one roff text line: `\` as `\e`, a `-` that starts a word or follows another
  /// `-` as `\-` (a minus, so `--option` copies as typed), every non-ASCII scalar as `\[uXXXX]`,
  /// and `\&` before a leading `.` or `'` (which would start a request). Line breaks become
  /// spaces.
  static func text(_ text: String) -> String {
    var out = ""
    var previous: Unicode.Scalar? = nil
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-":
        let inWord = previous.map { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        out += inWord == true ? "-" : "\\-"
      case "\n", "\r", "\t": out += " "
      default:
        if scalar.isASCII, scalar.value >= 0x20, scalar.value != 0x7F {
          out.unicodeScalars.append(scalar)
        } else if scalar.isASCII {
          out += " "
        } else {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }
      }
      previous = scalar
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }

  /// An option or command name in bold-able text: every `-` as `\-`.
  static func option(_ name: String) -> String {
    text(name).replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "-", with: "\\-")
  }

  /// A macro argument in double quotes (a `"` inside becomes `\(dq`).
  static func quoted(_ value: String) -> String {
    "\"" + text(value).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
  }

  /// One `.TP` item: the option in bold, its value name in italics, its help below.
  static func item(_ option: OptionSpec) -> [String] {
    var label = "\\fB" + Self.option(option.name) + "\\fR"
    if let value = option.valueName { label += " \\fI" + text(value) + "\\fR" }
    var help = text(option.help)
    if option.repeatable { help += " (may be repeated)" }
    return [".TP", label, help]
  }

  /// A `--help` discussion as roff: its lines filled into paragraphs, and each run of indented
  /// lines (examples, tables) kept as written in a no-fill block.
  static func paragraphs(_ discussion: String) -> [String] {
    guard !discussion.isEmpty else { return [] }
    var lines = [".PP"]
    var inBlock = false
    for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
      let indented = line.first == " "
      if line.isEmpty {
        if inBlock { lines += [".fi", ".RE"] }
        inBlock = false
        lines.append(".PP")
        continue
      }
      if indented != inBlock {
        lines += indented ? [".RS 2", ".nf"] : [".fi", ".RE"]
        inBlock = indented
      }
      lines.append(
        text(indented ? String(line.dropFirst(line.hasPrefix("  ") ? 2 : 1)) : String(line)))
    }
    if inBlock { lines += [".fi", ".RE"] }
    return lines
  }
}

extension String {
  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
