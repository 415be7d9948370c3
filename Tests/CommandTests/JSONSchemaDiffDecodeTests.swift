import Foundation
import ManifestCore
import SCTE35Commands
import SchemaTestSupport
import Testing
import ToolSupport

/// docs/schemas/diff.schema.json and scte35-decode.schema.json against what the tools print for
/// the samples: `diff --json` of each media playlist against the next one, and
/// `scte35-tool decode --json` of every SCTE-35 payload the sample playlists carry, one by one
/// and as JSON Lines (with a line that does not decode).
extension JSONSchemaCommandTests {
  @Test func diffJSONMatchesItsSchema() throws {
    let check = try JSONSchemaCheck.file("docs/schemas/diff.schema.json")
    let paths = Self.samplePaths()
    var validated = 0
    var inconsistent = 0
    for (old, new) in zip(paths, paths.dropFirst() + paths.prefix(1)) {
      let (status, out, _) = m3u8(["diff", "--json", old, new])
      guard status != 2 else { continue }
      #expect(check.errors(try JSONValue.parse(out)) == [], "\(old) → \(new)")
      validated += 1
      if status == 1 { inconsistent += 1 }
    }
    #expect(validated >= 20)
    #expect(inconsistent >= 5)
  }

  /// The SCTE-35 payloads in the sample playlists: base64 (`/D…`, table_id 0xFC) and hex
  /// (`0xFC…`).
  static func samplePayloads() throws -> [String] {
    let base64 = /\/D[A-Za-z0-9+\/]{20,}={0,2}/
    let hex = /0x[Ff][Cc][0-9A-Fa-f]{20,}/
    var payloads: [String] = []
    for path in samplePaths() {
      let text = try String(contentsOfFile: path, encoding: .utf8)
      payloads += text.matches(of: base64).map { String($0.output) }
      payloads += text.matches(of: hex).map { String($0.output) }
    }
    var seen = Set<String>()
    return payloads.filter { seen.insert($0).inserted }
  }

  private func scte35(_ arguments: [String], stdin: String = "") -> (Int32, String) {
    let io = ToolIO.memory(stdin: stdin)
    let status = SCTE35Tool.tool.run(arguments, io: io)
    return (status, io.capturedOutput)
  }

  @Test func scte35DecodeJSONMatchesItsSchema() throws {
    let check = try JSONSchemaCheck.file("docs/schemas/scte35-decode.schema.json")
    let payloads = try Self.samplePayloads()
    #expect(payloads.count >= 10)
    for payload in payloads {
      let (status, out) = scte35(["decode", "--json", payload])
      guard status == 0 else { continue }
      #expect(check.errors(try JSONValue.parse(out)) == [], "\(payload)")
    }
    // JSON Lines: one document per payload, and {"error":…} for the line that does not decode.
    let (_, lines) = scte35(
      ["decode", "--json"], stdin: (payloads + ["0xFC3G"]).joined(separator: "\n"))
    let documents = lines.split(separator: "\n")
    #expect(documents.count == payloads.count + 1)
    var failures = 0
    for line in documents {
      let document = try JSONValue.parse(String(line))
      #expect(check.errors(document) == [], "\(line)")
      if document["error"] != nil { failures += 1 }
    }
    #expect(failures >= 1)
  }
}
