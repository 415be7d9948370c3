import HLS
import ManifestCore
import Stitching
import ToolSupport
import VAST

/// The ad decision of `m3u8-tool stitch`: `--plan PLAN.json`, `--vast FILE...` (the response,
/// then its wrapper targets) or `--vmap FILE` (its `AdTagURI`s naming files given with
/// `--vast` or beside it), as a plan and what its ad paths are relative to
/// (docs/stitching.md, "From VAST and VMAP").
enum StitchDecision {
  /// The plan and its location, or the exit status after reporting why there is none.
  static func read(_ arguments: ParsedArguments, content: String, io: ToolIO) -> Result<
    (plan: StitchPlan, location: String?), ExitCode
  > {
    let planPath = arguments.value("--plan")
    let vastPaths = arguments.values["--vast"] ?? []
    let vmapPath = arguments.value("--vmap")
    let given = [planPath != nil, !vastPaths.isEmpty && vmapPath == nil, vmapPath != nil]
    let count = given.filter { $0 }.count
    guard count == 1 else {
      // None: the message the plan-only command gave (--help lists --vast and --vmap).
      let message =
        count == 0
        ? "--plan PLAN.json is required"
        : "give one of --plan PLAN.json, --vast FILE... or --vmap FILE (--vast with --vmap: "
          + "the files its AdTagURIs name)"
      return .failure(
        ExitCode(PlaylistInput.usageError(message, command: "stitch", io: io)))
    }
    if let planPath {
      let document: InputDocument
      do {
        document = try io.readNamedFile(planPath)
      } catch {
        io.errorLine("\(error)")
        return .failure(ExitCode(ExitStatus.failure))
      }
      let (plan, diagnostics) = StitchPlan.parse(document.bytes, file: planPath)
      for diagnostic in diagnostics { io.errorLine(diagnostic.description) }
      guard let plan else { return .failure(ExitCode(ExitStatus.failure)) }
      return .success((plan, planPath))
    }
    // VAST gives ads and VMAP times relative to the content: its first media playlist.
    guard let media = contentMedia(content, io: io) else {
      return .failure(ExitCode(ExitStatus.failure))
    }
    let mapped: (plan: StitchPlan, diagnostics: [StitchDiagnostic])
    do throws(VASTFileError) {
      if let vmapPath {
        let vmap = try source(vmapPath, io: io)
        var targets = VASTTargets(paths: vastPaths, beside: vmapPath)
        let schedule = try VASTAdDecision.schedule(reading: vmap, limits: io.limits) {
          (uri: String) throws(VASTFileError) -> VASTSource? in
          guard let path = targets.path(for: uri, io: io) else { return nil }
          return try source(path, io: io)
        }
        for diagnostic in schedule.diagnostics { io.errorLine(diagnostic.rendered) }
        guard !schedule.hasErrors else { return .failure(ExitCode(ExitStatus.failure)) }
        mapped = StitchPlan.from(schedule: schedule, content: media)
      } else {
        var sources: [VASTSource] = []
        for path in vastPaths { sources.append(try source(path, io: io)) }
        let pod = try VASTAdDecision.pod(reading: sources, limits: io.limits)
        for diagnostic in pod.diagnostics { io.errorLine(diagnostic.rendered) }
        guard !pod.hasErrors else { return .failure(ExitCode(ExitStatus.failure)) }
        mapped = StitchPlan.from(pod: pod, content: media)
      }
    } catch {
      io.errorLine(error.rendered)
      return .failure(ExitCode(ExitStatus.failure))
    }
    for diagnostic in mapped.diagnostics { io.errorLine(diagnostic.description) }
    guard !mapped.diagnostics.contains(where: { $0.severity == .error }) else {
      return .failure(ExitCode(ExitStatus.failure))
    }
    // The ad paths are already resolved against the VAST files that name them.
    return .success((mapped.plan, nil))
  }

  /// A VAST or VMAP file's bytes (within `--max-input-bytes`).
  static func source(_ path: String, io: ToolIO) throws(VASTFileError) -> VASTSource {
    do {
      return VASTSource(name: path, bytes: try io.readNamedFile(path).bytes)
    } catch {
      throw VASTFileError(
        file: path,
        error: ParseError(
          code: error.code ?? ToolDiagnosticCode.ioRead.rawValue,
          message: "cannot read: \(error.reason)"))
    }
  }

  /// The content's media playlist, or its first variant's (read relative to it), reported
  /// when it cannot be read.
  static func contentMedia(_ content: String, io: ToolIO) -> MediaPlaylist? {
    guard let loaded = PlaylistInput.load(content, io: io, quiet: true) else { return nil }
    switch loaded.playlist {
    case .media(let media): return media
    case .multivariant(let multivariant):
      guard let first = multivariant.variants.first else {
        io.errorLine(
          "\(content):1:1: error: the multivariant playlist has no variant to time the VMAP "
            + "breaks by [\(ToolDiagnosticCode.multivariant.rawValue)]")
        return nil
      }
      return PlaylistInput.loadMedia(URIResolver.resolve(first.uri, against: content), io: io)?.1
    }
  }
}

/// An exit status carried as an error.
struct ExitCode: Error {
  let status: Int32
  init(_ status: Int32) { self.status = status }
}

/// The files a VMAP's `AdTagURI`s (and the wrappers' `VASTAdTagURI`s) are found in: the
/// `--vast` file with the URI's last path segment, else the file of that name in the VMAP
/// file's directory, else the next `--vast` file not used yet, in the order given.
struct VASTTargets {
  let paths: [String]
  let directory: String
  var used: Set<Int> = []

  init(paths: [String], beside vmapPath: String) {
    self.paths = paths
    directory = vmapPath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .map { $0 + "/" }.joined()
  }

  mutating func path(for uri: String, io: ToolIO) -> String? {
    let segment = Self.lastSegment(uri)
    if !segment.isEmpty, segment != ".", segment != ".." {
      if let k = paths.indices.first(where: { Self.lastSegment(paths[$0]) == segment }) {
        used.insert(k)
        return paths[k]
      }
      if io.namedFileExists(directory + segment) { return directory + segment }
    }
    guard let k = paths.indices.first(where: { !used.contains($0) }) else { return nil }
    used.insert(k)
    return paths[k]
  }

  /// The last path segment of a URI or path, query and fragment removed.
  static func lastSegment(_ uri: String) -> String {
    let path = URIResolver.Components(Substring(uri)).path
    return path.split(separator: "/").last.map(String.init) ?? ""
  }
}
