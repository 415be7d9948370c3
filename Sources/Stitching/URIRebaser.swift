import HLS

/// Rewrites the URIs of a playlist read at one location so they name the same resources from
/// the output's location (RFC 3986 §5.2 resolution, then a relative reference back): a URI with
/// a scheme stays as it is, a path becomes relative to the output's directory, and with a
/// `base` URL every path becomes absolute against it. A playlist in the output's own directory
/// keeps its URIs as written.
struct URIRebaser: Sendable {
  /// Where the output playlist is written.
  let output: String
  /// The URL the output is served from, or `nil`.
  let base: String?
  /// The output's directory.
  private let outputDirectory: String

  init(output: String, base: String?) {
    self.output = output
    self.base = base
    outputDirectory = Self.directory(of: output)
  }

  /// Rewrites the URIs of one playlist, the relative path from the output to its directory
  /// worked out once: a plain relative path (no `.` or `..` segment, no leading `/`) only gets
  /// that prefix (the hot path: every segment and part of a long playlist).
  struct Bound {
    let rebaser: URIRebaser
    let location: String
    /// The output-relative path of the playlist's directory, when plain paths can take it.
    let prefix: String?

    func rewrite(_ uri: String) -> String {
      if let prefix, Self.isPlain(uri) { return prefix.isEmpty ? uri : prefix + uri }
      return rebaser.rewrite(uri, from: location)
    }

    /// A path without scheme, leading `/`, empty, `.` or `..` segment, or `\\` (before any
    /// query or fragment), in one pass over its bytes.
    static func isPlain(_ uri: String) -> Bool { isPlain(bytes: uri.utf8) }

    /// `isPlain` for a URI's bytes as read.
    static func isPlain(bytes uri: some Sequence<UInt8>) -> Bool {
      var length = 0  // of the current path segment
      var dots = 0  // how many of its bytes are '.'
      var any = false
      for b in uri {
        if b == 0x3F || b == 0x23 { break }
        switch b {
        case 0x3A, 0x5C: return false
        case 0x2F:
          if length == 0 || dots == length && dots <= 2 { return false }
          length = 0
          dots = 0
        default:
          length += 1
          if b == 0x2E { dots += 1 }
        }
        any = true
      }
      return any && length > 0 && !(dots == length && dots <= 2)
    }
  }

  /// The rewriter for the playlist at `location`.
  func bound(to location: String) -> Bound {
    guard base == nil else { return Bound(rebaser: self, location: location, prefix: nil) }
    let directory = Self.directory(of: location)
    if directory == outputDirectory { return Bound(rebaser: self, location: location, prefix: "") }
    let probe = rewrite("x", from: location)
    let prefix =
      probe.hasSuffix("x") && !URIResolver.hasScheme(probe) ? String(probe.dropLast()) : nil
    return Bound(rebaser: self, location: location, prefix: prefix)
  }

  /// `uri` as written in the playlist at `location`, named from the output.
  func rewrite(_ uri: String, from location: String) -> String {
    if URIResolver.hasScheme(uri) { return uri }
    if base == nil && Self.directory(of: location) == outputDirectory { return uri }
    let target = URIResolver.resolve(uri, against: location)
    if URIResolver.hasScheme(target) { return target }
    let relative = Self.relative(target, from: Self.directory(of: output)) ?? target
    guard let base else { return relative }
    return URIResolver.resolve(relative, against: base)
  }

  /// The segment with its URI, key URIs and map URI rewritten.
  func rewrite(_ segment: Segment, from location: String) -> Segment {
    bound(to: location).rewrite(segment)
  }

  /// The directory part of a path or URL (through its last `/`), without query or fragment.
  static func directory(of location: String) -> String {
    let path = URIResolver.Components(Substring(location)).path
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
  }

  /// `target` (a path with optional query and fragment) relative to directory `dir`, or `nil`
  /// when it cannot be (one absolute and one relative, or `dir` climbing above its start).
  static func relative(_ target: String, from dir: String) -> String? {
    var components = URIResolver.Components(Substring(target))
    let path = String(components.path)
    guard path.hasPrefix("/") == dir.hasPrefix("/") || dir.isEmpty && !path.hasPrefix("/")
    else { return nil }
    let from = dir.split(separator: "/").filter { $0 != "." }
    var to = path.split(separator: "/", omittingEmptySubsequences: false).filter { $0 != "." }
    if to.first == "" { to.removeFirst() }
    guard !from.contains("..") else { return nil }
    var common = 0
    while common < from.count && common < to.count - 1 && from[common] == to[common] {
      common += 1
    }
    let ups = Array(repeating: Substring(".."), count: from.count - common)
    components.path = Substring((ups + to[common...]).joined(separator: "/"))
    return components.recomposed
  }
}

extension URIRebaser.Bound {
  /// The segment with its URI, key URIs, map URI and part URIs rewritten (a playlist with
  /// nothing to rewrite keeps its segments as they are).
  func rewrite(_ segment: Segment) -> Segment {
    var keys = Keys()
    return rewrite(segment, &keys)
  }

  /// The segments rewritten; the keys and map in force are rewritten once per change, and
  /// segments under the same ones share the rewritten values.
  func rewrite<S: Sequence<Segment>>(_ segments: S) -> [Segment] {
    var keys = Keys()
    return segments.map { rewrite($0, &keys) }
  }

  /// The last keys and map seen (by their tag lines) and what they were rewritten to.
  struct Keys {
    var lines: [Int] = []
    var keys: [EncryptionKey] = []
    var mapLine: Int? = nil
    var map: MediaInitializationSection? = nil
  }

  private func rewrite(_ segment: Segment, _ memo: inout Keys) -> Segment {
    if prefix == "" { return segment }
    var s = segment
    s.uri = rewrite(s.uri)
    if !s.keys.isEmpty {
      if memo.lines.count == s.keys.count && zip(memo.lines, s.keys).allSatisfy({ $0 == $1.line }) {
        s.keys = memo.keys
      } else {
        for i in s.keys.indices {
          if let uri = s.keys[i].uri { s.keys[i].uri = rewrite(uri) }
        }
        memo.lines = segment.keys.map(\.line)
        memo.keys = s.keys
      }
    }
    if let map = s.map {
      if memo.mapLine == map.line, let rewritten = memo.map {
        s.map = rewritten
      } else {
        s.map?.uri = rewrite(map.uri)
        memo.mapLine = map.line
        memo.map = s.map
      }
    }
    for i in s.parts.indices { s.parts[i].uri = rewrite(s.parts[i].uri) }
    return s
  }
}
