import HLS
import HTTPLoading
import Live
import ManifestCore
import ToolSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `m3u8-tool watch [--duration SECONDS] [--reloads N] [--json] [--variants all|lowest|highest]
/// [--tolerance SECONDS] URL`: follows a live stream the way a client reloads it and prints what
/// each reload shows (docs/live.md).
let watchCommand = makeWatchCommand(clock: SystemWatchClock(), status: WatchStatusLine.terminal)

/// The watch command on `clock`, writing its one-line status with `status` (nil: none).
package func makeWatchCommand(clock: any WatchClock, status: (@Sendable (String) -> Void)?)
  -> CommandSpec
{
  CommandSpec(
    name: "watch",
    summary: "follow a live stream's reloads and print its events",
    operands: "URL",
    discussion: """
      Loads URL and, for a multivariant playlist, the media playlists --variants selects; then
      reloads each the way a client does (RFC 8216bis 6.3.4): a target duration after the
      last load when it changed, half of it when not, and at once as an LL-HLS blocking
      request (_HLS_msn, _HLS_part) when the server offers CAN-BLOCK-RELOAD=YES. Prints one
      event per line (JSON Lines with --json, docs/schemas/live-event.schema.json): segments
      added, discontinuity, key change, ad break started, ended or cancelled, ended, and
      problems by rule (docs/live.md). Stops after --duration, after --reloads reloads of
      every variant, or when every variant has EXT-X-ENDLIST. Exit status 1 when a problem
      was seen or a reload failed, 0 otherwise. A one-line status goes to standard error when
      it is a terminal.
      """,
    options: [
      .option("--duration", "SECONDS", "stop after SECONDS (default: until EXT-X-ENDLIST)"),
      .option("--reloads", "N", "stop after N reloads of every variant"),
      .flag("--json", "print JSON Lines"),
      .option("--variants", "WHICH", "all (default), lowest or highest bandwidth"),
      .option("--tolerance", "SECONDS", "slack for ad timing across variants (default 0.5)"),
    ]
  ) { arguments, io in
    do throws(UsageError) {
      let settings = try WatchSettings(arguments)
      var watch = Watch(settings: settings, io: io, clock: clock, status: status)
      return watch.run()
    } catch {
      return PlaylistInput.usageError(error.message, code: error.code, command: "watch", io: io)
    }
  }
}

/// What the arguments of `watch` ask for.
struct WatchSettings {
  enum Selection: String { case all, lowest, highest }

  var url: String
  var duration: ExactDecimal?
  var reloads: Int?
  var json: Bool
  var selection: Selection
  var options = LiveOptions()

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.count == 1, let url = arguments.positionals.first else {
      throw UsageError("expected one URL, got \(arguments.positionals.count) operands")
    }
    guard HTTPClient.isURL(url) else {
      throw UsageError(
        "watch reloads a live playlist: URL must be http:// or https://, got '\(url)'")
    }
    self.url = url
    if let text = arguments.value("--duration") {
      guard let duration = ExactDecimal(text), duration > .zero else {
        throw UsageError("--duration must be a positive number of seconds, got '\(text)'")
      }
      self.duration = duration
    }
    if let reloads = try arguments.integer("--reloads") {
      guard reloads >= 0 else { throw UsageError("--reloads must be 0 or more, got \(reloads)") }
      self.reloads = reloads
    }
    json = arguments.flag("--json")
    let which = arguments.value("--variants") ?? "all"
    guard let selection = Selection(rawValue: which) else {
      throw UsageError("--variants must be all, lowest or highest, got '\(which)'")
    }
    self.selection = selection
    if let text = arguments.value("--tolerance") {
      guard let tolerance = ExactDecimal(text), !tolerance.isNegative else {
        throw UsageError("--tolerance must be a non-negative number of seconds, got '\(text)'")
      }
      options.tolerance = tolerance
    }
  }
}

