import AdInsertion
import DASH
import HLS
import ManifestCore
import ToolSupport

/// `m3u8-tool ads --format mpd`: the MPD of a media playlist, or with `--follow` of a
/// multivariant playlist and the media playlists it names (read relative to it). The breaks
/// come from the (first) media playlist; fMP4/CMAF media fill every Period with their
/// segments (`HLSMPDWriter`), other media give the Periods alone and a warning.
enum AdsMPD {
  static func write(
    _ loaded: PlaylistInput.Loaded, follow: Bool, detecting detections: Set<AdTimeline.Detection>,
    writer: DASHPeriodWriter, io: ToolIO
  ) -> Int32 {
    let name = loaded.document.name
    let base = name == "<stdin>" ? "playlist.m3u8" : lastComponent(name)
    let media: MediaPlaylist
    let tracks: HLSMPDWriter
    switch loaded.playlist {
    case .media(let playlist):
      media = playlist
      tracks = HLSMPDWriter(media: playlist, uri: base)
    case .multivariant(let multivariant):
      guard follow else {
        io.report(
          ParseError(
            code: ToolDiagnosticCode.multivariant.rawValue,
            message:
              "ads needs a media playlist; this is a multivariant playlist (--follow reads the "
              + "media playlists it names)"),
          file: name)
        return ExitStatus.failure
      }
      guard
        let (playlists, answered) = followed(
          multivariant, from: name == "<stdin>" ? nil : name, io: io)
      else { return ExitStatus.failure }
      var ladder = HLSMPDWriter(multivariant: multivariant, uri: base, playlists: playlists)
      // A media playlist that redirected: its segments are relative to the URL that answered.
      for (reference, url) in answered {
        let written = URIResolver.resolve(reference, against: base)
        for index in ladder.tracks.indices where ladder.tracks[index].uri == written {
          ladder.tracks[index].uri = url
        }
      }
      tracks = ladder
      guard let first = tracks.tracks.first?.playlist else {
        io.report(
          ParseError(
            code: ToolDiagnosticCode.usage.rawValue,
            message: "the multivariant playlist names no media playlist"),
          file: name)
        return ExitStatus.failure
      }
      media = first
    }
    let timeline = AdTimeline(media, detecting: detections)
    for issue in timeline.issues where issue.severity >= .warning {
      io.report(issue.diagnostic, file: name)
    }
    guard tracks.isSegmentedMP4 else {
      io.report(
        Diagnostic(
          .warning,
          "the media are not fMP4/CMAF (no EXT-X-MAP on every segment): DASH players cannot "
            + "play MPEG-TS, so the MPD has the Periods only",
          code: ToolDiagnosticCode.adsMPDNotPlayable.rawValue, at: .start),
        file: name)
      io.write(writer.mpd(timeline))
      return ExitStatus.success
    }
    io.write(writer.presentation(timeline, media: tracks).xml + "\n")
    return ExitStatus.success
  }

  /// The media playlists `multivariant` names, by URI as written, and the URL that answered
  /// for each whose request was redirected; `nil` after reporting one that cannot be read or
  /// parsed.
  private static func followed(
    _ multivariant: MultivariantPlaylist, from path: String?, io: ToolIO
  ) -> ([String: MediaPlaylist], answered: [String: String])? {
    let loader = FilePlaylistLoader(io: io)
    let references = multivariant.mediaPlaylistReferences
    let locations = references.map { loader.location(of: $0.uri, relativeTo: path) }
    var follower = PlaylistFollower(loader: loader, limits: io.limits, expecting: locations)
    var playlists: [String: MediaPlaylist] = [:]
    var answered: [String: String] = [:]
    for (reference, location) in zip(references, locations) {
      let line = multivariant.source.lines[reference.line]
      let options = ParseOptions(url: location, importedVariables: multivariant.variables)
      let file = path ?? "<stdin>"
      switch follower.playlist(
        at: location, options: options, uri: reference.uri, reference: line.location)
      {
      case .success(.media(let media)):
        playlists[reference.uri] = media
        let url = loader.base(of: location)
        if url != location { answered[reference.uri] = url }
      case .success(.multivariant):
        io.errorLine(
          "\(file):\(line.number):1: error: "
            + DiagnosticCodeInfo.tagged(
              "\(location) is a multivariant playlist, not a media playlist",
              ToolDiagnosticCode.multivariant.rawValue))
        return nil
      case .failure(.unreadable(let error)):
        io.errorLine(
          "\(file):\(line.number):1: error: "
            + DiagnosticCodeInfo.tagged(
              error.description, error.code ?? ToolDiagnosticCode.ioRead.rawValue))
        return nil
      case .failure(.invalid(let error)):
        io.report(error, file: location)
        return nil
      case .failure(.limit(let error)):
        io.report(error, file: file)
        return nil
      }
    }
    return (playlists, answered)
  }

  private static func lastComponent(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
  }
}
