import ManifestCore

/// The 128-bit values key tags carry (KEYID, IV, CENC key and system IDs) in one spelling:
/// lower-case hex digits without a `0x` prefix, so values from different tags and `pssh` boxes
/// compare equal.
public enum NormalizedHex {
  /// A KEYID value normalized to 32 lower-case hex digits. Accepts `0x`/`0X`-prefixed or bare
  /// hex and the hyphenated UUID form (`10000000-1000-1000-1000-100000000001`); `nil` for
  /// anything that is not exactly 16 bytes of hex.
  public static func keyID(_ text: String) -> String? {
    var digits = Substring(text)
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
      digits = digits.dropFirst(2)
    } else if isUUID(digits) {
      digits = Substring(digits.filter { $0 != "-" })
    }
    guard digits.utf8.count == 32, digits.utf8.allSatisfy({ ASCII.hexValue($0) != nil }) else {
      return nil
    }
    return digits.lowercased()
  }

  /// An IV (RFC 8216bis §4.4.4.4: a hexadecimal-sequence naming a 128-bit unsigned integer)
  /// normalized to 32 lower-case hex digits, shorter values padded with leading zeros as the
  /// integer they spell. The `0x` prefix may be missing; `nil` when the value is not hex or
  /// needs more than 128 bits.
  public static func iv(_ text: String) -> String? {
    var digits = Substring(text)
    if digits.hasPrefix("0x") || digits.hasPrefix("0X") { digits = digits.dropFirst(2) }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ ASCII.hexValue($0) != nil }) else {
      return nil
    }
    while digits.utf8.count > 32, digits.first == "0" { digits = digits.dropFirst() }
    guard digits.utf8.count <= 32 else { return nil }
    return String(repeating: "0", count: 32 - digits.utf8.count) + digits.lowercased()
  }

  /// 16 bytes as a lower-case hyphenated UUID (`edef8ba9-79d6-4ace-a3c8-27dcd51d21ed`), or `nil`
  /// for any other length.
  public static func uuid(_ bytes: some Collection<UInt8>) -> String? {
    guard bytes.count == 16 else { return nil }
    let hex = Array(Hex.encode(bytes).utf8)
    var out: [UInt8] = []
    out.reserveCapacity(36)
    for (i, digit) in hex.enumerated() {
      if i == 8 || i == 12 || i == 16 || i == 20 { out.append(0x2D) }
      out.append(digit)
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static func isUUID(_ text: Substring) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    return [8, 13, 18, 23].allSatisfy { bytes[$0] == 0x2D }
  }
}
