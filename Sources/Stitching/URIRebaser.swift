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

  /// `uri` as written in the playlist at `location`, named from the output.
  func rewrite(_ uri: String, from location: String) -> String {
    if URIResolver.hasScheme(uri) { return uri }
    if base == nil && Self.directory(of: location) == Self.directory(of: output) { return uri }
    let target = URIResolver.resolve(uri, against: location)
    if URIResolver.hasScheme(target) { return target }
    let relative = Self.relative(target, from: Self.directory(of: output)) ?? target
    guard let base else { return relative }
    return URIResolver.resolve(relative, against: base)
  }

  /// The segment with its URI, key URIs and map URI rewritten.
  func rewrite(_ segment: Segment, from location: String) -> Segment {
    var s = segment
    s.uri = rewrite(s.uri, from: location)
    for i in s.keys.indices {
      if let uri = s.keys[i].uri { s.keys[i].uri = rewrite(uri, from: location) }
    }
    if let map = s.map { s.map?.uri = rewrite(map.uri, from: location) }
    for i in s.parts.indices { s.parts[i].uri = rewrite(s.parts[i].uri, from: location) }
    return s
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
