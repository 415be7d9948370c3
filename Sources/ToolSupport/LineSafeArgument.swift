import ManifestCore

/// Options whose value is written into line-based output (a URL a playlist is resolved
/// against, a sprite URL template): a control character in one would be written into every
/// line made from it, so such a value is refused as a usage error (exit 2).
package enum LineSafeArgument {
  /// The usage error for `value` of `option`, or `nil` when it holds no control character
  /// (C0, DEL, C1, U+2028, U+2029): `--base must not hold control characters, got 'a\nb'`.
  package static func problem(_ option: String, _ value: String) -> String? {
    guard value.unicodeScalars.contains(where: TextEscaping.isEscaped) else { return nil }
    return "\(option) must not hold control characters, got '"
      + TextEscaping.escapingControlCharacters(value) + "'"
  }
}
