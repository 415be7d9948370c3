import ManifestCore

/// The ads of one break, in play order, from a VAST response (`m3u8-tool stitch --vast`).
public struct VASTPod: Sendable, Hashable {
  /// The ads to play, in order.
  public var ads: [ScheduledAd]
  /// What reading and resolving found, each with its file.
  public var diagnostics: [VASTDiagnostic]

  /// True when a diagnostic is an error (an ad that should play cannot).
  public var hasErrors: Bool { diagnostics.contains { $0.diagnostic.severity == .error } }
}

/// One break of a VMAP schedule with its ads resolved.
public struct ScheduledBreak: Sendable, Hashable {
  /// The `breakId`, or `nil`.
  public var id: String?
  /// When the break plays.
  public var offset: VMAPTimeOffset
  /// The `breakType`, or `nil`.
  public var breakType: String?
  /// The ads to play, in order.
  public var ads: [ScheduledAd]
  /// The break's own tracking (`breakStart`, `breakEnd`, `error`), offsets `nil`.
  public var tracking: [ScheduledTracking]
  /// The VMAP file.
  public var file: String
  /// Where `<vmap:AdBreak>` starts in `file`.
  public var location: SourceLocation

  /// Creates a break.
  public init(
    id: String? = nil, offset: VMAPTimeOffset, breakType: String? = nil, ads: [ScheduledAd] = [],
    tracking: [ScheduledTracking] = [], file: String = "", location: SourceLocation = .start
  ) {
    self.id = id
    self.offset = offset
    self.breakType = breakType
    self.ads = ads
    self.tracking = tracking
    self.file = file
    self.location = location
  }
}

/// The breaks of a VMAP document, in document order (`m3u8-tool stitch --vmap`).
public struct VMAPSchedule: Sendable, Hashable {
  /// The breaks with a readable `timeOffset`, in document order.
  public var breaks: [ScheduledBreak]
  /// What reading and resolving found, each with its file.
  public var diagnostics: [VASTDiagnostic]

  /// True when a diagnostic is an error (an unreadable offset, an ad that cannot play).
  public var hasErrors: Bool { diagnostics.contains { $0.diagnostic.severity == .error } }
}

/// A document given by name and bytes, as a tool reads it from a file.
public struct VASTSource: Sendable, Hashable {
  /// The name: a path or URI, matched against `VASTAdTagURI` / `AdTagURI` last path segments
  /// and used in diagnostics.
  public var name: String
  /// The document's bytes.
  public var bytes: [UInt8]

  /// Creates a source.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
  }
}

/// A document that cannot be read at all, with its file.
public struct VASTFileError: Error, Sendable, Hashable {
  /// The file's name.
  public var file: String
  /// Why it cannot be read.
  public var error: ParseError

  /// Creates an error.
  public init(file: String, error: ParseError) {
    self.file = file
    self.error = error
  }

  /// `FILE:LINE:COL: error: message`.
  public var rendered: String { error.rendered(file: file) }
}

/// From VAST and VMAP documents to the neutral schedule a stitcher consumes (`ScheduledAd`,
/// `ScheduledBreak`): no I/O, no dependency on the stitcher. See `VASTWrapperResolver` for the
/// pod, fallback and wrapper rules and docs/vast.md for what is read.
public enum VASTAdDecision {
  /// The longest wrapper chain followed: VAST 4.x §2.3.5.1 ("Infinite Loops and Dead Ends")
  /// has players bound chains, and five is the bound players commonly use.
  public static let defaultMaximumWrapperDepth = 5

  /// The pod of `response`, its wrappers resolved against `wrapperTargets`.
  public static func pod(
    response: VASTFile, wrapperTargets: [VASTFile] = [],
    maximumWrapperDepth: Int = defaultMaximumWrapperDepth
  ) -> VASTPod {
    var resolver = VASTWrapperResolver(
      targets: wrapperTargets, maximumWrapperDepth: maximumWrapperDepth)
    let ads = resolver.ads(of: response.document, file: response.name)
    var diagnostics = resolver.diagnostics
    if ads.isEmpty && response.document.ads.isEmpty {
      diagnostics.append(
        VASTDiagnostic(
          file: response.name,
          VASTDiagnosticCode.responseEmpty.diagnostic(
            .warning, "the VAST response has no ads", at: response.document.location)))
    }
    return VASTPod(ads: ads, diagnostics: diagnostics)
  }

