/// A BCP 47 language range for basic filtering (RFC 4647 §2.1, §3.3.1): `en` matches `en`,
/// `en-US` and `EN-gb` but not `eng`; `*` matches every tag. Matching ignores ASCII case.
public struct LanguageRange: Sendable, Hashable, CustomStringConvertible {
  /// The range as given.
  public let text: String
  private let lowercased: String

  /// The range, or `nil` unless it is `*` or subtags of 1 to 8 ASCII letters and digits
  /// joined by `-`, the first of letters only (RFC 4647 §2.1).
  public init?(_ text: String) {
    if text != "*" {
      let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
      for (index, subtag) in subtags.enumerated() {
        guard (1...8).contains(subtag.utf8.count),
          subtag.utf8.allSatisfy({ byte in
            let letter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            return letter || (index > 0 && (0x30...0x39).contains(byte))
          })
        else { return nil }
      }
    }
    self.text = text
    lowercased = text.lowercased()
  }

  /// True when `tag` (a LANGUAGE attribute) is the range or starts with it followed by `-`.
  public func matches(_ tag: String?) -> Bool {
    if lowercased == "*" { return true }
    guard let tag else { return false }
    let candidate = tag.lowercased()
    return candidate == lowercased || candidate.hasPrefix(lowercased + "-")
  }

  public var description: String { text }
}
