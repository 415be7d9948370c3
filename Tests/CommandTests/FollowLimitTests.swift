import Foundation
import Testing

/// Following the playlists a multivariant playlist names stays within the run's limits, and
/// each file is read once however many variants name it (1,000 variants `big.m3u8?v=N` naming
/// one 2 MB file took 59 s and 14.6 GB); an image playlist's tiles and EXT-X-DEFINE
/// substitution are bounded for every command.
@Suite struct FollowLimitTests {
  static func master(_ count: Int, uri: String = "big.m3u8") -> String {
    var text = "#EXTM3U\n"
    for n in 0..<count { text += "#EXT-X-STREAM-INF:BANDWIDTH=\(1000 + n)\n\(uri)?v=\(n)\n" }
    return text
  }

  static let media = """
    #EXTM3U
    #EXT-X-TARGETDURATION:4
    #EXT-X-KEY:METHOD=AES-128,URI="k.key"
    #EXTINF:4,
    a.ts

    """

  @Test func keysFollowStopsAtThePlaylistsLimit() {
    let (status, output, error) = m3u8(
      ["keys", "--follow", "--limit", "playlists=2", "master.m3u8"],
      files: ["master.m3u8": Self.master(3), "big.m3u8": Self.media])
    #expect(status == 2)
    #expect(output == "")
    #expect(
      error
        == "master.m3u8:7:1: error: 'big.m3u8?v=2' is one playlist more than may be followed "
        + "(limit playlists=2) [limit.playlists]\n")
  }

  @Test func urlsStopsAtTheFollowedBytesLimit() {
    let size = Self.media.utf8.count
    let (status, output, error) = m3u8(
      ["urls", "--limit", "followed-bytes=\(size + 1)", "master.m3u8"],
      files: ["master.m3u8": Self.master(2), "big.m3u8": Self.media])
    #expect(status == 2)
    #expect(output == "")
    #expect(
      error
        == "master.m3u8:5:1: error: the playlists followed up to 'big.m3u8?v=1' are "
        + "\(2 * size) bytes (limit followed-bytes=\(size + 1)) [limit.followed-bytes]\n")
  }

  @Test func auditFollowStopsAtTheLimitAndAuditsWhatCameBefore() {
    let (status, _, error) = m3u8(
      ["audit", "--follow", "--limit", "playlists=1", "master.m3u8"],
      files: ["master.m3u8": Self.master(3), "big.m3u8": Self.media])
    #expect(status == 2)
    #expect(
      error
        == "master.m3u8:5:1: error: 'big.m3u8?v=1' is one playlist more than may be followed "
        + "(limit playlists=1) [limit.playlists]\n")
  }

  @Test func aNamedFileOverTheInputCapIsAnError() {
    for command in [["keys", "--follow"], ["urls"], ["audit", "--follow"]] {
      let (status, _, error) = m3u8(
        command + ["--max-input-bytes", "70", "master.m3u8"],
        files: ["master.m3u8": Self.master(1), "big.m3u8": Self.media])
      #expect(status == 2)
      #expect(
        error
          == "master.m3u8:3:1: error: cannot read big.m3u8?v=0: larger than 70 bytes "
          + "(--max-input-bytes) [limit.input-bytes]\n")
    }
  }

  @Test func aSparseFiftyGigabyteFileNamedByAVariantIsRefusedWithoutReadingIt() throws {
    let path = "/tmp/manifestkit-follow-sparse-\(getpid()).m3u8"
    let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
    try #require(fd >= 0)
    defer { unlink(path) }
    #expect(ftruncate(fd, 50_000_000_000) == 0)
    close(fd)
    let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n\(path)\n"
    for command in [["keys", "--follow"], ["urls"], ["audit", "--follow"]] {
      let (status, _, error) = m3u8(command + ["master.m3u8"], files: ["master.m3u8": master])
      #expect(status == 2)
      #expect(
        error
          == "master.m3u8:3:1: error: cannot read \(path): larger than 1073741824 bytes "
          + "(--max-input-bytes) [limit.input-bytes]\n")
    }
  }

  /// A file named by 1,000 variants is read and parsed once: 1,000 parses of its 60,000 lines
  /// would take minutes here.
  @Test func aFileNamedByAThousandVariantsIsFollowedAtTheDefaultLimits() {
    let big = Self.media + String(repeating: "#c\n", count: 60_000)
    let files = ["master.m3u8": Self.master(1000), "big.m3u8": big]
    let (status, output, error) = m3u8(["keys", "--follow", "--json", "master.m3u8"], files: files)
    #expect(status == 0)
    #expect(error == "")
    #expect(output.components(separatedBy: "\"playlist\":\"big.m3u8?v=").count == 1001)
    let (urlsStatus, urls, _) = m3u8(["urls", "master.m3u8"], files: files)
    #expect(urlsStatus == 0)
    #expect(urls.split(separator: "\n").count == 1002)
    let (auditStatus, _, auditError) = m3u8(["audit", "--follow", "master.m3u8"], files: files)
    #expect(auditStatus == 0)
    #expect(auditError == "")
  }

  @Test func fromHLSRefusesMoreTilesThanTheLimit() {
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-IMAGES-ONLY\n"
    for k in 0..<3 {
      text += "#EXT-X-TILES:RESOLUTION=16x9,LAYOUT=2x2,DURATION=2.5\n#EXTINF:10,\ns\(k).jpg\n"
    }
    for command in ["from-hls", "dump"] {
      let (status, output, error) = thumbnailTool(
        [command, "--limit", "image-tiles=10", "images.m3u8"], files: ["images.m3u8": text])
      #expect(status == 2)
      #expect(output == "")
      #expect(
        error
          == "images.m3u8:11:1: error: the sprite sheets up to this segment have 12 tiles "
          + "(limit image-tiles=10) [limit.image-tiles]\n")
    }
  }

  @Test func dumpDescribesTilesWithoutExpandingThem() {
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:100\n#EXT-X-IMAGES-ONLY\n"
    for k in 0..<100 {
      text += "#EXT-X-TILES:RESOLUTION=16x9,LAYOUT=100x100,DURATION=0.01\n#EXTINF:100,\ns\(k).jpg\n"
    }
    let (status, output, _) = m3u8(["dump", "--json", "images.m3u8"], files: ["images.m3u8": text])
    #expect(status == 0)
    #expect(output.utf8.count < 5 * text.utf8.count)
    #expect(output.components(separatedBy: "\"columns\":100").count == 101)
  }

  @Test func everyPlaylistCommandBoundsSubstitution() {
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-DEFINE:NAME="v",VALUE="0123456789"
      #EXTINF:4,
      {$v}{$v}.ts

      """
    for command in [
      ["dump", "--json"], ["urls"], ["format"], ["resolve", "--base", "https://h/"], ["audit"],
    ] {
      let (status, _, error) = m3u8(
        command + ["--limit", "define-value-bytes=16", "a.m3u8"], files: ["a.m3u8": text])
      #expect(status == 2)
      #expect(
        error
          == "a.m3u8:5:1: error: a value is 23 bytes after EXT-X-DEFINE substitution "
          + "(limit define-value-bytes=16) [limit.define-value-bytes]\n")
    }
  }

  @Test func aFollowedPlaylistIsParsedWithTheRunsLimits() {
    let media = """
      #EXTM3U
      #EXT-X-DEFINE:IMPORT="v"
      #EXT-X-TARGETDURATION:4
      #EXT-X-KEY:METHOD=AES-128,URI="{$v}{$v}"
      #EXTINF:4,
      a.ts

      """
    let master =
      "#EXTM3U\n#EXT-X-DEFINE:NAME=\"v\",VALUE=\"0123456789\"\n"
      + "#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n"
    let (status, _, error) = m3u8(
      ["keys", "--follow", "--limit", "define-value-bytes=16", "master.m3u8"],
      files: ["master.m3u8": master, "v.m3u8": media])
    #expect(status == 2)
    #expect(
      error
        == "master.m3u8:4:1: error: cannot parse v.m3u8: 4:32: a value is 20 bytes after "
        + "EXT-X-DEFINE substitution (limit define-value-bytes=16) [limit.define-value-bytes]\n")
  }
}

/// Tables pad columns to at most `TextTable.maximumPadding`: one 10,000-character CODECS padded
/// all 2,000 rows of `variants --list` to its width (20 MB from 90 KB).
@Suite struct TablePaddingTests {
  @Test func oneLongCellDoesNotPadEveryRow() {
    var text = "#EXTM3U\n"
    text +=
      "#EXT-X-STREAM-INF:BANDWIDTH=1,CODECS=\"" + String(repeating: "a", count: 10_000)
      + "\"\nlong.m3u8\n"
    for n in 0..<2000 { text += "#EXT-X-STREAM-INF:BANDWIDTH=\(n + 2)\nv\(n).m3u8\n" }
    let (status, output, _) = m3u8(["variants", "--list", "a.m3u8"], files: ["a.m3u8": text])
    #expect(status == 0)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 2002)
    #expect(output.utf8.count < 2 * text.utf8.count + 300_000)
    // Rows are still aligned: every short row puts its URI in the same column.
    let short = lines.filter { $0.hasSuffix(".m3u8") && !$0.hasSuffix("long.m3u8") }
    #expect(short.count == 2000)
    #expect(
      Set(short.map { $0.utf8.count - ($0.split(separator: " ").last?.utf8.count ?? 0) }).count == 1
    )
  }
}
