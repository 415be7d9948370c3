import ManifestCore

/// Where a download manager that fetches a `DownloadList` stores each resource under its root
/// directory, and the edits that make a downloaded playlist play from there (the offline "play
/// the download" step).
///
/// The rule, for a URI as the list holds it (listed without a base: relative to the top
/// playlist, or absolute):
/// - a relative URI keeps its path (percent-decoded, dot segments removed) relative to the top
///   playlist's directory, which is the root;
/// - an `http:`/`https:` URL (or a `//host` reference) is stored at `HOST/PATH` (the host
///   lower-cased, with `:PORT` when it has one, user information dropped);
/// - the query and the fragment are not part of the file name, so two URIs that differ only in
///   their query would be one file: that is refused (`hls.local-path.collision`), and so is a
///   path that climbs above the root or starts with `/` (`hls.local-path.escape`) and one with
///   no file name or a control character in it (`hls.local-path.name`);
/// - URIs with another scheme (`file:`) are not stored, and stay as they are.
///
/// One URI named with a byte range several times is one file: byte ranges (EXT-X-BYTERANGE,
/// the BYTERANGE of EXT-X-MAP) stay as written.
public struct LocalPathMap: Sendable, Hashable {
  /// The local path (relative to the root, `/`-separated, decoded) of each listed URI.
  public private(set) var paths: [String: String] = [:]

  /// Maps every resource of `list`, refusing collisions; `playlist` is the local path of the
  /// top playlist itself (its file name), which no resource may take.
  public init(_ list: DownloadList, playlist: String) throws(LocalPathError) {
    var owners: [String: (uri: String, identity: String)] = [playlist: (playlist, playlist)]
    for resource in list.resources where paths[resource.uri] == nil {
      guard let (path, identity) = try Self.place(of: resource.uri) else { continue }
      if let owner = owners[path], owner.identity != identity {
        throw LocalPathError(
          "'\(owner.uri)' and '\(resource.uri)' would both be stored as '\(path)'",
          code: .localPathCollision)
      }
      if owners[path] == nil { owners[path] = (resource.uri, identity) }
      paths[resource.uri] = path
    }
  }

  /// The local path of `uri` under the root (see the rule above), or `nil` for a URI with a
  /// scheme other than `http` and `https`.
  public static func localPath(of uri: String) throws(LocalPathError) -> String? {
    try place(of: uri)?.path
  }

  /// The path and what makes two URIs the same file (host, decoded path and query).
  private static func place(of uri: String) throws(LocalPathError) -> (
    path: String, identity: String
  )? {
    let components = URIResolver.Components(Substring(uri))
    var parts: [Substring] = []
    if let scheme = components.scheme {
      guard ["http", "https"].contains(scheme.lowercased()) else { return nil }
    }
    if let authority = components.authority {
      let host = (authority.split(separator: "@", maxSplits: 1).last ?? authority).lowercased()
      guard !host.isEmpty else {
        throw LocalPathError("'\(uri)' has no host to store it under", code: .localPathName)
      }
      parts.append(Substring(host))
    } else if components.scheme != nil || components.path.hasPrefix("/") {
      throw LocalPathError("'\(uri)' is not relative to the root", code: .localPathEscape)
    }
    let decoded =
      PercentDecoding.decode(components.path.utf8).map { String(decoding: $0, as: UTF8.self) }
      ?? String(components.path)
    guard !decoded.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
      throw LocalPathError(
        "'\(uri)' names a file with a control character", code: .localPathName)
    }
    let segments = decoded.split(separator: "/", omittingEmptySubsequences: false)
    let root = parts.count
    for segment in segments {
      switch segment {
      case "..":
        guard parts.count > root else {
          throw LocalPathError("'\(uri)' climbs above the root", code: .localPathEscape)
        }
        parts.removeLast()
      case ".", "": continue
      default: parts.append(segment)
      }
    }
    guard let last = segments.last, !["", ".", ".."].contains(last), parts.count > root else {
      throw LocalPathError("'\(uri)' has no file name", code: .localPathName)
    }
    let path = parts.joined(separator: "/")
    return (path, path + (components.query.map { "?" + $0 } ?? ""))
  }

  /// The edits that point every URI of `source` that this map holds at its local file,
  /// relative to `localPath` (where the playlist itself is stored). `base` is the playlist's
  /// URI as the list names it (`nil` for the top playlist): each URI is resolved against it to
  /// find it in the map. URIs the map does not hold (`skd:` and `data:` keys, playlists the
  /// filters left out, URIs starting with a `{$variable}`) stay as written, and so does every
  /// other byte.
  public func localizingEdits(
    of source: PlaylistSource, listedAs base: String?, storedAt localPath: String
  ) -> [LineEdit] {
    let components = base.map { URIResolver.Components(Substring($0)) }
    return source.rewritingURIs { reference in
      guard !reference.value.hasPrefix("{$") else { return nil }
      let listed =
        components.map { URIResolver.resolve(reference.value, against: $0) } ?? reference.value
      return paths[listed].map { Self.reference(to: $0, from: localPath) }
    }
  }

  /// A relative reference from the file at `from` to the file at `to` (both relative to the
  /// root), each segment percent-encoded except RFC 3986 unreserved characters and sub-delims
  /// (so `:`, `?`, `#`, `%` and spaces in a file name are `%XX`).
  public static func reference(to: String, from: String) -> String {
    let here = from.split(separator: "/").dropLast()
    let there = to.split(separator: "/")
    var common = 0
    while common < here.count, common < there.count - 1,
      here[here.startIndex + common] == there[common]
    {
      common += 1
    }
    let up = Array(repeating: "..", count: here.count - common)
    return (up + there[common...].map(encoded)).joined(separator: "/")
  }

  private static func encoded(_ segment: Substring) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in segment.utf8 {
      let kept =
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || (0x30...0x39).contains(byte) || Array("-._~!$&'()*+,;=@".utf8).contains(byte)
      if kept {
        out.append(byte)
      } else {
        out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// A URI a download cannot be stored for under its root (see `LocalPathMap`).
public struct LocalPathError: Error, Sendable, Hashable {
  /// What is wrong, naming the URI.
  public var message: String
  /// The stable code (`hls.local-path.collision`, `.escape`, `.name`).
  public var code: HLSDiagnosticCode

  /// Creates an error.
  public init(_ message: String, code: HLSDiagnosticCode) {
    self.message = message
    self.code = code
  }
}