/// The one-line status of a watch on a terminal's standard error.
enum WatchStatusLine {
  /// Writes `\r`, the line and erase-to-end to standard error when it is a terminal.
  static let terminal: (@Sendable (String) -> Void)? = isatty(2) == 1 ? write : nil

  @Sendable static func write(_ line: String) {
    let bytes = Array(("\r" + line + "\u{1B}[K").utf8)
    _ = bytes.withUnsafeBufferPointer { writeBytes(2, $0.baseAddress, $0.count) }
  }
}

/// One run of `watch`: the variants, their schedule and the tracker.
struct Watch {
  let settings: WatchSettings
  let io: ToolIO
  let clock: any WatchClock
  let status: (@Sendable (String) -> Void)?
  var tracker: LiveReloadTracker
  /// The variants in the order listed, with their next reload (nil: done) and reload count.
  var variants: [(uri: String, next: LiveReload?, reloads: Int)] = []
  var problems = 0
  var events = 0
  var failed = false
  /// The last target duration of each variant, for retries.
  var targetDurations: [String: Int] = [:]

  init(
    settings: WatchSettings, io: ToolIO, clock: any WatchClock,
    status: (@Sendable (String) -> Void)?
  ) {
    self.settings = settings
    self.io = io
    self.clock = clock
    self.status = status
    tracker = LiveReloadTracker(options: settings.options)
  }

  mutating func run() -> Int32 {
    let start = clock.now()
    let deadline = settings.duration.map { start.adding(seconds: $0) }
    let document: InputDocument
    do {
      document = try io.fetch(settings.url)
    } catch {
      io.errorLine(error.description)
      return ExitStatus.failure
    }
    let fetchedAt = clock.now()
    let playlist: Playlist
    do {
      var options = ParseOptions(url: document.location)
      options.limits = io.limits
      playlist = try Playlist.parse(document.bytes, options: options)
    } catch {
      io.report(error, file: document.name)
      return ExitStatus.failure
    }
    switch playlist {
    case .media(let media):
      variants = [(settings.url, nil, 0)]
      take(
        LiveSnapshot(
          variant: settings.url, playlist: media, fetchedAt: fetchedAt, requestedAt: start),
        index: 0, after: nil)
    case .multivariant(let multivariant):
      let uris = select(multivariant.variants).map {
        URIResolver.resolve($0.uri, against: document.location)
      }
      guard !uris.isEmpty else {
        io.errorLine(
          "\(document.name):1:1: error: the multivariant playlist lists no variant "
            + "[\(ToolDiagnosticCode.variantsNoMatch.rawValue)]")
        return ExitStatus.failure
      }
      var seen = Set<String>()
      for uri in uris where seen.insert(uri).inserted {
        variants.append(
          (
            uri, LiveReload(variant: uri, at: fetchedAt, url: uri, mediaSequence: nil, part: nil),
            -1
          ))
      }
    }
    while let index = nextIndex(), let reload = variants[index].next {
      if let deadline, deadline < reload.at {
        clock.sleep(until: deadline)
        emit(tracker.check(at: deadline))
        break
      }
      clock.sleep(until: reload.at)
      let requestedAt = clock.now()
      emit(tracker.check(at: requestedAt))
      load(reload, index: index, requestedAt: requestedAt)
      showStatus()
    }
    status?("")
    io.flush()
    return problems > 0 || failed ? ExitStatus.checkFailed : ExitStatus.success
  }

  /// The variant reloaded next: the earliest, the first listed on a tie.
  func nextIndex() -> Int? {
    var best: Int?
    for (index, variant) in variants.enumerated() {
      guard let next = variant.next else { continue }
      if let b = best, let current = variants[b].next, !(next.at < current.at) { continue }
      best = index
    }
    return best
  }

  /// The variants `--variants` selects, by BANDWIDTH.
  func select(_ all: [VariantStream]) -> [VariantStream] {
    switch settings.selection {
    case .all: all
    case .lowest: all.min { $0.bandwidth < $1.bandwidth }.map { [$0] } ?? []
    case .highest: all.max { $0.bandwidth < $1.bandwidth }.map { [$0] } ?? []
    }
  }

