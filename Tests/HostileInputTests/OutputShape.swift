import Foundation

/// Reading a tool's output back to check its structure.
enum Text {
  /// The lines of `text` without their line feeds (no empty last line for a final line feed).
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The lines of `text` that are HLS tags (`#EXT…`).
  static func tags(_ text: String) -> [String] { lines(text).filter { $0.hasPrefix("#EXT") } }

  /// Whether `text` holds a control character other than a line feed.
  static func hasControlCharacter(_ text: String, allowingTab: Bool = false) -> Bool {
    text.unicodeScalars.contains {
      ($0.value < 0x20 && $0 != "\n" && !(allowingTab && $0 == "\t")) || $0.value == 0x7F
    }
  }
}

/// The forms a line on a tool's standard error takes (docs/cli-contract.md).
enum Diagnostics {
  /// `FILE:LINE:COL: error|warning|info: …`, the form every input diagnostic has.
  nonisolated(unsafe) static let located = #/^[^\n]*:\d+:\d+: (error|warning|info): /#
  /// `FILE: warning: …` (IMSC conformance) or `TOOL COMMAND: error: …` (usage).
  nonisolated(unsafe) static let unlocated = #/^[^\n:]*: (error|warning|info): /#

  /// The lines of `stderr` that have neither form.
  static func malformedLines(_ stderr: String) -> [String] {
    Text.lines(stderr).filter {
      $0.prefixMatch(of: located) == nil && $0.prefixMatch(of: unlocated) == nil
    }
  }

  /// The lines of `stderr` that start with `forger`, a file name no case reads: a line an input
  /// forged.
  static func forgedLines(_ stderr: String, forger: String = Hostile.forger) -> [String] {
    Text.lines(stderr).filter { $0.hasPrefix(forger) }
  }
}

/// JSON output read back.
enum JSON {
  /// The top-level object of `bytes`, `nil` when it is not one.
  static func object(_ bytes: [UInt8]) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
  }

  /// The array called `key` in the object `bytes`, empty when there is none.
  static func array(_ key: String, in bytes: [UInt8]) -> [[String: Any]] {
    object(bytes)?[key] as? [[String: Any]] ?? []
  }
}

/// A subtitle document read back by `subtitle-tool dump --json`: its cues' times.
struct CueTimes: Equatable, CustomStringConvertible {
  /// `(start, end)` of each cue in seconds, in document order.
  var times: [[Double]]

  var description: String { "\(times.count) cues \(times.prefix(8))" }

  /// Reads `document` with `subtitle-tool dump --json` (format sniffed); `nil` when that fails.
  static func read(_ document: [UInt8]) throws -> CueTimes? {
    let result = try ChildProcess.run(
      tool: "subtitle-tool", arguments: ["dump", "--json"], stdin: .bytes(document))
    guard result.status == 0 else { return nil }
    return CueTimes(
      times: JSON.array("cues", in: result.stdout).map {
        [($0["start"] as? Double) ?? .nan, ($0["end"] as? Double) ?? .nan]
      })
  }
}
