/// A CDN rewrite of a playlist's URIs: host and prefix substitutions and query parameters, as a
/// CDN switch or a token service rewrites them. Apply it with
/// `PlaylistSource.rewritingURIEdits(_:)`, which re-renders only the URIs it changes.
public struct URIRewrite: Sendable, Hashable {
  /// One substitution.
  public enum Rule: Sendable, Hashable {
    /// An absolute URI whose authority is `from` (ASCII case ignored; a `from` without a port
    /// also matches that host with any port, which is kept) gets `to` as its authority.
    case host(from: String, to: String)
    /// A URI that starts with `from`, exactly as written (absolute or relative), has that start
    /// replaced by `to`.
    case prefix(from: String, to: String)
  }

  /// A query parameter to set.
  public struct QueryParameter: Sendable, Hashable {
    /// The name, as given (percent-encoded when written).
    public var name: String
    /// The value, as given (percent-encoded when written).
    public var value: String

    /// Creates a parameter.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// The substitutions, tried in order; the first that matches a URI applies.
  public var rules: [Rule]
  /// Parameters set on the URIs a rule rewrote (on every URI when there are no rules): a
  /// parameter of that name already in the query has its value replaced, else it is appended.
  /// Names and values are percent-encoded except RFC 3986 unreserved characters.
  public var query: [QueryParameter]

  /// Creates a rewrite.
  public init(rules: [Rule] = [], query: [QueryParameter] = []) {
    self.rules = rules
    self.query = query
  }

  /// The rewritten URI, or `nil` when the rewrite leaves it alone. `data:` and `skd:` URIs
  /// (the FairPlay content ID) and URIs starting with a `{$variable}` are never rewritten.
  public func rewrite(_ uri: String) -> String? {
    let lower = uri.prefix(5).lowercased()
    guard !lower.hasPrefix("data:"), !lower.hasPrefix("skd:"), !uri.hasPrefix("{$") else {
      return nil
    }
    var result: String? = rules.isEmpty ? uri : nil
    for rule in rules {
      if let rewritten = apply(rule, to: uri) {
        result = rewritten
        break
      }
    }
    guard var rewritten = result else { return nil }
    if !query.isEmpty { rewritten = settingQuery(of: rewritten) }
    return rewritten == uri ? nil : rewritten
  }

  private func apply(_ rule: Rule, to uri: String) -> String? {
    switch rule {
    case .prefix(let from, let to):
      guard !from.isEmpty, uri.hasPrefix(from) else { return nil }
      return to + uri.dropFirst(from.count)
    case .host(let from, let to):
      var components = URIResolver.Components(Substring(uri))
      guard components.scheme != nil, let authority = components.authority else { return nil }
      let hostAndPort = authority.split(separator: "@", maxSplits: 1).last ?? authority
      let userInfo =
        authority.count > hostAndPort.count ? authority.dropLast(hostAndPort.count) : ""
      let given = from.lowercased()
      let written = hostAndPort.lowercased()
      var port: Substring = ""
      if written == given {
        port = ""
      } else if !given.contains(":"), written.hasPrefix(given + ":") {
        port = hostAndPort.dropFirst(given.count)
      } else {
        return nil
      }
      let replaced = String(userInfo) + to + (to.contains(":") ? "" : String(port))
      components.authority = Substring(replaced)
      return components.recomposed
    }
  }

  /// `uri` with every parameter of `query` set, before any fragment.
  private func settingQuery(of uri: String) -> String {
    var components = URIResolver.Components(Substring(uri))
    var pairs =
      components.query.map { $0.split(separator: "&", omittingEmptySubsequences: false) }
      ?? []
    for parameter in query {
      let name = Self.encoded(parameter.name)
      let pair = Substring(name + "=" + Self.encoded(parameter.value))
      if let index = pairs.firstIndex(where: {
        $0 == Substring(name) || $0.hasPrefix(name + "=")
      }) {
        pairs[index] = pair
      } else {
        pairs.append(pair)
      }
    }
    components.query = Substring(pairs.joined(separator: "&"))
    return components.recomposed
  }

  /// `text` with every byte but the RFC 3986 unreserved ones (letters, digits, `-._~`)
  /// percent-encoded as `%XX`.
  static func encoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in text.utf8 {
      let unreserved =
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2E || byte == 0x5F
        || byte == 0x7E
      if unreserved {
        out.append(byte)
      } else {
        out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

extension PlaylistSource {
  /// Edits that apply `rewrite` to every URI (segment and variant lines, and the URI attributes
  /// of keys, maps, parts, preload hints, rendition reports, renditions, I-frame and image
  /// streams, session data and keys, content steering and interstitial assets); every other
  /// byte stays as it was.
  public func rewritingURIEdits(_ rewrite: URIRewrite) -> [LineEdit] {
    rewritingURIs { rewrite.rewrite($0.value) }
  }
}
