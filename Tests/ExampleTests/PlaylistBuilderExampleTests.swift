import HLS
import M3U8Commands
import ManifestCore
import Testing
import ToolSupport

@testable import playlist_builder_example

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct PlaylistBuilderExampleTests {
  static let names = [
    "master.m3u8", "video-1080p.m3u8", "video-720p.m3u8", "video-540p.m3u8", "audio-en.m3u8",
    "audio-fr.m3u8", "subtitles-en.m3u8",
  ]

  /// Writes the example's files into a new scratch directory and returns its path.
  func writeScratch() throws -> String {
    var template = Array("/tmp/playlist-builder-example-XXXXXX".utf8CString)
    let made = mkdtemp(&template)
    try #require(made != nil)
    let base =
      String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/out"
    try DirectoryOutput.save(try PlaylistBuilderExample.files(), to: base)
    return base
  }

  /// Removes what `writeScratch` made.
  func removeScratch(_ base: String) {
    for name in Self.names { unlink(base + "/" + name) }
    rmdir(base)
    rmdir(String(base.dropLast("/out".count)))
  }

  func text(_ path: String) throws -> String {
    guard let file = fopen(path, "r") else { throw DirectoryOutput.Failure("cannot open", path) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = fread(&buffer, 1, buffer.count, file)
      if n == 0 { break }
      bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func theWrittenPresentationIsAuditClean() throws {
    let base = try writeScratch()
    defer { removeScratch(base) }
    let io = ToolIO.memory()
    let status = M3U8Tool.tool.run(["audit", "--follow", base + "/master.m3u8"], io: io)
    #expect(io.capturedError == "")
    #expect(!io.capturedOutput.contains("error:"))
    #expect(io.capturedOutput == "")
    #expect(status == 0)
  }

  @Test func theExampleWritesEveryFileIntoANewOrAnExistingDirectory() throws {
    let base = try writeScratch()
    defer { removeScratch(base) }
    let files = try PlaylistBuilderExample.files()
    #expect(files.map(\.name) == Self.names)
    for file in files {
      #expect(try text(base + "/" + file.name) == String(decoding: file.bytes, as: UTF8.self))
    }
    // Into the directory that now exists: each file is replaced by a complete new one, and no
    // temporary file is left.
    try DirectoryOutput.save(files, to: base)
    for file in files {
      #expect(try text(base + "/" + file.name) == String(decoding: file.bytes, as: UTF8.self))
      #expect(access(base + "/." + file.name + ".tmp-\(getpid())", F_OK) == -1)
    }
  }

  @Test func theMultivariantPlaylistHasThreeVariantsAndThreeRenditions() throws {
    let files = try PlaylistBuilderExample.files()
    let master = try #require(try Playlist.parse(files[0].bytes).multivariant)
    #expect(
      master.variants.map(\.uri) == ["video-1080p.m3u8", "video-720p.m3u8", "video-540p.m3u8"])
    #expect(master.variants.map(\.bandwidth) == [6_000_000, 3_500_000, 2_000_000])
    #expect(master.variants.map(\.averageBandwidth) == [5_000_000, 3_000_000, 1_700_000])
    #expect(master.renditions.map(\.type) == ["AUDIO", "AUDIO", "SUBTITLES"])
    #expect(master.renditions.map(\.language) == ["en", "fr", "en"])
    let text = String(decoding: files[0].bytes, as: UTF8.self)
    #expect(
      text.contains(
        "#EXT-X-STREAM-INF:BANDWIDTH=6000000,AVERAGE-BANDWIDTH=5000000,"
          + "CODECS=\"avc1.640028,mp4a.40.2\",RESOLUTION=1920x1080,FRAME-RATE=30,AUDIO=\"aac\","
          + "SUBTITLES=\"subs\"\nvideo-1080p.m3u8\n"))
  }

  @Test func everyMediaPlaylistHasTwentySegmentsWithParts() throws {
    for file in try PlaylistBuilderExample.files().dropFirst() {
      let media = try #require(try Playlist.parse(file.bytes).media)
      #expect(media.segments.count == 20, "\(file.name)")
      #expect(media.mediaSequence == 1000, "\(file.name)")
      #expect(media.segments.last?.mediaSequence == 1019, "\(file.name)")
      #expect(media.preloadHints.count == 1, "\(file.name)")
      #expect(media.pendingParts.count == 1, "\(file.name)")
    }
  }

  @Test func theKeysRotateAfterTenSegmentsAndSubtitlesHaveNone() throws {
    let files = try PlaylistBuilderExample.files()
    let video = String(decoding: files[1].bytes, as: UTF8.self)
    let keyLines = video.split(separator: "\n").filter { $0.hasPrefix("#EXT-X-KEY:") }
    #expect(keyLines.count == 4)
    #expect(
      keyLines.filter { $0.contains("URI=\"skd://keys.example.com/period-") }.map {
        $0.contains("period-0") ? 0 : 1
      } == [0, 1])
    #expect(
      keyLines.filter { $0.contains("urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed") }.count == 2)
    let media = try #require(try Playlist.parse(files[1].bytes).media)
    #expect(media.segments[9].keys == media.segments[0].keys)
    #expect(media.segments[10].keys != media.segments[9].keys)
    let subtitles = String(decoding: files[6].bytes, as: UTF8.self)
    #expect(!subtitles.contains("#EXT-X-KEY"))
    #expect(!subtitles.contains("#EXT-X-MAP"))
  }

  @Test func theAdBreakIsADateRangePairWithSCTE35OutAndIn() throws {
    let files = try PlaylistBuilderExample.files()
    let media = try #require(try Playlist.parse(files[1].bytes).media)
    #expect(media.dateRanges.map(\.id) == ["ad-break-4001", "ad-break-4001"])
    #expect(media.dateRanges.map(\.segmentIndex) == [6, 12])
    #expect(media.dateRanges[0].scte35Out == PlaylistBuilderExample.spliceOut)
    #expect(media.dateRanges[0].plannedDuration == ExactDecimal(24))
    #expect(media.dateRanges[1].scte35In == PlaylistBuilderExample.spliceIn)
    #expect(media.dateRanges[1].duration == ExactDecimal(24))
  }
}
