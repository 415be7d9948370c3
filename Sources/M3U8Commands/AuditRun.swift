import Audit
import HLS
import ManifestCore
import ToolSupport

/// The options of `m3u8-tool audit`, checked.
struct AuditSettings {
  var selection: RuleSelection
  var profile: AuditProfile
  var options: AuditOptions
  var format: String
  var failOn: Severity
  var follow: Bool
  /// `--url` and `--import`, for EXT-X-DEFINE QUERYPARAM and IMPORT.
  var parseOptions: ParseOptions
  /// `--jobs`: how many FILEs are audited at once.
  var jobs: Int
  /// With `--live`: the stream to follow and how long.
  var live: WatchSettings?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    selection = RuleSelection(
      rules: arguments.values["--rules"] ?? [], disable: arguments.values["--disable"] ?? [])
    let unknown = selection.unknownNames(in: Audit.rules)
    if !unknown.isEmpty {
      throw UsageError(
        "unknown rule or family '\(unknown[0])' (families: "
          + RuleFamily.allCases.map(\.rawValue).joined(separator: ", ")
          + "; see --list-rules)")
    }
    let profileName = arguments.value("--profile") ?? "standard"
    guard let profile = AuditProfile.named(profileName) else {
      throw UsageError(
        "unknown profile '\(profileName)' (profiles: "
          + AuditProfile.all.map(\.name).joined(separator: ", ") + ")")
    }
    self.profile = profile
    format = arguments.value("--format") ?? "text"
    guard ["text", "json", "junit", "github", "sarif", "html"].contains(format) else {
      throw UsageError(
        "--format must be text, json, junit, github, sarif or html, got '\(format)'")
    }
    let failOnText = arguments.value("--fail-on") ?? "error"
    guard let failOn = Severity(rawValue: failOnText) else {
      throw UsageError("--fail-on must be error, warning or info, got '\(failOnText)'")
    }
    self.failOn = failOn
    options = AuditOptions()
    if let text = arguments.value("--tolerance") {
      guard let tolerance = ExactDecimal(text), !tolerance.isNegative else {
        throw UsageError("--tolerance must be a non-negative number of seconds, got '\(text)'")
      }
      options.tolerance = tolerance
    }
    if let text = arguments.value("--discontinuities") {
      guard let policy = AuditOptions.DiscontinuityPolicy(rawValue: text) else {
        throw UsageError("--discontinuities must be require or forbid, got '\(text)'")
      }
      options.discontinuities = policy
    }
    follow = arguments.flag("--follow")
    let (parseOptions, problem) = PlaylistInput.parseOptions(arguments)
    if let problem { throw UsageError(problem) }
    if parseOptions.url != nil, arguments.positionals.count > 1 {
      throw UsageError("--url names one playlist's URL; give it with a single FILE")
    }
    self.parseOptions = parseOptions
    jobs = try FileBatch.jobs(arguments)
    if arguments.flag("--live") {
      guard !follow else {
        throw UsageError("--live follows the media playlists itself; drop --follow")
      }
      var live = try WatchSettings(arguments, command: "audit --live")
      live.options.tolerance = options.tolerance
      self.live = live
    } else {
      for name in ["--duration", "--reloads", "--variants"] where arguments.value(name) != nil {
        throw UsageError("\(name) needs --live")
      }
    }
  }
}

/// Audits files one after the other, collecting a report entry for each (and for each media
/// playlist `--follow` reads).
struct AuditRun {
  let settings: AuditSettings
  let io: ToolIO
  private(set) var entries: [AuditReport.Entry] = []
  /// True once a file could not be read or parsed (exit status 2).
  private(set) var failed = false
  /// The playlists read, a group per FILE (with `--follow`, the multivariant playlist and the
  /// media playlists it names), for the sarif and html formats; empty for the others.
  private(set) var groups: [[AuditedPlaylist]] = []

  init(settings: AuditSettings, io: ToolIO) {
    self.settings = settings
    self.io = io
  }

  /// Audits `paths`, `settings.jobs` of them at once (`FileBatch`): each FILE on a run of its
  /// own, their entries, playlists and messages gathered in the order given, as auditing them
  /// one after the other gives.
  static func batch(_ paths: [String], settings: AuditSettings, io: ToolIO) -> AuditRun {
    var run = AuditRun(settings: settings, io: io)
    FileBatch.run(
      paths, jobs: settings.jobs, io: io,
      body: { path, io in
        var one = AuditRun(settings: settings, io: io)
        one.audit(path)
        return one
      },
      emit: { one in
        run.entries += one.entries
        run.groups += one.groups
        run.failed = run.failed || one.failed
      })
    return run
  }

  /// Reads, parses and audits `path`; with `--follow`, also the playlists it names.
  mutating func audit(_ path: String) {
    guard let (name, playlist) = load(path) else { return }
    entries.append(entry(name, playlist))
    keep([AuditedPlaylist(name: name, playlist: playlist)])
    if settings.follow, case .multivariant(let multivariant) = playlist {
      follow(multivariant, from: name == "<stdin>" ? nil : name)
    }
  }

