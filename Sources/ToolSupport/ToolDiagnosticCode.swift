import ManifestCore

/// The stable codes of what the tools report themselves, apart from the libraries'
/// diagnostics: inputs that cannot be read (`io.`), usage errors and the results of a
/// command's own checks (`cli.`). docs/diagnostic-codes.md is generated from `catalog`.
package enum ToolDiagnosticCode: String, Sendable, Hashable, CaseIterable {
  case ioRead = "io.read"
  case unknownCommand = "cli.command.unknown"
  case option = "cli.option"
  case usage = "cli.usage"
  case formatNotCanonical = "cli.format.not-canonical"
  case variantsMediaPlaylist = "cli.variants.media-playlist"
  case variantsNoMatch = "cli.variants.no-match"
  case variantsNoneFits = "cli.variants.none-fits"
  case multivariant = "cli.input.multivariant"
  case mergeDeltaFailed = "cli.merge-delta.failed"
  case nextRequestNote = "cli.next-request.note"
  case locateOutsidePlaylist = "cli.locate.outside-playlist"
  case tracksNoMatch = "cli.tracks.no-match"
  case shiftOutOfRange = "cli.shift.out-of-range"
  case shiftDropped = "cli.shift.dropped"
  case shiftClipped = "cli.shift.clipped"
  case convertImagesSkipped = "cli.convert.images-skipped"
  case lookupNotFound = "cli.lookup.not-found"
  case generateWarning = "cli.generate.warning"
  case adsMPDNotPlayable = "cli.ads.mpd-not-playable"
  case localizeNotWritten = "cli.localize.not-written"
  case localizeMissing = "cli.localize.missing"
  case packageConflict = "cli.package.conflict"
  case packageNotWritten = "cli.package.not-written"
  case packageCuesAfterEnd = "cli.package.cues-after-end"

  /// The severities the code is reported at and what it means.
  package var info: DiagnosticCodeInfo {
    let (severities, summary) = Self.describe(self)
    return DiagnosticCodeInfo(rawValue, severities, summary)
  }

  /// Every code of the tools.
  package static var catalog: [DiagnosticCodeInfo] { allCases.map(\.info) }

  private static func describe(_ code: Self) -> ([Severity], String) {
    switch code {
    case .ioRead: ([.error], "A file or standard input cannot be read (the system's reason).")
    case .unknownCommand: ([.error], "The tool has no command of that name.")
    case .option:
      (
        [.error],
        "What option scanning refuses: an unknown or repeated option, a missing value, "
          + "a value that is not a number, a malformed --limit."
      )
    case .usage:
      (
        [.error],
        "What a command refuses after option scanning: a value outside what it takes, "
          + "operands, combinations of options."
      )
    case .formatNotCanonical: ([.error], "m3u8-tool format --check: not in canonical form.")
    case .variantsMediaPlaylist: ([.error], "m3u8-tool variants on a media playlist.")
    case .variantsNoMatch: ([.error], "m3u8-tool variants/urls: the filters match no variant.")
    case .variantsNoneFits:
      ([.error, .warning], "m3u8-tool variants: no variant fits the caps (error with --strict).")
    case .multivariant:
      ([.error], "A command that needs a media playlist is given a multivariant playlist.")
    case .mergeDeltaFailed:
      ([.error], "m3u8-tool merge-delta: the delta update does not apply to the playlist.")
    case .nextRequestNote: ([.warning], "m3u8-tool next-request: what the request cannot ask.")
    case .locateOutsidePlaylist:
      ([.error], "m3u8-tool locate: no segment holds the time or date asked for.")
    case .tracksNoMatch: ([.error], "m3u8-tool tracks: --language matches no track.")
    case .shiftOutOfRange:
      ([.error], "subtitle-tool shift: cues would move past the largest time a subtitle holds.")
    case .shiftDropped: ([.warning], "subtitle-tool shift: cues moved before 0 and dropped.")
    case .shiftClipped: ([.warning], "subtitle-tool shift: cues moved partly before 0 start at 0.")
    case .convertImagesSkipped:
      ([.warning], "subtitle-tool convert/package: image cues the target format cannot hold.")
    case .lookupNotFound: ([.error], "thumbnail-tool lookup: no thumbnail at that time.")
    case .generateWarning: ([.warning], "thumbnail-tool generate: the grid cannot be kept.")
    case .localizeNotWritten:
      ([.error], "m3u8-tool localize: a playlist could not be read or written; nothing written.")
    case .localizeMissing:
      ([.warning], "m3u8-tool localize: files the playlists point at are not under --root.")
    case .packageConflict:
      ([.error], "subtitle-tool package: the --master group cannot take the rendition.")
    case .packageNotWritten:
      ([.error], "subtitle-tool package: the files could not be written; nothing written.")
    case .packageCuesAfterEnd:
      ([.warning], "subtitle-tool package: cues starting at or after --duration are left out.")
    case .adsMPDNotPlayable:
      (
        [.warning],
        "m3u8-tool ads --format mpd: the media are not fMP4/CMAF (MPEG-TS), which DASH players "
          + "cannot play; the MPD has Periods only."
      )
    }
  }
}