  /// Reads each VAST source into a document, with the reader's diagnostics in source order.
  private static func read(_ sources: [VASTSource], limits: Limits) throws(VASTFileError)
    -> (files: [VASTFile], diagnostics: [VASTDiagnostic])
  {
    var files: [VASTFile] = []
    var diagnostics: [VASTDiagnostic] = []
    for source in sources {
      let reading: VASTReading
      do throws(ParseError) {
        reading = try VASTReader.read(source.bytes, limits: limits)
      } catch {
        throw VASTFileError(file: source.name, error: error)
      }
      diagnostics += reading.diagnostics.map { VASTDiagnostic(file: source.name, $0) }
      files.append(VASTFile(name: source.name, document: reading.document))
    }
    return (files, diagnostics)
  }

  /// `m3u8-tool stitch --vast FILE...`: reads every source (the first is the response, the
  /// others are wrapper targets) and gives the pod, with the readers' diagnostics first.
  public static func pod(
    reading sources: [VASTSource], limits: Limits = .standard,
    maximumWrapperDepth: Int = defaultMaximumWrapperDepth
  ) throws(VASTFileError) -> VASTPod {
    let (files, diagnostics) = try read(sources, limits: limits)
    guard let response = files.first else { return VASTPod(ads: [], diagnostics: diagnostics) }
    var pod = pod(
      response: response, wrapperTargets: Array(files.dropFirst()),
      maximumWrapperDepth: maximumWrapperDepth)
    pod.diagnostics = diagnostics + pod.diagnostics
    return pod
  }

  /// The breaks of `vmap` (read from the file `name`), each `AdTagURI` and wrapper resolved
  /// against `vastFiles` (by last path segment, else in the order given).
  public static func schedule(
    vmap: VMAPDocument, name: String, vastFiles: [VASTFile] = [],
    maximumWrapperDepth: Int = defaultMaximumWrapperDepth
  ) -> VMAPSchedule {
    var resolver = VASTWrapperResolver(targets: vastFiles, maximumWrapperDepth: maximumWrapperDepth)
    return schedule(vmap: vmap, name: name, resolver: &resolver)
  }

  private static func schedule(
    vmap: VMAPDocument, name: String, resolver: inout VASTWrapperResolver
  ) -> VMAPSchedule {
    var breaks: [ScheduledBreak] = []
    var extra: [VASTDiagnostic] = []
    for (index, vmapBreak) in vmap.breaks.enumerated() {
      let label =
        vmapBreak.breakID.map { "break '\(VASTReader.shown($0))'" } ?? "break #\(index + 1)"
      var ads: [ScheduledAd] = []
      switch vmapBreak.source?.content {
      case .vastAdData(let document):
        ads = resolver.ads(of: document, file: name)
      case .adTagURI(let uri, _):
        if let k = resolver.target(for: uri, excluding: []) {
          ads = resolver.ads(of: resolver.targets[k].document, file: resolver.targets[k].name)
        } else {
          extra.append(
            VASTDiagnostic(
              file: name,
              VASTDiagnosticCode.vmapAdTagUnresolved.diagnostic(
                .error,
                "\(label): no VAST document given for AdTagURI '\(VASTReader.shown(uri))' "
                  + resolver.matchRule(uri), at: vmapBreak.source?.location ?? vmapBreak.location)
            ))
        }
      case nil:
        break
      }
      if vmapBreak.source?.allowMultipleAds == false && ads.count > 1 { ads = [ads[0]] }
      breaks.append(
        ScheduledBreak(
          id: vmapBreak.breakID, offset: vmapBreak.timeOffset, breakType: vmapBreak.breakType,
          ads: ads, tracking: vmapBreak.trackingEvents, file: name, location: vmapBreak.location))
    }
    return VMAPSchedule(breaks: breaks, diagnostics: extra + resolver.diagnostics)
  }

