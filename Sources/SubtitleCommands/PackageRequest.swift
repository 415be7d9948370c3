import HLS
import ManifestCore
import Subtitles
import ToolSupport

/// What `subtitle-tool package` was asked for: the operands, the segmenting options and the
/// rendition to announce, checked before any input is read.
struct PackageRequest {
  /// The subtitle file (`-` for standard input).
  var input: String
  /// The directory the segments and playlist go to.
  var outputDirectory: String
  /// `--segment`: the segment duration, positive.
  var segment: SubtitleTime
  /// `--duration`: the presentation duration, if given.
  var duration: SubtitleTime?
  /// `--mpegts`: the PTS of cue time 0, if given.
  var mpegts: UInt64?
  /// `--master`: the multivariant playlist to check the rendition against.
  var master: String?
  /// The EXT-X-MEDIA tag to print.
  var rendition: Rendition
  /// The tag as written by the HLS writer (its line end included).
  var mediaLine: [UInt8]

  init(_ arguments: ParsedArguments) throws(UsageError) {
    guard arguments.positionals.count == 2 else {
      throw UsageError("expected INPUT and OUTDIR, got \(arguments.positionals.count) operands")
    }
    input = arguments.positionals[0]
    outputDirectory = arguments.positionals[1]
    guard !outputDirectory.isEmpty else { throw UsageError("OUTDIR is empty") }
    segment = try Self.seconds(arguments, "--segment", required: true) ?? .zero
    duration = try Self.seconds(arguments, "--duration", required: false)
    if let text = arguments.value("--mpegts") {
      guard let value = UInt64(text), value < 1 << 33 else {
        throw UsageError(
          "option '--mpegts' needs a 33-bit MPEG-2 timestamp (0 to 8589934591), got '\(text)'")
      }
      mpegts = value
    }
    master = arguments.value("--master")
    guard let language = arguments.value("--language") else {
      throw UsageError("missing --language LANG")
    }
    guard LanguageTag.isWellFormed(language) else {
      throw UsageError(
        "option '--language' needs a BCP 47 language tag such as en or pt-BR, got '\(language)'")
    }
    guard let name = arguments.value("--name") else { throw UsageError("missing --name NAME") }
    let trimmed =
      outputDirectory.hasSuffix("/") ? String(outputDirectory.dropLast()) : outputDirectory
    // The Apple HLS authoring rules want AUTOSELECT=YES on subtitle renditions a viewer's
    // language settings may pick.
    rendition = Rendition(
      type: "SUBTITLES", groupID: arguments.value("--group") ?? "subs", name: name,
      language: language, isDefault: arguments.flag("--default"), autoselect: true,
      forced: arguments.flag("--forced"),
      uri: arguments.value("--uri") ?? trimmed + "/" + PackageCommand.playlistName)
    var writer = PlaylistWriter()
    do throws(PlaylistWriteError) {
      try writer.write(rendition)
    } catch {
      throw UsageError("the EXT-X-MEDIA tag cannot be written: \(error.description)")
    }
    mediaLine = writer.bytes
  }

  /// The positive exact number of seconds option `name` gives, or `nil` when it is absent and
  /// not `required`.
  private static func seconds(_ arguments: ParsedArguments, _ name: String, required: Bool)
    throws(UsageError) -> SubtitleTime?
  {
    guard let text = arguments.value(name) else {
      if required { throw UsageError("missing \(name) SECONDS") }
      return nil
    }
    guard let value = ExactDecimal(text), value > .zero, value <= ExactDecimal(86_400 * 366) else {
      throw UsageError(
        "option '\(name)' needs a positive number of seconds (at most a year), got '\(text)'")
    }
    return SubtitleTime(value)
  }
}
