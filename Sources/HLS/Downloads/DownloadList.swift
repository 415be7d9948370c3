import ManifestCore

/// One resource an offline download manager fetches.
public struct DownloadResource: Sendable, Hashable {
  /// What the resource is.
  public enum Kind: String, Sendable, Hashable {
    /// A media playlist (a variant's or a rendition's).
    case playlist
    /// A media initialization section, EXT-X-MAP (RFC 8216bis §4.4.4.5).
    case map
    /// A key file of an `identity` EXT-X-KEY (§4.4.4.4, §5.1).
    case key
    /// A media segment.
    case segment
  }

  /// The URI, resolved against the base (or relative to the top playlist without one).
  public var uri: String
  /// What it is.
  public var kind: Kind
  /// The byte range to fetch, or `nil` for the whole resource.
  public var byteRange: ByteRange?
  /// The segment's EXTINF duration, or `nil` for other kinds.
  public var duration: ExactDecimal?

  /// Creates a resource.
  public init(uri: String, kind: Kind, byteRange: ByteRange? = nil, duration: ExactDecimal? = nil) {
    self.uri = uri
    self.kind = kind
    self.byteRange = byteRange
    self.duration = duration
  }
}

/// Every resource needed to play chosen renditions offline, in fetch order and without
/// repeats: what `m3u8-tool urls` prints.
public struct DownloadList: Sendable, Hashable {
  /// The resources.
  public var resources: [DownloadResource] = []
  /// The longest total duration among the media playlists listed (the presentation's length).
  public var totalDuration: ExactDecimal = .zero
  /// Media playlists that could not be read or parsed (warnings at the line naming them).
  public var diagnostics: [PlaylistDiagnostic] = []
  /// The limit following went over (`limit.playlists`, `limit.followed-bytes`,
  /// `limit.input-bytes`), located in the multivariant playlist: following stopped there, and
  /// the list holds only what came before. `nil` when everything was followed.
  public var limitError: ParseError? = nil

  /// Creates an empty list.
  public init() {}

  /// The sum of the byte-range lengths (resources without a byte range are not counted),
  /// `Int.max` when it does not fit.
  public var knownSize: Int {
    resources.reduce(0) { sum, resource in
      let (total, overflow) = sum.addingReportingOverflow(resource.byteRange?.length ?? 0)
      return overflow ? Int.max : total
    }
  }

  /// Adds `resource` unless the same URI and byte range is already listed.
  mutating func add(_ resource: DownloadResource, seen: inout Set<DownloadKey>) {
    let key = DownloadKey(uri: resource.uri, byteRange: resource.byteRange)
    if seen.insert(key).inserted { resources.append(resource) }
  }
}

/// What makes two download resources the same fetch.
struct DownloadKey: Hashable {
  var uri: String
  var byteRange: ByteRange?
}

extension MediaPlaylist {
  /// The playlist's resources in fetch order: for each segment, the keys and map newly in
  /// force, then the segment (with its byte range); gaps (EXT-X-GAP) are skipped, and only
  /// `identity` keys with a fetchable URI are listed (DRM systems hand keys out through license
  /// requests, and `data:`/`skd:` URIs hold no file). URIs are resolved against `base` when
  /// given (the playlist's URL, or its URI as a multivariant playlist names it).
  public func downloadList(base: String? = nil) -> DownloadList {
    var list = DownloadList()
    var seen = Set<DownloadKey>()
    addResources(to: &list, seen: &seen, base: base)
    return list
  }

  func addResources(to list: inout DownloadList, seen: inout Set<DownloadKey>, base: String?) {
    let baseComponents = base.map { URIResolver.Components(Substring($0)) }
    func resolved(_ uri: String) -> String {
      baseComponents.map { URIResolver.resolve(uri, against: $0) } ?? uri
    }
    var downloadableKey: [Int: Bool] = [:]  // tag line → an identity key with a fetchable URI
    for segment in segments where !segment.gap {
      for key in segment.keys {
        let downloadable =
          downloadableKey[key.line]
          ?? {
            let value = Self.isDownloadable(key)
            downloadableKey[key.line] = value
            return value
          }()
        if downloadable, let uri = key.uri {
          list.add(DownloadResource(uri: resolved(uri), kind: .key), seen: &seen)
        }
      }
      if let map = segment.map {
        list.add(
          DownloadResource(uri: resolved(map.uri), kind: .map, byteRange: map.byteRange),
          seen: &seen)
      }
      list.add(
        DownloadResource(
          uri: resolved(segment.uri), kind: .segment, byteRange: segment.byteRange,
          duration: segment.duration), seen: &seen)
    }
    list.totalDuration = max(list.totalDuration, totalDuration)
  }

  /// True for an `identity` key whose URI is a file to fetch (relative, or http(s)/file).
  private static func isDownloadable(_ key: EncryptionKey) -> Bool {
    guard let uri = key.uri, !URIResolver.hasScheme(uri) || isFetchable(uri) else { return false }
    return [.aes128, .sampleAES, .sampleAESCTR].contains(key.drm.system)
  }

