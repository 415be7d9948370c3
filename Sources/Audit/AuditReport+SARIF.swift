import ManifestCore

extension AuditReport {
  /// Where the tool and its rules are documented (SARIF `informationUri` and `helpUri`).
  static let projectURI = "https://github.com/manifestkit/manifestkit"

  /// The `audit --format sarif` log: SARIF 2.1.0 (OASIS), one run of `m3u8-tool` with every
  /// rule of `rules` as a `reportingDescriptor` (so `ruleIndex` does not change with the
  /// selection) and one result per finding. Locations are the file's name as a relative URI
  /// (`ArtifactURI`), the finding's line and its column in Unicode code points; each result has
  /// a `partialFingerprints` entry that survives lines moving above it (`FindingFingerprint`).
  /// `playlists` gives the text of the findings' lines (a finding without it is fingerprinted
  /// on an empty line and keeps its byte column). Files that could not be audited are error
  /// notifications of the run's invocation, which is then not successful.
  public func sarif(
    playlists: [AuditedPlaylist] = [], toolVersion: String, rules: [AuditRule] = Audit.rules
  ) -> JSONValue {
    var byName: [String: AuditedPlaylist] = [:]
    for audited in playlists where byName[audited.name] == nil { byName[audited.name] = audited }
    var catalog = rules
    for id in findings.map(\.rule) where !catalog.contains(where: { $0.id == id }) {
      catalog.append(
        AuditRule(
          id: id, severity: .error, scope: .any, summary: id, rationale: "", reference: ""))
    }
    var index: [String: Int] = [:]
    for (n, rule) in catalog.enumerated() where index[rule.id] == nil { index[rule.id] = n }
    var occurrences: [String: Int] = [:]
    let results = findings.map { finding -> JSONValue in
      let file = finding.file ?? ""
      let uri = ArtifactURI.uri(for: file)
      let line = byName[file]?.lineText(finding.location.line)
      let key = [finding.rule, uri ?? file, FindingFingerprint.normalized(line ?? "")]
        .joined(separator: "\u{0}")
      let occurrence = occurrences[key, default: 0]
      occurrences[key] = occurrence + 1
      let fingerprint = FindingFingerprint.value(
        rule: finding.rule, file: uri ?? file, lineText: line ?? "", occurrence: occurrence)
      return .object([
        ("ruleId", .string(finding.rule)), ("ruleIndex", JSONValue(index[finding.rule])),
        ("level", .string(Self.sarifLevel(finding.severity))),
        ("message", .object([("text", .string(Self.sarifText(finding.message)))])),
        (
          "locations",
          .array([
            Self.sarifLocation(
              uri: uri, name: file, line: finding.location.line,
              column: Self.codePointColumn(finding.location.column, in: line))
          ])
        ),
        ("partialFingerprints", .object([(FindingFingerprint.name, .string(fingerprint))])),
      ])
    }
    let notifications = entries.compactMap { entry -> JSONValue? in
      guard let failure = entry.failure else { return nil }
      return .object([
        ("level", .string("error")), ("message", .object([("text", .string(failure))])),
        (
          "locations",
          .array([
            Self.sarifLocation(
              uri: ArtifactURI.uri(for: entry.file), name: entry.file, line: 0, column: 0)
          ])
        ),
      ])
    }
    let driver: JSONValue = .object([
      ("name", .string("m3u8-tool")), ("version", .string(toolVersion)),
      ("semanticVersion", .string(toolVersion)), ("informationUri", .string(Self.projectURI)),
      ("rules", .array(catalog.map(Self.sarifRule))),
    ])
    let run: JSONValue = .object([
      ("tool", .object([("driver", driver)])),
      (
        "invocations",
        .array([
          .object([
            ("executionSuccessful", .bool(notifications.isEmpty)),
            ("toolExecutionNotifications", .array(notifications)),
          ])
        ])
      ),
      ("columnKind", .string("unicodeCodePoints")),
      ("results", .array(results)),
    ])
    return .object([
      (
        "$schema",
        .string(
          "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
            + "sarif-schema-2.1.0.json")
      ),
      ("version", .string("2.1.0")),
      ("runs", .array([run])),
    ])
  }

  /// SARIF's `level` (§3.27.10): `error`, `warning`, and `note` for an info finding.
  static func sarifLevel(_ severity: Severity) -> String {
    switch severity {
    case .error: "error"
    case .warning: "warning"
    case .info: "note"
    }
  }

  /// A plain-text message (§3.11.3) that cannot hold an embedded link (§3.11.6): when the text
  /// has `](`, every `\`, `[` and `]` gets a backslash, so a viewer shows it as written.
  static func sarifText(_ text: String) -> String {
    guard text.contains("](") else { return text }
    var out = ""
    for character in text {
      if character == "\\" || character == "[" || character == "]" { out.append("\\") }
      out.append(character)
    }
    return out
  }

  /// The finding's 1-based UTF-8 column as a column in Unicode code points of `line`; the
  /// column itself when the line's text is unknown or shorter.
  static func codePointColumn(_ column: Int, in line: String?) -> Int {
    guard let line, column > 1 else { return column }
    let bytes = Array(line.utf8)
    guard column - 1 <= bytes.count else { return column }
    // Continuation bytes (10xxxxxx) do not start a code point.
    return 1 + bytes[0..<(column - 1)].filter { $0 & 0xC0 != 0x80 }.count
  }

  private static func sarifLocation(uri: String?, name: String, line: Int, column: Int)
    -> JSONValue
  {
    let artifact: JSONValue =
      if let uri {
        .object([("uri", .string(uri))])
      } else {
        .object([("description", .object([("text", .string(name))]))])
      }
    var physical: [(String, JSONValue)] = [("artifactLocation", artifact)]
    if line >= 1 {
      var region: [(String, JSONValue)] = [("startLine", JSONValue(line))]
      if column >= 1 { region.append(("startColumn", JSONValue(column))) }
      physical.append(("region", .object(region)))
    }
    return .object([("physicalLocation", .object(physical))])
  }

  private static func sarifRule(_ rule: AuditRule) -> JSONValue {
    let full = rule.rationale.isEmpty ? rule.summary : rule.summary + " " + rule.rationale
    var help = rule.summary
    var markdown = "**Checks:** " + rule.summary
    if !rule.rationale.isEmpty {
      help += "\nWhy: " + rule.rationale
      markdown += "\n\n**Why:** " + rule.rationale
    }
    if !rule.reference.isEmpty {
      help += "\nReference: " + rule.reference
      markdown += "\n\n**Reference:** " + rule.reference
    }
    var configuration: [(String, JSONValue)] = [("level", .string(sarifLevel(rule.severity)))]
    if rule.isOptIn { configuration.append(("enabled", .bool(false))) }
    var properties: [(String, JSONValue)] = []
    if let family = rule.family { properties.append(("tags", .array([.string(family.rawValue)]))) }
    return .object(
      [
        ("id", .string(rule.id)), ("shortDescription", .object([("text", .string(rule.summary))])),
        ("fullDescription", .object([("text", .string(full))])),
        ("help", .object([("text", .string(help)), ("markdown", .string(markdown))])),
        ("helpUri", .string(projectURI + "/blob/main/docs/audit-rules.md#rules")),
        ("defaultConfiguration", .object(configuration)),
      ] + (properties.isEmpty ? [] : [("properties", .object(properties))]))
  }
}
