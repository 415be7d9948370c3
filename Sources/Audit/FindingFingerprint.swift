/// The `partialFingerprints` value of a SARIF result (SARIF 2.1.0 §3.27.17): 16 hex digits of
/// the 64-bit FNV-1a hash of the rule id, the file's URI (its name for standard input), the text
/// of the finding's line with leading and trailing blanks removed, and how many findings of the
/// same rule on a line with the same text in the same file came before it (0 for the first).
/// The line number is not part of it, so a finding keeps its fingerprint when lines above it
/// are added or removed; the occurrence index tells apart findings on identical lines.
enum FindingFingerprint {
  /// The property name, versioned as §3.27.17 asks.
  static let name = "manifestkitFindingHash/v1"

  static func value(rule: String, file: String, lineText: String, occurrence: Int) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for part in [rule, file, normalized(lineText), String(occurrence)] {
      for byte in part.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
      hash ^= 0
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The line without leading and trailing spaces, tabs and carriage returns.
  static func normalized(_ text: String) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = text.firstIndex(where: { !blank($0) }),
      let last = text.lastIndex(where: { !blank($0) })
    else { return "" }
    return String(text[first...last])
  }
}