  private mutating func follow(_ multivariant: MultivariantPlaylist, from path: String?) {
    // The entries of this FILE: the multivariant playlist's, then those appended below.
    let firstEntry = entries.count - 1
    let loader = FilePlaylistLoader(io: io)
    let references = multivariant.mediaPlaylistReferences
    let locations = references.map { loader.location(of: $0.uri, relativeTo: path) }
    var follower = PlaylistFollower(loader: loader, limits: io.limits, expecting: locations)
    var followed: [FollowedPlaylist] = []
    var audited: [String: AuditReport.Entry] = [:]
    for (reference, location) in zip(references, locations) {
      let line = multivariant.source.lines[reference.line]
      let options = ParseOptions(url: location, importedVariables: multivariant.variables)
      let result = follower.playlist(
        at: location, options: options, uri: reference.uri, reference: line.location)
      switch result {
      case .success(let playlist):
        // A file named again (`big.m3u8?v=2`) has the findings it had, under the new name.
        let identity = loader.identity(of: location)
        if var earlier = audited[identity] {
          earlier.file = location
          entries.append(earlier)
        } else {
          entries.append(entry(location, playlist))
          if !playlist.readsItsURL { audited[identity] = entries[entries.count - 1] }
        }
        followed.append(FollowedPlaylist(uri: reference.uri, name: location, playlist: playlist))
        keep([AuditedPlaylist(name: location, playlist: playlist)], inLastGroup: true)
      case .failure(.unreadable(let error)):
        io.errorLine(
          "\(path ?? "<stdin>"):\(line.number):1: error: "
            + DiagnosticCodeInfo.tagged(
              error.description, error.code ?? ToolDiagnosticCode.ioRead.rawValue))
        entries.append(AuditReport.Entry(file: location, failure: error.description))
        failed = true
      case .failure(.invalid(let error)):
        io.report(error, file: location)
        entries.append(AuditReport.Entry(file: location, failure: error.message))
        failed = true
      case .failure(.limit(let error)):
        // Nothing more is followed: the playlists read so far are still audited.
        io.report(error, file: path ?? "<stdin>")
        entries.append(AuditReport.Entry(file: location, failure: error.message))
        failed = true
      }
      if case .failure(.limit) = result { break }
    }
    let findings = Audit.runAcrossVariants(
      multivariant, playlists: followed, rules: settings.selection, profile: settings.profile,
      options: settings.options)
    let variantRules = Audit.activeRules(
      for: .variants, rules: settings.selection, profile: settings.profile)
    // By name, once: a scan of every finding per entry is quadratic.
    let names = Set(followed.map(\.name))
    let findingsByFile = Dictionary(grouping: findings, by: \.file)
    for index in entries.indices[firstEntry...] where names.contains(entries[index].file) {
      entries[index].rules += variantRules
      entries[index].findings += (findingsByFile[entries[index].file] ?? []).map {
        var finding = $0
        finding.file = nil
        return finding
      }
    }
  }

  private mutating func keep(_ playlists: [AuditedPlaylist], inLastGroup: Bool = false) {
    guard ["sarif", "html"].contains(settings.format) else { return }
    if inLastGroup, !groups.isEmpty {
      groups[groups.count - 1] += playlists
    } else {
      groups.append(playlists)
    }
  }

  private func entry(_ name: String, _ playlist: Playlist) -> AuditReport.Entry {
    let findings = Audit.run(
      playlist, rules: settings.selection, profile: settings.profile, options: settings.options)
    let rules = Audit.activeRules(
      for: playlist.multivariant != nil ? .multivariant : .media, rules: settings.selection,
      profile: settings.profile)
    return AuditReport.Entry(file: name, rules: rules, findings: findings)
  }

  /// Reads and parses `path`; on failure reports it on standard error, records an entry with
  /// the failure, and returns `nil`.
  private mutating func load(_ path: String) -> (String, Playlist)? {
    let document: InputDocument
    do {
      document = try io.read(path)
    } catch {
      io.errorLine(error.description)
      entries.append(AuditReport.Entry(file: path, failure: "cannot read: \(error.reason)"))
      failed = true
      return nil
    }
    var options = settings.parseOptions
    options.limits = io.limits
    if options.url == nil, document.name != "<stdin>" { options.url = document.name }
    return parse(document, options).map { (document.name, $0) }
  }

  /// Parses `document`; on failure reports it like `load`.
  private mutating func parse(_ document: InputDocument, _ options: ParseOptions) -> Playlist? {
    do {
      return try Playlist.parse(document.bytes, options: options)
    } catch {
      io.report(error, file: document.name)
      entries.append(AuditReport.Entry(file: document.name, failure: error.message))
      failed = true
      return nil
    }
  }
}