  /// `m3u8-tool stitch --vmap FILE`: reads the VMAP source, and asks `load` for each VAST
  /// document it needs: every `AdTagURI`, then every `VASTAdTagURI` of the wrappers met (in
  /// document order, each distinct URI once, at most `maximumWrapperDepth` rounds deep). `load`
  /// returns the document's source (its `name` is used in diagnostics), `nil` when there is
  /// none (the ad or break that needs it gets an error diagnostic), or throws to stop. A URI
  /// is matched only to the document loaded for it.
  public static func schedule(
    reading vmap: VASTSource, limits: Limits = .standard,
    maximumWrapperDepth: Int = defaultMaximumWrapperDepth,
    load: (String) throws(VASTFileError) -> VASTSource?
  ) throws(VASTFileError) -> VMAPSchedule {
    let reading: VMAPReading
    do throws(ParseError) {
      reading = try VMAPReader.read(vmap.bytes, limits: limits)
    } catch {
      throw VASTFileError(file: vmap.name, error: error)
    }
    var diagnostics = reading.diagnostics.map { VASTDiagnostic(file: vmap.name, $0) }
    var files: [VASTFile] = []
    var loaded: [String: Int] = [:]
    var asked: Set<String> = []
    var pending = reading.document.adTagURIs
    for source in reading.document.breaks.compactMap({ $0.source }) {
      if case .vastAdData(let document) = source.content { pending += wrapperURIs(document) }
    }
    var round = 0
    while !pending.isEmpty && round <= maximumWrapperDepth {
      var next: [String] = []
      for uri in pending where asked.insert(uri).inserted {
        guard let source = try load(uri) else { continue }
        let vast: VASTReading
        do throws(ParseError) {
          vast = try VASTReader.read(source.bytes, limits: limits)
        } catch {
          throw VASTFileError(file: source.name, error: error)
        }
        diagnostics += vast.diagnostics.map { VASTDiagnostic(file: source.name, $0) }
        loaded[uri] = files.count
        files.append(VASTFile(name: source.name, document: vast.document))
        next += wrapperURIs(vast.document)
      }
      pending = next
      round += 1
    }
    var resolver = VASTWrapperResolver(targets: files, maximumWrapperDepth: maximumWrapperDepth)
    resolver.loaded = loaded
    var schedule = schedule(vmap: reading.document, name: vmap.name, resolver: &resolver)
    schedule.diagnostics = diagnostics + schedule.diagnostics
    return schedule
  }

  /// The `VASTAdTagURI`s of a document's wrappers, in document order.
  private static func wrapperURIs(_ document: VASTDocument) -> [String] {
    document.ads.compactMap {
      if case .wrapper(let wrapper) = $0.content { return wrapper.adTagURI }
      return nil
    }
  }

  /// `m3u8-tool stitch --vmap FILE`: reads the VMAP source and the VAST sources its
  /// `AdTagURI`s name (`VMAPDocument.adTagURIs` lists them), and gives the schedule, with the
  /// readers' diagnostics first.
  public static func schedule(
    reading vmap: VASTSource, vastSources: [VASTSource] = [], limits: Limits = .standard,
    maximumWrapperDepth: Int = defaultMaximumWrapperDepth
  ) throws(VASTFileError) -> VMAPSchedule {
    let reading: VMAPReading
    do throws(ParseError) {
      reading = try VMAPReader.read(vmap.bytes, limits: limits)
    } catch {
      throw VASTFileError(file: vmap.name, error: error)
    }
    let (files, vastDiagnostics) = try read(vastSources, limits: limits)
    let diagnostics =
      reading.diagnostics.map { VASTDiagnostic(file: vmap.name, $0) } + vastDiagnostics
    var schedule = schedule(
      vmap: reading.document, name: vmap.name, vastFiles: files,
      maximumWrapperDepth: maximumWrapperDepth)
    schedule.diagnostics = diagnostics + schedule.diagnostics
    return schedule
  }
}
