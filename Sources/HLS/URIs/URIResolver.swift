/// RFC 3986 reference resolution: what a player does with a relative URI in a playlist
/// (RFC 8216bis §4.1: relative URIs are resolved against the URI of the playlist holding them).
public enum URIResolver {
  /// The five components of a URI reference (RFC 3986 §3, Appendix B); `nil` marks a component
  /// that is undefined, which differs from an empty one (`?` alone defines an empty query).
  public struct Components: Sendable, Hashable {
    /// The scheme without `:`.
    public var scheme: Substring?
    /// The authority without `//`.
    public var authority: Substring?
    /// The path (always defined, possibly empty).
    public var path: Substring
    /// The query without `?`.
    public var query: Substring?
    /// The fragment without `#`.
    public var fragment: Substring?

    /// Splits a URI reference (Appendix B). A scheme is recognized only when it is spelled as
    /// §3.1 requires (a letter, then letters, digits, `+`, `-`, `.`).
    public init(_ uri: Substring) {
      var rest = uri
      scheme = nil
      authority = nil
      query = nil
      fragment = nil
      if let colon = rest.firstIndex(of: ":"), URIResolver.isScheme(rest[..<colon]) {
        scheme = rest[..<colon]
        rest = rest[rest.index(after: colon)...]
      }
      if let hash = rest.firstIndex(of: "#") {
        fragment = rest[rest.index(after: hash)...]
        rest = rest[..<hash]
      }
      if let question = rest.firstIndex(of: "?") {
        query = rest[rest.index(after: question)...]
        rest = rest[..<question]
      }
      if rest.hasPrefix("//") {
        let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
        let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
        authority = rest[afterSlashes..<end]
        rest = rest[end...]
      }
      path = rest
    }

    /// The reference put back together (§5.3).
    public var recomposed: String {
      var out = ""
      if let scheme { out += scheme + ":" }
      if let authority { out += "//" + authority }
      out += path
      if let query { out += "?" + query }
      if let fragment { out += "#" + fragment }
      return out
    }
  }

  /// True when `uri` starts with a scheme (`https:`, `data:`, `skd:`): an absolute URI that
  /// resolution leaves alone.
  public static func hasScheme(_ uri: String) -> Bool {
    guard let colon = uri.firstIndex(of: ":") else { return false }
    return isScheme(uri[..<colon])
  }

  /// `reference` resolved against `base` (§5.2.2, strict: a reference with a scheme is taken
  /// as it is). A reference with a scheme (absolute, `data:`, `skd:`) is returned unchanged,
  /// dot segments and all. A relative-path base without scheme or authority (a file path such
  /// as `vod/master.m3u8`) gives a relative result: the merged path keeps the `..` segments
  /// that climb above it (`../a.ts` against `b.m3u8` is `../a.ts`, not `/a.ts`).
  public static func resolve(_ reference: String, against base: String) -> String {
    if hasScheme(reference) { return reference }
    let r = Components(Substring(reference))
    let b = Components(Substring(base))
    if b.scheme == nil, b.authority == nil, r.authority == nil, !b.path.hasPrefix("/"),
      !r.path.hasPrefix("/"), !r.path.isEmpty
    {
      var target = r
      target.path = Substring(removeDotSegmentsKeepingRelative(merge(base: b, path: r.path)))
      return target.recomposed
    }
    var target = Components(Substring(""))
    target.scheme = b.scheme
    if r.authority != nil {
      target.authority = r.authority
      target.path = Substring(removeDotSegments(r.path))
      target.query = r.query
    } else {
      target.authority = b.authority
      if r.path.isEmpty {
        target.path = b.path
        target.query = r.query ?? b.query
      } else {
        target.path =
          r.path.hasPrefix("/")
          ? Substring(removeDotSegments(r.path))
          : Substring(removeDotSegments(Substring(merge(base: b, path: r.path))))
        target.query = r.query
      }
    }
    target.fragment = r.fragment
    return target.recomposed
  }

  /// The path with `.` and `..` segments removed (§5.2.4).
  public static func removeDotSegments(_ path: Substring) -> String {
    var input = path
    var output: [Substring] = []  // each element is a segment with its leading "/" (if any)
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
        let end = input.dropFirst().firstIndex(of: "/") ?? input.endIndex
        output.append(input[..<end])
        input = input[end...]
      }
    }
    return output.joined()
  }

  /// Dot-segment removal for a relative path: `..` cancels the segment before it, or stays
  /// when there is none to cancel.
  private static func removeDotSegmentsKeepingRelative(_ path: String) -> String {
    var segments: [Substring] = []
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    for (i, part) in parts.enumerated() {
      let isLast = i == parts.count - 1
      switch part {
      case ".":
        if isLast { segments.append("") }
      case "..":
        if let last = segments.last, last != ".." {
          segments.removeLast()
        } else {
          segments.append("..")
        }
        if isLast { segments.append("") }
      default:
        segments.append(part)
      }
    }
    return segments.joined(separator: "/")
  }

  /// §5.2.3: the reference path appended to the base path up to its last `/`.
  private static func merge(base: Components, path: Substring) -> String {
    if base.authority != nil && base.path.isEmpty { return "/" + path }
    guard let slash = base.path.lastIndex(of: "/") else { return String(path) }
    return String(base.path[...slash]) + path
  }

  fileprivate static func isScheme(_ text: Substring) -> Bool {
    guard let first = text.utf8.first, isLetter(first) else { return false }
    return text.utf8.allSatisfy { c in
      isLetter(c) || (c >= 0x30 && c <= 0x39) || c == 0x2B || c == 0x2D || c == 0x2E
    }
  }

  private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
}
