import ManifestCore

extension AuditReport {
  /// A JUnit XML report: one test suite per file, one test case per rule that ran on it. A
  /// rule fails when a finding reaches `failOn`; findings below it go to `<system-out>`. A file
  /// that could not be audited is one test case, `read`, with an `<error>`.
  public func junit(failOn threshold: Severity = .error) -> String {
    var xml = XMLWriter(declaration: true)
    var suites: [(Entry, [(String, [Finding])])] = []
    var total = 0
    var failed = 0
    var errored = 0
    for entry in entries {
      var cases: [(String, [Finding])] = []
      if entry.failure == nil {
        var byRule: [String: [Finding]] = [:]
        for finding in entry.findings { byRule[finding.rule, default: []].append(finding) }
        var ids = entry.rules.map(\.id)
        for id in byRule.keys.sorted() where !ids.contains(id) { ids.append(id) }
        cases = ids.map { ($0, byRule[$0] ?? []) }
        failed += cases.filter { $0.1.contains { $0.severity >= threshold } }.count
        total += cases.count
      } else {
        total += 1
        errored += 1
      }
      suites.append((entry, cases))
    }
    xml.open(
      "testsuites",
      [
        ("name", "m3u8-tool audit"), ("tests", "\(total)"), ("failures", "\(failed)"),
        ("errors", "\(errored)"),
      ])
    for (entry, cases) in suites {
      let failures = cases.filter { $0.1.contains { $0.severity >= threshold } }.count
      xml.open(
        "testsuite",
        [
          ("name", entry.file), ("tests", "\(entry.failure == nil ? cases.count : 1)"),
          ("failures", "\(failures)"), ("errors", entry.failure == nil ? "0" : "1"),
        ])
      if let failure = entry.failure {
        xml.open("testcase", [("classname", entry.file), ("name", "read")])
        xml.element("error", [("message", failure)], text: failure)
        xml.close()
      }
      for (rule, findings) in cases {
        guard !findings.isEmpty else {
          xml.empty("testcase", [("classname", entry.file), ("name", rule)])
          continue
        }
        xml.open("testcase", [("classname", entry.file), ("name", rule)])
        let lines = findings.map { finding -> String in
          finding.rendered(file: entry.file)
        }.joined(separator: "\n")
        if findings.contains(where: { $0.severity >= threshold }) {
          let worst = findings.map(\.severity).max() ?? .error
          let count = findings.count == 1 ? "1 finding" : "\(findings.count) findings"
          xml.element("failure", [("type", worst.rawValue), ("message", count)], text: lines)
        } else {
          xml.element("system-out", text: lines)
        }
        xml.close()
      }
      xml.close()
    }
    xml.close()
    return xml.output + "\n"
  }
}
