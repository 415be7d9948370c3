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

  /// One wrapper on the way to an inline ad, outermost first.
  private struct Layer {
    var wrapper: VASTWrapper
    var id: String?
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
    select(document, file: file, layers: [], visited: [])
  }

  private mutating func select(
    _ document: VASTDocument, file: String, layers: [Layer], visited: Set<Int>
  ) -> [ScheduledAd] {
    let numbered = document.ads.enumerated().map { (number: $0.offset + 1, ad: $0.element) }
    let pod = numbered.filter { $0.ad.sequence != nil }.enumerated().sorted {
      ($0.element.ad.sequence ?? 0, $0.offset) < ($1.element.ad.sequence ?? 0, $1.offset)
    }.map(\.element)
    var buffet = numbered.filter { $0.ad.sequence == nil }
    let slots = pod.isEmpty ? Array(buffet.prefix(1)) : pod
    if pod.isEmpty { buffet.removeFirst(min(1, buffet.count)) }
    var out: [ScheduledAd] = []
    for slot in slots {
      switch play(slot.ad, number: slot.number, file: file, layers: layers, visited: visited) {
      case .success(let ads):
        out += ads
      case .failure(let failure):
        var replaced = false
        while !buffet.isEmpty {
          let candidate = buffet.removeFirst()
          let attempt = play(
            candidate.ad, number: candidate.number, file: file, layers: layers, visited: visited)
          guard case .success(let ads) = attempt else {
            if case .failure(let other) = attempt {
              report(.info, other.message + " (a stand-alone fallback, not used)", other)
            }
            continue
          }
          let name = VASTReader.label(candidate.ad.id, number: candidate.number)
          report(.warning, failure.message + "; stand-alone \(name) plays in its place", failure)
          out += ads
          replaced = true
          break
        }
        // Inside a wrapper chain the wrapper's own failure is the error; this is its cause.
        if !replaced { report(layers.isEmpty ? .error : .warning, failure.message, failure) }
      }
    }
    return out
  }

  private mutating func report(_ severity: Severity, _ message: String, _ failure: Failure) {
    diagnostics.append(
      VASTDiagnostic(
        file: failure.file, failure.code.diagnostic(severity, message, at: failure.location)))
  }

  private mutating func play(
    _ ad: VASTAd, number: Int, file: String, layers: [Layer], visited: Set<Int>
  ) -> Result<[ScheduledAd], Failure> {
    let name = VASTReader.label(ad.id, number: number)
    switch ad.content {
    case .inline(let inline):
      return scheduled(inline, ad: ad, number: number, file: file, layers: layers).map { [$0] }
    case .wrapper(let wrapper):
      func failure(_ code: VASTDiagnosticCode, _ message: String) -> Result<[ScheduledAd], Failure>
      {
        .failure(Failure(code: code, message: message, file: file, location: ad.location))
      }
      if layers.count >= maximumWrapperDepth {
        return failure(
          .wrapperTooDeep,
          "\(name): the wrapper chain is longer than \(maximumWrapperDepth) wrappers; it is "
            + "not followed")
      }
      if let outer = layers.last, !outer.wrapper.followAdditionalWrappers {
        return failure(
          .wrapperNotFollowed,
          "\(name) is a wrapper, but the wrapper that led to it has "
            + "followAdditionalWrappers=\"false\"")
      }
      let uri = VASTReader.shown(wrapper.adTagURI)
      guard let k = target(for: wrapper.adTagURI, excluding: visited) else {
        return failure(
          .wrapperUnresolved,
          "\(name): wrapper chain unresolved: no VAST document given for VASTAdTagURI '\(uri)' "
            + matchRule(wrapper.adTagURI))
      }
      let layer = Layer(wrapper: wrapper, id: ad.id)
      var ads = select(
        targets[k].document, file: targets[k].name, layers: layers + [layer],
        visited: visited.union([k]))
      if ads.isEmpty {
        return failure(
          .wrapperUnresolved,
          "\(name): wrapper chain unresolved: the VAST document '\(VASTReader.shown(targets[k].name))' "
            + "for VASTAdTagURI '\(uri)' gives no playable ad")
      }
      if !wrapper.allowMultipleAds { ads = [ads[0]] }
      return .success(ads)
    }
  }

  /// The inline ad with the wrappers' tracking merged in, or why it cannot be played.
  private mutating func scheduled(
    _ inline: VASTInline, ad: VASTAd, number: Int, file: String, layers: [Layer]
  ) -> Result<ScheduledAd, Failure> {
    let name = VASTReader.label(ad.id, number: number)
    let linears = inline.creatives.enumerated().compactMap { entry in
      entry.element.linear.map { (entry.offset, entry.element.sequence, $0) }
    }.sorted { ($0.1 ?? Int.max, $0.0) < ($1.1 ?? Int.max, $1.0) }
    guard let linear = linears.first?.2 else {
      return .failure(
        Failure(
          code: .creativeNoLinear, message: "\(name) has no Linear creative to splice", file: file,
          location: ad.location))
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
    let inner = layers.reversed()
    var tracking = self.tracking(linear, ad: name, file: file, duration: linear.duration)
    var impressions = inline.impressions
    var errors = inline.errorURLs
    var clicks = linear.clickTracking
    for layer in inner {
      impressions += layer.wrapper.impressions
      errors += layer.wrapper.errorURLs
      for creative in layer.wrapper.creatives {
        guard let wrapped = creative.linear else { continue }
        tracking += self.tracking(wrapped, ad: name, file: file, duration: linear.duration)
        clicks += wrapped.clickTracking
      }
    }
    let id = ad.id ?? layers.first?.id ?? "ad-\(number)"
    return .success(
      ScheduledAd(
        id: id, mediaURI: media.uri, duration: linear.duration, impressions: impressions,
        tracking: tracking, clickThrough: linear.clickThrough, clickTracking: clicks,
        errorURLs: errors, file: file, location: ad.location))
  }

  /// The tracking of `linear`, each offset in seconds (a percentage of `duration`).
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
