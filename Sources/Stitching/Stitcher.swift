import AdInsertion
import HLS
import ManifestCore

/// Splices a plan's ad pods into a content playlist (docs/stitching.md), with no I/O: every
/// playlist comes through a `PlaylistLoader`, and the result is the output playlists' bytes.
///
/// ```swift
/// let (plan, _) = StitchPlan.parse(planBytes, file: "plan.json")
/// let stitcher = Stitcher(plan: plan!, options: StitchOptions(markers: .cueOut))
/// let result = stitcher.stitch(content: "vod/index.m3u8", planLocation: "plan.json",
///                              loader: loader)
/// // result.playlists[0].bytes: the stitched media playlist
/// ```
public struct Stitcher: Sendable {
  /// The ad decision.
  public var plan: StitchPlan
  /// Markers, slate, `--at-markers`, `--base`.
  public var options: StitchOptions

  /// Creates a stitcher.
  public init(plan: StitchPlan, options: StitchOptions = StitchOptions()) {
    self.plan = plan
    self.options = options
  }

  /// Stitches the playlist at `content`. `output` is where the output media playlist will be
  /// (for a multivariant content: the output directory, which is required)
  /// (its URIs are named from there; `nil`: beside the content); `planLocation` is what the
  /// plan's ad paths are relative to. A media playlist gives one output playlist named as
  /// `output`; on any error, none.
  public func stitch(
    content: String, output: String? = nil, planLocation: String? = nil,
    loader: some PlaylistLoader
  ) -> StitchResult {
    var reader = PlaylistReader(loader: loader)
    guard let loaded = reader.read(content, relativeTo: nil, role: "the content") else {
      return StitchResult(playlists: [], diagnostics: reader.diagnostics)
    }
    guard let media = loaded.playlist.media else {
      guard let multivariant = loaded.playlist.multivariant, let output else {
        return StitchResult(
          playlists: [],
          diagnostics: [
            StitchDiagnostic(
              .error, "a multivariant content playlist needs an output directory",
              code: .outputDirectoryNeeded, file: loaded.name)
          ])
      }
      return stitch(
        multivariant, at: loaded, outputDirectory: output, planLocation: planLocation,
        reader: reader)
    }
    let rebaser = URIRebaser(output: output ?? loaded.location, base: options.base)
    var session = StitchSession(
      plan: plan, options: options, planLocation: planLocation, reader: reader)
    let bytes = session.stitch(
      media, at: loaded, rebaser: rebaser, role: .main(nil), reports: true)
    guard let bytes, !session.failed else {
      return StitchResult(playlists: [], diagnostics: session.diagnostics)
    }
    return StitchResult(
      playlists: [StitchedPlaylist(name: output ?? loaded.location, bytes: bytes)],
      diagnostics: session.diagnostics)
  }

  /// Stitches every media playlist a multivariant playlist names (variants, then audio,
  /// subtitle and I-frame renditions), each written under the same relative name in
  /// `outputDirectory`, plus the multivariant playlist itself.
  private func stitch(
    _ multivariant: MultivariantPlaylist, at loaded: LoadedPlaylist, outputDirectory: String,
    planLocation: String?, reader: PlaylistReader
  ) -> StitchResult {
    var jobs: [(uri: String, role: RenditionRole)] = []
    for variant in multivariant.variants { jobs.append((variant.uri, .main(variant))) }
    for rendition in multivariant.renditions {
      guard let uri = rendition.uri else { continue }
      switch rendition.type {
      case "AUDIO": jobs.append((uri, .audio))
      case "SUBTITLES": jobs.append((uri, .subtitles))
      case "VIDEO":
        jobs.append((uri, .main(multivariant.variants.first { $0.video == rendition.groupID })))
      default: continue
      }
    }
    for variant in multivariant.iFrameVariants { jobs.append((variant.uri, .iFrame(variant))) }
    var session = StitchSession(
      plan: plan, options: options, planLocation: planLocation, reader: reader)
    var playlists = [
      StitchedPlaylist(name: Self.fileName(loaded.location), bytes: loaded.playlist.bytes)
    ]
    var done = Set<String>()
    for (n, job) in jobs.enumerated() where done.insert(job.uri).inserted {
      guard !URIResolver.hasScheme(job.uri), !job.uri.hasPrefix("/"),
        !job.uri.split(separator: "/").contains("..")
      else {
        session.diagnostics.append(
          StitchDiagnostic(
            .error, "\(job.uri) is not a relative name inside the output directory",
            code: .outputOutside, file: loaded.name))
        continue
      }
      guard let read = session.reader.read(job.uri, relativeTo: loaded.location, role: job.uri)
      else {
        session.diagnostics += session.reader.diagnostics
        session.reader.diagnostics = []
        continue
      }
      guard let media = read.playlist.media else { continue }
      let name = String(URIResolver.Components(Substring(job.uri)).path)
      let output = URIResolver.resolve(name, against: Self.directoryPath(outputDirectory))
      let rebaser = URIRebaser(output: output, base: options.base)
      if let bytes = session.stitch(
        media, at: read, rebaser: rebaser, role: job.role, reports: n == 0)
      {
        playlists.append(StitchedPlaylist(name: name, bytes: bytes))
      }
      session.reader.forget(read.location)
    }
    guard !session.failed else {
      return StitchResult(playlists: [], diagnostics: session.diagnostics)
    }
    return StitchResult(playlists: playlists, diagnostics: session.diagnostics)
  }

  /// The last path component of a location.
  static func fileName(_ location: String) -> String {
    let path = URIResolver.Components(Substring(location)).path
    return path.split(separator: "/").last.map(String.init) ?? String(path)
  }

  /// A directory path ending in `/`.
  static func directoryPath(_ directory: String) -> String {
    directory.hasSuffix("/") ? directory : directory + "/"
  }
}
