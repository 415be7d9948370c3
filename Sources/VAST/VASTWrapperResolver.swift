import ManifestCore

/// Turns VAST documents into the ads to play, in order: it orders ad pods, follows wrapper
/// chains through the further documents it was given, merges wrapper tracking into the inline
/// ad, picks the HLS media file, and falls back to stand-alone ads.
///
/// Pods (VAST 3.0 and 4.x, "Ad Pods"): when a response has ads with a `sequence`, they
/// are the pod, played in ascending `sequence` (document order among equal ones), and the
/// stand-alone ads (no `sequence`) are the "ad buffet": the first unused one that is playable
/// takes the place of a pod ad that is not. With no sequenced ad, the first playable
/// stand-alone ad plays and the others are its fallbacks.
///
/// Wrappers (VAST 4.x §2.3.5): a wrapper's `VASTAdTagURI` is matched to the given document
/// whose name has the same last path segment (query and fragment ignored), else to the next
/// document not used yet, in the order given. Chains are at most `maximumWrapperDepth`
/// wrappers long (VAST 4.x §2.3.5.1, "Infinite Loops and Dead Ends") and never visit a
/// document twice. The response a wrapper points to gives its ads by the same pod rules; only
/// the first unless the wrapper has `allowMultipleAds`.
struct VASTWrapperResolver {
  let targets: [VASTFile]
  let maximumWrapperDepth: Int
  /// When the documents came from a loader: the document each URI loaded, the only match.
  var loaded: [String: Int]? = nil
  private var used: Set<Int> = []
  private(set) var diagnostics: [VASTDiagnostic] = []
  /// What each wrapper target gave, by the state that can change it: a target that many
  /// wrappers name is resolved once (and reported once), so the work stays linear.
  private var memo: [Key: [Resolved]] = [:]

  /// Where in a chain a document is resolved.
  private struct Chain: Hashable {
    /// Wrappers above it.
    var depth = 0
    /// The documents above it (a chain never visits one twice).
    var visited: Set<Int> = []
    /// False when the wrapper above has `followAdditionalWrappers="false"`.
    var mayFollow = true
  }

  private struct Key: Hashable {
    var target: Int
    var chain: Chain
  }

  /// An ad resolved so far: whether its id came from the inline `<Ad>` (else each wrapper
  /// passed on the way out sets it, so the outermost one's stays).
  private struct Resolved {
    var ad: ScheduledAd
    var hasInlineID: Bool
  }

  /// Why an ad cannot be played.
  private struct Failure: Error {
    var code: VASTDiagnosticCode
    var message: String
    var file: String
    var location: SourceLocation
  }

  init(targets: [VASTFile], maximumWrapperDepth: Int) {
    self.targets = targets
    self.maximumWrapperDepth = maximumWrapperDepth
  }

  /// The ads to play for `document`, read from `file`.
  mutating func ads(of document: VASTDocument, file: String) -> [ScheduledAd] {
    select(document, file: file, chain: Chain()).map(\.ad)
  }

  private mutating func select(_ document: VASTDocument, file: String, chain: Chain)
    -> [Resolved]
  {
    let numbered = document.ads.enumerated().map { (number: $0.offset + 1, ad: $0.element) }
    let pod = numbered.filter { $0.ad.sequence != nil }.enumerated().sorted {
      ($0.element.ad.sequence ?? 0, $0.offset) < ($1.element.ad.sequence ?? 0, $1.offset)
    }.map(\.element)
    let buffet = numbered.filter { $0.ad.sequence == nil }
    let slots = pod.isEmpty ? Array(buffet.prefix(1)) : pod
    var next = pod.isEmpty ? min(1, buffet.count) : 0
    var out: [Resolved] = []
    for slot in slots {
      switch play(slot.ad, number: slot.number, file: file, chain: chain) {
      case .success(let ads):
        out += ads
      case .failure(let failure):
        var replaced = false
        while next < buffet.count {
          let candidate = buffet[next]
          next += 1
          switch play(candidate.ad, number: candidate.number, file: file, chain: chain) {
          case .failure(let other):
            report(.info, other.message + " (a stand-alone fallback, not used)", other)
            continue
          case .success(let ads):
            let name = VASTReader.label(candidate.ad.id, number: candidate.number)
            report(.warning, failure.message + "; stand-alone \(name) plays in its place", failure)
            out += ads
            replaced = true
          }
          break
        }
        // Inside a wrapper chain the wrapper's own failure is the error; this is its cause.
        if !replaced { report(chain.depth == 0 ? .error : .warning, failure.message, failure) }
      }
    }
    return out
  }