  /// Fetches `reload` and hands it to the tracker; a failure is reported and retried after
  /// half a target duration.
  mutating func load(_ reload: LiveReload, index: Int, requestedAt: DateTime) {
    let uri = variants[index].uri
    do {
      let document = try io.fetch(reload.url)
      let fetchedAt = clock.now()
      var options = ParseOptions(url: document.location)
      options.limits = io.limits
      let parsed = try Playlist.parse(document.bytes, options: options)
      guard case .media(let media) = parsed else {
        io.errorLine(
          "\(document.name):1:1: error: a media playlist is needed, this is a multivariant "
            + "playlist [\(ToolDiagnosticCode.multivariant.rawValue)]")
        return retry(index, after: requestedAt)
      }
      take(
        LiveSnapshot(
          variant: uri, playlist: media, fetchedAt: fetchedAt, requestedAt: requestedAt,
          blocking: reload.mediaSequence != nil),
        index: index, after: reload)
    } catch let error as InputReadError {
      io.errorLine(error.description)
      retry(index, after: requestedAt)
    } catch let error as ParseError {
      io.report(error, file: reload.url)
      retry(index, after: requestedAt)
    } catch {
      retry(index, after: requestedAt)
    }
  }

  /// Gives `snapshot` to the tracker, prints its events and schedules the variant's next
  /// reload (none after `--reloads` reloads or EXT-X-ENDLIST). A blocking reload answered
  /// without the segment or part it asked for is repeated a part target (half a target
  /// duration) later, not at once, so a server that does not hold requests is not flooded.
  mutating func take(_ snapshot: LiveSnapshot, index: Int, after previous: LiveReload?) {
    emit(tracker.ingest(snapshot))
    targetDurations[snapshot.variant] = snapshot.playlist.targetDuration
    variants[index].reloads += 1
    if let limit = settings.reloads, variants[index].reloads >= limit {
      variants[index].next = nil
      return
    }
    guard var next = tracker.nextReload(of: variants[index].uri) else {
      variants[index].next = nil
      return
    }
    if let previous, previous.mediaSequence != nil, next.mediaSequence == previous.mediaSequence,
      next.part == previous.part
    {
      let wait =
        snapshot.playlist.partInformation?.partTarget
        ?? ExactDecimal(significand: Int64(snapshot.playlist.targetDuration ?? 1) * 5, scale: 1)
      let earliest = (snapshot.requestedAt ?? snapshot.fetchedAt).adding(seconds: wait)
      if next.at < earliest { next.at = earliest }
    }
    variants[index].next = next
  }

  /// Marks the run failed and tries the variant again, as a plain reload, half its target
  /// duration (1 s before its first load) after `time`.
  mutating func retry(_ index: Int, after time: DateTime) {
    failed = true
    let uri = variants[index].uri
    let target = targetDurations[uri] ?? 2
    let wait = ExactDecimal(significand: Int64(target) * 5, scale: 1)
    variants[index].next = LiveReload(
      variant: uri, at: time.adding(seconds: wait), url: uri, mediaSequence: nil, part: nil)
  }

  mutating func emit(_ batch: [LiveEvent]) {
    for event in batch {
      events += 1
      if event.isProblem { problems += 1 }
      if settings.json { io.writeJSONLine(event.jsonValue) } else { io.writeLine(event.text) }
    }
    if !batch.isEmpty { io.flush() }
  }

  func showStatus() {
    guard let status else { return }
    let reloads = variants.reduce(0) { $0 + max($1.reloads, 0) }
    status(
      "watch: \(variants.count) variant(s), \(reloads) reloads, \(events) events, "
        + "\(problems) problems")
  }
}

#if canImport(Glibc)
  private let writeBytes = Glibc.write
#elseif canImport(Darwin)
  private let writeBytes = Darwin.write
#endif
