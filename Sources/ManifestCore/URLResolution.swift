/// Resolving URI references against a base URI (RFC 3986 §5.2): what a player does with a
/// relative segment URI in a playlist, or a relative sprite URL in a thumbnail track.
///
/// Works on any string, without percent-decoding or validating it, so it never fails: a base
/// without a scheme (a file path such as `media/track.vtt`) resolves like one with a scheme.
public enum URLResolution {
  /// The target URI of `reference` resolved against `base` (RFC 3986 §5.2.2, strict: a
  /// reference with a scheme is used as it is, with its dot segments removed).
  ///
  /// `resolve("../img/s1.jpg#xywh=0,0,1,1", against: "https://cdn.example/v/t/track.vtt")` is
  /// `https://cdn.example/v/img/s1.jpg#xywh=0,0,1,1`.
  public static func resolve(_ reference: String, against base: String) -> String {
    let r = Components(reference)
    let b = Components(base)
    var target = Components()
    if let scheme = r.scheme {
      target = r
      target.scheme = scheme
      target.path = removeDotSegments(r.path)
    } else if r.authority != nil {
      target = r
      target.scheme = b.scheme
      target.path = removeDotSegments(r.path)
    } else {
      target.scheme = b.scheme
      target.authority = b.authority
      if r.path.isEmpty {
        target.path = b.path
        target.query = r.query ?? b.query
      } else {
        if r.path.hasPrefix("/") {
          target.path = removeDotSegments(r.path)
        } else {
          target.path = removeDotSegments(merge(base: b, path: r.path))
        }
        target.query = r.query
      }
    }
    target.fragment = r.fragment
    return target.recomposed
  }

  /// True when `reference` has a scheme (`https:`, `data:`): it does not depend on a base.
  public static func isAbsolute(_ reference: String) -> Bool {
    Components(reference).scheme != nil
  }

  /// RFC 3986 §5.2.4: `.` and `..` segments removed from a path.
  public static func removeDotSegments(_ path: String) -> String {
    guard path.contains(".") else { return path }
    var input = Substring(path)
    var output: [Substring] = []
    // Each output element is a segment with its leading "/" (or none for the first segment of
    // a relative path).
    while !input.isEmpty {
      if input.hasPrefix("../") {
        input = input.dropFirst(3)
      } else if input.hasPrefix("./") {
        input = input.dropFirst(2)
      } else if input.hasPrefix("/./") {
        input = input.dropFirst(2)
      } else if input == "/." {
        input = "/"
      } else if input.hasPrefix("/../") {
        input = input.dropFirst(3)
        if !output.isEmpty { output.removeLast() }
      } else if input == "/.." {
        input = "/"
        if !output.isEmpty { output.removeLast() }
      } else if input == "." || input == ".." {
        input = ""
      } else {
        let searchStart =
          input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
        let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
        output.append(input[..<end])
        input = input[end...]
      }
    }
    return output.joined()
  }

  /// RFC 3986 §5.2.3: a relative path appended to the base path's directory.
  private static func merge(base: Components, path: String) -> String {
    if base.authority != nil && base.path.isEmpty { return "/" + path }
    guard let slash = base.path.lastIndex(of: "/") else { return path }
    return String(base.path[...slash]) + path
  }

  /// The five components of a URI reference (RFC 3986 §3, split as Appendix B does).
  private struct Components {
    var scheme: String?
    var authority: String?
    var path = ""
    var query: String?
    var fragment: String?

    init() {}

    init(_ text: String) {
      var rest = Substring(text)
      if let hash = rest.firstIndex(of: "#") {
        fragment = String(rest[rest.index(after: hash)...])
        rest = rest[..<hash]
      }
      if let question = rest.firstIndex(of: "?") {
        query = String(rest[rest.index(after: question)...])
        rest = rest[..<question]
      }
      if let colon = rest.firstIndex(of: ":"), Self.isScheme(rest[..<colon]) {
        scheme = String(rest[..<colon])
        rest = rest[rest.index(after: colon)...]
      }
      if rest.hasPrefix("//") {
        rest = rest.dropFirst(2)
        let end = rest.firstIndex(of: "/") ?? rest.endIndex
        authority = String(rest[..<end])
        rest = rest[end...]
      }
      path = String(rest)
    }

    /// `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1).
    private static func isScheme(_ text: Substring) -> Bool {
      guard let first = text.utf8.first, isLetter(first) else { return false }
      return text.utf8.allSatisfy {
        isLetter($0) || ASCII.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
      }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }

    /// RFC 3986 §5.3.
    var recomposed: String {
      var out = ""
      if let scheme { out += scheme + ":" }
      if let authority { out += "//" + authority }
      out += path
      if let query { out += "?" + query }
      if let fragment { out += "#" + fragment }
      return out
    }
  }
}