  private mutating func report(_ severity: Severity, _ message: String, _ failure: Failure) {
    diagnostics.append(
      VASTDiagnostic(
        file: failure.file, failure.code.diagnostic(severity, message, at: failure.location)))
  }

  private mutating func play(_ ad: VASTAd, number: Int, file: String, chain: Chain)
    -> Result<[Resolved], Failure>
  {
    let name = VASTReader.label(ad.id, number: number)
    switch ad.content {
    case .inline(let inline):
      return scheduled(inline, ad: ad, number: number, file: file).map { [$0] }
    case .wrapper(let wrapper):
      func failure(_ code: VASTDiagnosticCode, _ message: String) -> Result<[Resolved], Failure> {
        .failure(Failure(code: code, message: message, file: file, location: ad.location))
      }
      if chain.depth >= maximumWrapperDepth {
        return failure(
          .wrapperTooDeep,
          "\(name): the wrapper chain is longer than \(maximumWrapperDepth) wrappers; it is "
            + "not followed")
      }
      if !chain.mayFollow {
        return failure(
          .wrapperNotFollowed,
          "\(name) is a wrapper, but the wrapper that led to it has "
            + "followAdditionalWrappers=\"false\"")
      }
      let uri = VASTReader.shown(wrapper.adTagURI)
      guard let k = target(for: wrapper.adTagURI, excluding: chain.visited) else {
        return failure(
          .wrapperUnresolved,
          "\(name): wrapper chain unresolved: no VAST document given for VASTAdTagURI '\(uri)' "
            + matchRule(wrapper.adTagURI))
      }
      let inner = Chain(
        depth: chain.depth + 1, visited: chain.visited.union([k]),
        mayFollow: wrapper.followAdditionalWrappers)
      let key = Key(target: k, chain: inner)
      let resolved: [Resolved]
      if let known = memo[key] {
        resolved = known
      } else {
        resolved = select(targets[k].document, file: targets[k].name, chain: inner)
        memo[key] = resolved
      }
      if resolved.isEmpty {
        return failure(
          .wrapperUnresolved,
          "\(name): wrapper chain unresolved: the VAST document "
            + "'\(VASTReader.shown(targets[k].name))' for VASTAdTagURI '\(uri)' gives no playable ad"
        )
      }
      let taken = wrapper.allowMultipleAds ? resolved : [resolved[0]]
      return .success(taken.map { merged($0, wrapper, id: ad.id, file: file) })
    }
  }

  /// `resolved` with the tracking of `wrapper` (read from `file`) added after its own (VAST 4.x
  /// §2.3.5: wrapper tracking fires in addition to the inline ad's).
  private mutating func merged(
    _ resolved: Resolved, _ wrapper: VASTWrapper, id: String?, file: String
  ) -> Resolved {
    var out = resolved
    out.ad.impressions += wrapper.impressions
    out.ad.errorURLs += wrapper.errorURLs
    for creative in wrapper.creatives {
      guard let linear = creative.linear else { continue }
      out.ad.tracking += tracking(
        linear, ad: VASTReader.label(out.ad.id, number: 0), file: file, duration: out.ad.duration)
      out.ad.clickTracking += linear.clickTracking
    }
    if !resolved.hasInlineID, let id { out.ad.id = id }
    return out
  }