  private static func isFetchable(_ uri: String) -> Bool {
    let scheme = uri.prefix { $0 != ":" }.lowercased()
    return scheme == "http" || scheme == "https" || scheme == "file"
  }
}

extension MultivariantPlaylist {
  /// The resources of the variants `filter` chooses (see `selectVariants(_:)`), in order: for
  /// each kept variant its media playlist and that playlist's resources, then the renditions
  /// its AUDIO, VIDEO and SUBTITLES groups name (each rendition's playlist and resources; with
  /// `filter.languages`, those the languages keep).
  /// Media playlists are read through `loader` relative to `location` (this playlist's own
  /// location); output URIs are resolved against `base` when given, else written relative to
  /// this playlist; the resources of a media playlist whose request was redirected resolve
  /// against the URL that answered (`loader.base(of:)`). A media playlist that cannot be read is still listed, with a warning.
  /// Following stays within `limits` (see `PlaylistFollower`); at a limit it stops, with
  /// `limitError` set. `renditions: .preferred` keeps only DEFAULT or AUTOSELECT renditions;
  /// `iFrames` adds every EXT-X-I-FRAME-STREAM-INF playlist (and its resources) after them.
  public func downloadList(
    selecting filter: VariantFilter, followingWith loader: some PlaylistLoader,
    location: String?, base: String? = nil, limits: Limits = .standard,
    renditions choice: RenditionChoice = .all, iFrames: Bool = false
  ) throws(VariantSelectionError) -> DownloadList {
    let selection = try selectVariants(filter)
    // The renditions by [TYPE, GROUP-ID], gathered once: a scan per variant is quadratic.
    let groups = Dictionary(grouping: renditions) { [$0.type, $0.groupID] }
    let matched = filter.groupsMatchingLanguages(renditions)
    // What to follow, in order; one playlist named with different spellings (`v/a.m3u8`,
    // `v/./a.m3u8`) is listed once.
    var named: [(uri: String, line: Int, location: String)] = []
    var read = Set<String>()
    func add(_ uri: String, line: Int) {
      let target = loader.location(of: uri, relativeTo: location)
      if read.insert(target).inserted { named.append((uri, line, target)) }
    }
    for variant in selection.variants {
      add(variant.uri, line: variant.uriLine ?? variant.line)
      let types = [
        ("AUDIO", variant.audio), ("VIDEO", variant.video), ("SUBTITLES", variant.subtitles),
      ]
      for case (let type, let id?) in types {
        let hasMatch = matched.contains([type, id])
        for rendition in groups[[type, id]] ?? []
        where filter.keeps(rendition, groupHasMatch: hasMatch)
          && (choice == .all || rendition.isDefault || rendition.autoselect)
        {
          if let uri = rendition.uri { add(uri, line: rendition.line) }
        }
      }
    }
    if iFrames {
      for variant in iFrameVariants { add(variant.uri, line: variant.uriLine ?? variant.line) }
    }
    var follower = PlaylistFollower(
      loader: loader, limits: limits, expecting: named.map(\.location))
    var list = DownloadList()
    var seen = Set<DownloadKey>()
    var listed = Set<[String]>()  // [identity, base without query] of files listed
    for (uri, line, _) in named {
      let outputBase = base.map { URIResolver.resolve(uri, against: $0) } ?? uri
      list.add(DownloadResource(uri: outputBase, kind: .playlist), seen: &seen)
      switch followMediaPlaylist(uri, line: line, follower: &follower, location: location) {
      case .unusable(let warning): list.diagnostics.append(warning)
      case .limit(let error):
        list.limitError = error
        return list
      case .media(let target, let media):
        // A media playlist that redirected: its URIs are relative to the URL that answered.
        let answered = loader.base(of: target)
        let resourceBase = answered != target ? answered : outputBase
        // The same file under a base that differs only in its query (`big.m3u8?v=2`) gives
        // the URIs it gave, all listed already, unless a URI depends on that query.
        let key = [
          loader.identity(of: target), String(resourceBase.prefix { $0 != "?" && $0 != "#" }),
        ]
        if listed.contains(key) { continue }
        media.addResources(to: &list, seen: &seen, base: resourceBase)
        if !Playlist.media(media).readsItsURL && media.resolvesApartFromTheBaseQuery {
          listed.insert(key)
        }
      }
    }
    return list
  }
}

extension MediaPlaylist {
  /// True when no segment, key or map URI is empty or only a fragment: resolved against two
  /// bases that differ only in their query and fragment, every URI comes out the same
  /// (RFC 3986 §5.2.2).
  var resolvesApartFromTheBaseQuery: Bool {
    func independent(_ uri: String) -> Bool { !uri.isEmpty && !uri.hasPrefix("#") }
    for segment in segments {
      guard independent(segment.uri), segment.map.map({ independent($0.uri) }) ?? true,
        segment.keys.allSatisfy({ $0.uri.map(independent) ?? true })
      else { return false }
    }
    return true
  }
}
