import ManifestCore

/// The findings of one audit run over several files, ready for CI and people in the formats of
/// `m3u8-tool audit --format` (text, json, junit, github, sarif, html).
public struct AuditReport: Sendable, Equatable {
  /// One file of the run.
  public struct Entry: Sendable, Equatable {
    /// The file's name as findings print it.
    public var file: String
    /// The rules that ran on it (one JUnit test case each).
    public var rules: [AuditRule]
    /// Its findings (those with their own `file` belong to that file).
    public var findings: [Finding]
    /// Why it could not be audited (unreadable, not a playlist), or `nil`.
    public var failure: String?

    /// Creates an entry.
    public init(
      file: String, rules: [AuditRule] = [], findings: [Finding] = [], failure: String? = nil
    ) {
      self.file = file
      self.rules = rules
      self.findings = findings
      self.failure = failure
    }
  }

  /// Findings counted by severity.
  public struct Summary: Sendable, Hashable {
    /// Findings of severity error.
    public var errors = 0
    /// Findings of severity warning.
    public var warnings = 0
    /// Findings of severity info.
    public var infos = 0

    /// Creates a summary.
    public init(errors: Int = 0, warnings: Int = 0, infos: Int = 0) {
      self.errors = errors
      self.warnings = warnings
      self.infos = infos
    }
  }

  /// The files, in the order they were audited.
  public var entries: [Entry]

  /// Creates a report.
  public init(entries: [Entry] = []) { self.entries = entries }

  /// Every finding with its file filled in, file by file in source order.
  public var findings: [Finding] {
    entries.flatMap { entry in
      entry.findings.map { finding in
        var f = finding
        if f.file == nil { f.file = entry.file }
        return f
      }
    }
  }

  /// The findings counted by severity.
  public var summary: Summary {
    var summary = Summary()
    for finding in entries.lazy.flatMap(\.findings) {
      switch finding.severity {
      case .error: summary.errors += 1
      case .warning: summary.warnings += 1
      case .info: summary.infos += 1
      }
    }
    return summary
  }

  /// True when a finding is at or above `threshold` (the `--fail-on` test).
  public func reaches(_ threshold: Severity) -> Bool {
    entries.contains { $0.findings.contains { $0.severity >= threshold } }
  }

  /// `FILE:LINE:COL: severity: message [rule]`, one finding a line.
  public var text: String {
    findings.map { $0.rendered(file: "") + "\n" }.joined()
  }

  /// The `audit --format json` document (docs/cli-contract.md):
  /// `{"findings":[{rule,severity,file,line,column,message,code}],"summary":{…}}` (`code` is the
  /// rule id, as every diagnostic object of the tools has a `code`).
  public var jsonValue: JSONValue {
    let summary = self.summary
    return .object([
      (
        "findings",
        .array(
          findings.map { f in
            .object([
              ("rule", .string(f.rule)), ("severity", .string(f.severity.rawValue)),
              ("file", JSONValue(f.file)), ("line", JSONValue(f.location.line)),
              ("column", JSONValue(f.location.column)), ("message", .string(f.message)),
              ("code", .string(f.rule)),
            ])
          })
      ),
      (
        "summary",
        .object([
          ("errors", JSONValue(summary.errors)), ("warnings", JSONValue(summary.warnings)),
          ("infos", JSONValue(summary.infos)),
        ])
      ),
    ])
  }

  /// GitHub Actions workflow commands, one a finding:
  /// `::error file=F,line=L,col=C,title=RULE::MESSAGE` (`warning`, `notice` for infos).
  public var githubAnnotations: String {
    findings.map { f in
      let command =
        switch f.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
      let properties = [
        "file=" + Self.escapeProperty(f.file ?? ""), "line=\(f.location.line)",
        "col=\(f.location.column)", "title=" + Self.escapeProperty(f.rule),
      ]
      return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(f.message))\n"
    }.joined()
  }

  /// Escapes a workflow command's message (`%`, CR, LF).
  static func escapeData(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Escapes a workflow command's property value (also `:` and `,`).
  static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
