import Foundation
import M3U8Commands
import Testing
import ToolSupport

/// Playlists for the batch runs, as their producers write them: clean ones, ones with parse
/// warnings or audit findings, one that is not a playlist; the batch also names a file that does
/// not exist.
private let batchFiles: [String: String] = [
  // ffmpeg -f hls -hls_playlist_type vod: clean.
  "ffmpeg-vod.m3u8": """
  #EXTM3U
  #EXT-X-VERSION:3
  #EXT-X-TARGETDURATION:10
  #EXT-X-MEDIA-SEQUENCE:0
  #EXT-X-PLAYLIST-TYPE:VOD
  #EXTINF:10.010000,
  seg0.ts
  #EXTINF:9.999000,
  seg1.ts
  #EXTINF:4.170000,
  seg2.ts
  #EXT-X-ENDLIST

  """,
  // A Wowza-style live window with a segment longer than the target duration (audit error)
  // and an EXTINF without a number (parse warning).
  "wowza-live.m3u8": """
  #EXTM3U
  #EXT-X-VERSION:3
  #EXT-X-TARGETDURATION:6
  #EXT-X-MEDIA-SEQUENCE:1207
  #EXTINF:6.006,
  media_1207.ts
  #EXTINF:8.5,
  media_1208.ts
  #EXTINF:x,
  media_1209.ts

  """,
  // Hand-edited, CRLF line ends and a blank line: not in canonical form.
  "edited.m3u8":
    "#EXTM3U\r\n#EXT-X-TARGETDURATION:4\r\n\r\n#EXTINF:4,\r\na.ts\r\n#EXT-X-ENDLIST\r\n",
  // A multivariant playlist as Apple's mediafilesegmenter writes it, naming two of the above.
  "master.m3u8": """
  #EXTM3U
  #EXT-X-VERSION:6
  #EXT-X-INDEPENDENT-SEGMENTS
  #EXT-X-STREAM-INF:BANDWIDTH=2000000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=960x540
  ffmpeg-vod.m3u8
  #EXT-X-STREAM-INF:BANDWIDTH=4000000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080
  wowza-live.m3u8

  """,
  // Not a playlist at all (an HTML error page saved by a CDN).
  "error-page.m3u8": "<html><body>502 Bad Gateway</body></html>\n",
]

/// Every file above and one missing, repeated so that files finish out of order on 4 threads.
private let batchPaths: [String] = Array(
  repeating: [
    "ffmpeg-vod.m3u8", "wowza-live.m3u8", "/nonexistent/missing.m3u8", "edited.m3u8",
    "master.m3u8", "error-page.m3u8",
  ], count: 8
).flatMap { $0 }

/// `m3u8-tool ARGUMENTS --jobs N` over `batchPaths`.
private func batch(_ arguments: [String], jobs: Int) -> (Int32, String, String) {
  m3u8(arguments + ["--jobs", String(jobs)] + batchPaths, files: batchFiles)
}

@Suite struct BatchCommandTests {
  @Test(arguments: ["text", "json", "junit", "github", "sarif", "html"])
  func auditOnFourJobsWritesWhatOneJobWrites(format: String) {
    let serial = batch(["audit", "--format", format], jobs: 1)
    let parallel = batch(["audit", "--format", format], jobs: 4)
    #expect(serial.0 == 2)
    #expect(parallel.0 == serial.0)
    #expect(parallel.1 == serial.1)
    #expect(parallel.2 == serial.2)
    #expect(serial.2.contains("/nonexistent/missing.m3u8:1:1: error: cannot read:"))
  }

  @Test(arguments: [
    ["audit", "--follow"], ["audit", "--fail-on", "warning"], ["dump"], ["dump", "--pretty"],
    ["info"], ["format", "--check"], ["format", "--check", "--canonical"],
  ])
  func commandOnFourJobsWritesWhatOneJobWrites(arguments: [String]) {
    let serial = batch(arguments, jobs: 1)
    let parallel = batch(arguments, jobs: 4)
    #expect(parallel.0 == serial.0)
    #expect(parallel.1 == serial.1)
    #expect(parallel.2 == serial.2)
    // Every FILE's diagnostics, in the order given.
    let reads = serial.2.split(separator: "\n").filter { $0.contains("cannot read") }
    #expect(reads.count == 8)
  }

