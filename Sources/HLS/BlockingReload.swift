/// The next playlist request of an LL-HLS client (RFC 8216bis §6.2.5.2, §6.3.7): the playlist
/// URL with the delivery directives `_HLS_msn`, `_HLS_part` and `_HLS_skip` asking the server to
/// hold the response until the next segment or part exists.
public struct BlockingReloadRequest: Sendable, Hashable {
  /// The URL to request, directives included.
  public var url: String
  /// `_HLS_msn`, or `nil` when the server cannot block (a plain reload).
  public var mediaSequence: UInt64?
  /// `_HLS_part`, or `nil`.
  public var part: Int?
  /// `_HLS_skip` (`YES`, or `v2` when date ranges may be skipped too), or `nil`.
  public var skip: String?
  /// Why a directive was left out (the server does not support it), one line each.
  public var notes: [String]

  /// The request after `playlist` was read from `url`. `parts` asks for the next partial
  /// segment rather than the next whole segment; `skip` asks for a delta update when the server
  /// offers them (CAN-SKIP-UNTIL).
  public init(after playlist: MediaPlaylist, url: String, parts: Bool, skip: Bool) {
    notes = []
    let control = playlist.serverControl
    guard control?.canBlockReload == true else {
      self.url = Self.removingDirectives(url)
      notes.append(
        "the server does not offer blocking reload (CAN-BLOCK-RELOAD=YES): plain reload")
      return
    }
    let msn = playlist.nextMediaSequence
    guard !playlist.lastSequenceNumberUsed else {
      self.url = Self.removingDirectives(url)
      notes.append(
        "the last segment's media sequence number is 18446744073709551615: no next segment"
          + " to ask for, plain reload")
      return
    }
    if parts {
      if playlist.partInformation == nil {
        notes.append("the playlist has no EXT-X-PART-INF: asking for the next segment")
      } else {
        part = playlist.pendingParts.count
      }
    }
    if skip {
      if control?.canSkipUntil != nil {
        self.skip = control?.canSkipDateRanges == true ? "v2" : "YES"
      } else {
        notes.append("the server does not offer delta updates (CAN-SKIP-UNTIL)")
      }
    }
    if playlist.endList {
      notes.append("the playlist has EXT-X-ENDLIST: it will not change")
    }
    mediaSequence = msn
    var directives = ["_HLS_msn=\(msn)"]
    if let part { directives.append("_HLS_part=\(part)") }
    if let value = self.skip { directives.append("_HLS_skip=\(value)") }
    self.url = Self.appending(directives, to: Self.removingDirectives(url))
  }

  /// `url` without `_HLS_` query parameters.
  static func removingDirectives(_ url: String) -> String {
    let (base, query, fragment) = split(url)
    guard let query else { return url }
    let kept = query.split(separator: "&", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("_HLS_") }
    return base + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&")) + (fragment ?? "")
  }

  /// `url` with `parameters` added to its query, before any fragment.
  static func appending(_ parameters: [String], to url: String) -> String {
    let (base, query, fragment) = split(url)
    let all = (query.map { [$0] } ?? []) + parameters
    return base + "?" + all.joined(separator: "&") + (fragment ?? "")
  }

  /// The URL before `?`, the query (without `?`), and the fragment (with `#`).
  private static func split(_ url: String) -> (String, String?, String?) {
    var rest = Substring(url)
    var fragment: String? = nil
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[hash...])
      rest = rest[..<hash]
    }
    guard let question = rest.firstIndex(of: "?") else { return (String(rest), nil, fragment) }
    let query = rest[rest.index(after: question)...]
    return (String(rest[..<question]), query.isEmpty ? nil : String(query), fragment)
  }
}
