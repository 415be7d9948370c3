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
      let utf8 = rest.utf8
      if let delimiter = utf8.firstIndex(where: {
        $0 == 0x3A || $0 == 0x2F || $0 == 0x3F || $0 == 0x23
      }),
        utf8[delimiter] == 0x3A, URIResolver.isScheme(rest[..<delimiter])
      {
        scheme = rest[..<delimiter]
        rest = rest[rest.utf8.index(after: delimiter)...]
      }
      if let hash = rest.utf8.firstIndex(of: 0x23) {
        fragment = rest[rest.utf8.index(after: hash)...]
        rest = rest[..<hash]
      }
      if let question = rest.utf8.firstIndex(of: 0x3F) {
        query = rest[rest.utf8.index(after: question)...]
        rest = rest[..<question]
      }
      if rest.utf8.starts(with: [0x2F, 0x2F]) {
        let afterSlashes = rest.utf8.index(rest.startIndex, offsetBy: 2)
        let end = rest.utf8[afterSlashes...].firstIndex(of: 0x2F) ?? rest.endIndex
        authority = rest[afterSlashes..<end]
        rest = rest[end...]
      }
      path = rest
    }

    /// The reference put back together (§5.3).
    public var recomposed: String {
      var out: [UInt8] = []
      out.reserveCapacity(
        (scheme?.utf8.count ?? 0) + (authority?.utf8.count ?? 0) + path.utf8.count
          + (query?.utf8.count ?? 0) + (fragment?.utf8.count ?? 0) + 5)
      if let scheme {
        out += scheme.utf8
        out.append(0x3A)
      }
      if let authority {
        out += [0x2F, 0x2F]
        out += authority.utf8
      }
      out += path.utf8
      if let query {
        out.append(0x3F)
        out += query.utf8
      }
      if let fragment {
        out.append(0x23)
        out += fragment.utf8
      }
      return String(decoding: out, as: UTF8.self)
    }
  }

  /// True when `uri` starts with a scheme (`https:`, `data:`, `skd:`): an absolute URI that
  /// resolution leaves alone.
  public static func hasScheme(_ uri: String) -> Bool {
    Components(Substring(uri)).scheme != nil
  }

  /// `reference` resolved against `base` (§5.2.2, strict: a reference with a scheme is taken
  /// as it is). A reference with a scheme (absolute, `data:`, `skd:`) is returned unchanged,
  /// dot segments and all. A relative-path base without scheme or authority (a file path such
  /// as `vod/master.m3u8`) gives a relative result: the merged path keeps the `..` segments
  /// that climb above it (`../a.ts` against `b.m3u8` is `../a.ts`, not `/a.ts`).
  public static func resolve(_ reference: String, against base: String) -> String {
    resolve(reference, against: Components(Substring(base)))
  }

  /// `reference` resolved against a base already split into components (for resolving many
  /// references against one base); see `resolve(_:against:)`.
  public static func resolve(_ reference: String, against b: Components) -> String {
    let r = Components(Substring(reference))
    if r.scheme != nil { return reference }
    if b.scheme == nil, b.authority == nil, r.authority == nil, b.path.utf8.first != 0x2F,
      r.path.utf8.first != 0x2F, !r.path.isEmpty
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
          r.path.utf8.first == 0x2F
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
    guard hasDotSegment(path) else { return String(path) }
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

  /// True when a segment of `path` is `.` or `..`.
  private static func hasDotSegment(_ path: Substring) -> Bool {
    var segmentStart = true
    var dots = 0
    for byte in path.utf8 {
      if byte == 0x2F {
        if segmentStart && dots > 0 { return true }
        segmentStart = true
        dots = 0
      } else if byte == 0x2E && segmentStart && dots < 2 {
        dots += 1
      } else {
        segmentStart = false
        dots = 0
      }
    }
    return segmentStart && dots > 0
  }

  /// Dot-segment removal for a relative path: `..` cancels the segment before it, or stays
  /// when there is none to cancel.
  private static func removeDotSegmentsKeepingRelative(_ path: String) -> String {
    guard hasDotSegment(Substring(path)) else { return path }
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
    guard let slash = base.path.utf8.lastIndex(of: 0x2F) else { return String(path) }
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
