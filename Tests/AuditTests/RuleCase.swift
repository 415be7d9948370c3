import Audit
import HLS
import ManifestCore
import Testing

/// One rule's test: a playlist that trips it exactly once (at `line`, with `message`) and a
/// near miss that must give no finding at all.
struct RuleCase: Sendable, CustomTestStringConvertible {
  var rule: String
  var line: Int
  var message: String
  var trips: String
  var nearMiss: String

  init(_ rule: String, line: Int, _ message: String, trips: String, nearMiss: String) {
    self.rule = rule
    self.line = line
    self.message = message
    self.trips = trips
    self.nearMiss = nearMiss
  }

  var testDescription: String { "\(rule) line \(line)" }
}

/// Audits `text` with every rule (and `rule` named, so opt-in rules run too).
func audit(_ text: String, naming rule: String? = nil, profile: AuditProfile = .standard)
  throws -> [Finding]
{
  let selection = RuleSelection(
    including: rule.map { [$0, "spec", "ll-hls", "keys", "ads"] } ?? [])
  return Audit.run(try Playlist.parse(text), rules: selection, profile: profile)
}

/// `LINE: rule: message` for readable failures.
func summary(_ findings: [Finding]) -> [String] {
  findings.map { "\($0.location.line): \($0.rule): \($0.message)" }
}
