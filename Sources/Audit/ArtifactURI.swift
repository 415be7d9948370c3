/// A file name as a SARIF `artifactLocation.uri` (SARIF 2.1.0 §3.4.3, RFC 3986): a name the
/// user gave relative to the working directory stays a relative reference (`./` and `.`
/// segments removed), an absolute path becomes a `file://` URI, a URL stays as written; every
/// byte that is not unreserved (RFC 3986 §2.3) or `/` is percent-encoded (`%` of an existing
/// escape in a URL is kept). `nil` for standard input, which has no URI.
enum ArtifactURI {
  static func uri(for name: String) -> String? {
    if name == "<stdin>" || name == "-" || name.isEmpty { return nil }
    if let colon = name.firstIndex(of: ":"), isScheme(name[..<colon]) {
      return encode(name, keeping: ":?#[]@!$&'()*+,;=%")
    }
    if name.hasPrefix("/") { return "file://" + encode(normalized(name), keeping: "") }
    return encode(normalized(name), keeping: "")
  }

  /// True for an RFC 3986 §3.1 scheme of two letters or more (a one-letter one would be a
  /// drive letter).
  private static func isScheme(_ text: Substring) -> Bool {
    guard text.count >= 2, let first = text.unicodeScalars.first,
      ("a"..."z").contains(first) || ("A"..."Z").contains(first)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "+" || $0 == "-" || $0 == "."
    }
  }

  /// The path without empty and `.` segments (`./a//b` is `a/b`); `..` is kept.
  private static func normalized(_ path: String) -> String {
    let absolute = path.hasPrefix("/")
    let segments = path.split(separator: "/", omittingEmptySubsequences: true).filter {
      $0 != "."
    }
    let joined = segments.joined(separator: "/")
    return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
  }

  private static func encode(_ text: String, keeping extra: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in text.utf8 {
      let unreserved =
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
        || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E || byte == 0x5F
        || byte == 0x7E || byte == 0x2F
      if unreserved || (byte < 0x80 && extra.utf8.contains(byte)) {
        out.append(byte)
      } else {
        out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