  @Test func outputFollowsTheOrderOfTheFiles() {
    let files = ["ffmpeg-vod.m3u8", "wowza-live.m3u8", "edited.m3u8"]
    let (status, out, err) = m3u8(
      ["format", "--check", "--canonical", "--jobs", "3"] + files + ["/nonexistent/x.m3u8"],
      files: batchFiles)
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err == """
        ffmpeg-vod.m3u8:6:1: error: not in canonical form [cli.format.not-canonical]
        wowza-live.m3u8:9:9: error: EXTINF duration must be a non-negative decimal number, got 'x' [hls.extinf.duration]
        edited.m3u8:1:1: error: not in canonical form [cli.format.not-canonical]
        /nonexistent/x.m3u8:1:1: error: cannot read: No such file or directory [io.read]

        """)
  }

  @Test func infoOfSeveralFilesNamesEachAndSeparatesThem() {
    let (status, out, _) = m3u8(
      ["info", "--jobs", "2", "ffmpeg-vod.m3u8", "master.m3u8"], files: batchFiles)
    #expect(status == 0)
    let blocks = out.components(separatedBy: "\n\n")
    #expect(blocks.count == 3)
    #expect(blocks[0].hasPrefix("file: ffmpeg-vod.m3u8\nkind: media\n"))
    #expect(blocks[1].hasPrefix("file: master.m3u8\nkind: multivariant\n"))
    #expect(blocks[2] == "")
    let single = m3u8(["info", "ffmpeg-vod.m3u8"], files: batchFiles)
    #expect(single.1 == String(blocks[0].dropFirst("file: ffmpeg-vod.m3u8\n".count)) + "\n")
  }

  @Test func dumpOfSeveralFilesWritesOneDocumentEach() {
    let (status, out, _) = m3u8(
      ["dump", "--jobs", "2", "ffmpeg-vod.m3u8", "master.m3u8"], files: batchFiles)
    #expect(status == 0)
    let one = m3u8(["dump", "ffmpeg-vod.m3u8"], files: batchFiles)
    let two = m3u8(["dump", "master.m3u8"], files: batchFiles)
    #expect(out == one.1 + two.1)
  }

  @Test func exitStatusIsTheWorstOverTheFiles() {
    #expect(m3u8(["format", "--check", "ffmpeg-vod.m3u8"], files: batchFiles).0 == 0)
    #expect(
      m3u8(
        ["format", "--check", "--canonical", "ffmpeg-vod.m3u8", "edited.m3u8"], files: batchFiles
      )
      .0 == 1)
    #expect(
      m3u8(
        ["format", "--check", "--jobs", "2", "error-page.m3u8", "edited.m3u8", "--canonical"],
        files: batchFiles
      ).0 == 2)
  }

  @Test func formatWritesOnlyOneFileWithoutCheck() {
    let (status, out, err) = m3u8(["format", "ffmpeg-vod.m3u8", "edited.m3u8"], files: batchFiles)
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err == """
        m3u8-tool format: error: expected at most one FILE without --check, got 2 [cli.usage]
        Run 'm3u8-tool format --help' for usage.

        """)
  }

  @Test(arguments: ["0", "-1", "two", "1025"])
  func jobsMustBeAWholeNumberFromOne(value: String) {
    for command in ["audit", "dump", "info", "format"] {
      let (status, out, err) = m3u8(
        [command, "--jobs", value, "ffmpeg-vod.m3u8"], files: batchFiles)
      #expect(status == 2)
      #expect(out == "")
      #expect(
        err.hasPrefix(
          "m3u8-tool \(command): error: --jobs must be a whole number from 1 to 1024, got '\(value)'"
            + " [cli.usage]\n"))
    }
  }

  @Test func urlNamesOnlyOneFile() {
    let (status, _, err) = m3u8(
      ["dump", "--url", "https://cdn.example/a.m3u8", "ffmpeg-vod.m3u8", "master.m3u8"],
      files: batchFiles)
    #expect(status == 2)
    #expect(
      err.hasPrefix(
        "m3u8-tool dump: error: --url names one playlist's URL; give it with a single FILE [cli.usage]\n"
      ))
  }
}