  /// The inline ad as a scheduled ad, or why it cannot be played.
  private mutating func scheduled(_ inline: VASTInline, ad: VASTAd, number: Int, file: String)
    -> Result<Resolved, Failure>
  {
    let name = VASTReader.label(ad.id, number: number)
    let linears = inline.creatives.enumerated().compactMap { entry in
      entry.element.linear.map { (entry.offset, entry.element.sequence, $0) }
    }.sorted { ($0.1 ?? Int.max, $0.0) < ($1.1 ?? Int.max, $1.0) }
    guard let linear = linears.first?.2 else {
      return .failure(
        Failure(
          code: .creativeNoLinear, message: "\(name) has no Linear creative to splice",
          file: file, location: ad.location))
    }
    guard let media = linear.hlsMediaFile else {
      let types = linear.mediaFiles.map { $0.type ?? "no type" }
      let have =
        types.isEmpty
        ? "it has no MediaFile" : "its MediaFiles are \(types.joined(separator: ", "))"
      return .failure(
        Failure(
          code: .mediaNoHLS,
          message: "\(name) has no usable HLS MediaFile (type application/x-mpegURL or "
            + "application/vnd.apple.mpegurl, or a streaming .m3u8 URI): "
            + VASTReader.shown(have), file: file, location: linear.location))
    }
    let scheduled = ScheduledAd(
      id: ad.id ?? "ad-\(number)", mediaURI: media.uri, duration: linear.duration,
      impressions: inline.impressions,
      tracking: tracking(linear, ad: name, file: file, duration: linear.duration),
      clickThrough: linear.clickThrough, clickTracking: linear.clickTracking,
      errorURLs: inline.errorURLs, file: file, location: ad.location)
    return .success(Resolved(ad: scheduled, hasInlineID: ad.id != nil))
  }

  /// The tracking of `linear` (read from `file`), each offset in seconds (a percentage of
  /// `duration`).
  private mutating func tracking(
    _ linear: VASTLinear, ad: String, file: String, duration: ExactDecimal?
  ) -> [ScheduledTracking] {
    linear.trackingEvents.map { event in
      var seconds: ExactDecimal? = nil
      switch event.offset {
      case .time(let value): seconds = value
      case .percent(let percent):
        if let duration, let value = VASTClock.fraction(percent, of: duration) {
          seconds = value
        } else {
          diagnostics.append(
            VASTDiagnostic(
              file: file,
              VASTDiagnosticCode.trackingNoDuration.diagnostic(
                .warning,
                "\(ad): \(VASTReader.shown(event.event)) tracking at \(percent)% has no time: "
                  + "the ad's Duration is unknown", at: event.location)))
        }
      case nil: break
      }
      return ScheduledTracking(event: event.event, url: event.url, offset: seconds)
    }
  }

  /// How `target(for:excluding:)` looked for `uri`, for a message.
  func matchRule(_ uri: String) -> String {
    if loaded != nil { return "(the loader gave no document for it)" }
    return "(matched by its last path segment '\(VASTReader.shown(Self.lastSegment(uri)))', else "
      + "the next unused document in the order given)"
  }

  /// The index of the document for `uri`: the one loaded for it, or else the one named by its
  /// last path segment, else the next one not used yet.
  mutating func target(for uri: String, excluding visited: Set<Int>) -> Int? {
    if let loaded {
      guard let k = loaded[uri], !visited.contains(k) else { return nil }
      return k
    }
    let segment = Self.lastSegment(uri)
    let match =
      targets.indices.first {
        !visited.contains($0) && !segment.isEmpty && Self.lastSegment(targets[$0].name) == segment
      } ?? targets.indices.first { !visited.contains($0) && !used.contains($0) }
    if let match { used.insert(match) }
    return match
  }

  /// The last path segment of a URI or file path, without query or fragment.
  static func lastSegment(_ uri: String) -> String {
    var path = Substring(uri)
    if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
    if let slash = path.lastIndex(where: { $0 == "/" || $0 == "\\" }) {
      path = path[path.index(after: slash)...]
    }
    return String(path)
  }
}
