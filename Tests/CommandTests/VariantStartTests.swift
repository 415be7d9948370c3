import HLS
import Testing

/// `--min-resolution` and `--start-variant` on Apple's AVC/HEVC/HDR10 ladder
/// (samples/variants/apple-avc-hevc-hdr.m3u8).
@Suite struct VariantStartTests {
  let files: [String: String]

  init() throws {
    files = [
      "apple.m3u8": try variantSample("apple-avc-hevc-hdr.m3u8"),
      "news.m3u8": try variantSample("audio-only-and-no-resolution.m3u8"),
    ]
  }

  func uris(_ arguments: [String], file: String = "apple.m3u8") throws -> [String] {
    let (status, out, err) = m3u8(["variants"] + arguments + [file], files: files)
    #expect(status == 0)
    #expect(err == "")
    return try #require(try? Playlist.parse(out).multivariant).variants.map(\.uri)
  }

  @Test func minResolutionKeepsTheLargerRungs() throws {
    #expect(
      try uris(["--min-resolution", "1280x720", "--codecs", "avc1"]) == [
        "avc/720p/prog_index.m3u8", "avc/1080p/prog_index.m3u8",
      ])
    let (status, _, err) = m3u8(
      ["variants", "--min-resolution", "7680x4320", "apple.m3u8"], files: files)
    #expect(status == 1)
    #expect(err.contains("no variant matches RESOLUTION >= 7680x4320"))
    #expect(
      m3u8(["variants", "--min-resolution", "0x720", "apple.m3u8"], files: files).2.hasPrefix(
        "m3u8-tool variants: error: option '--min-resolution' needs both sides above 0, got '0x720' [cli.usage]\n"
      ))
  }

  @Test func startVariantMovesTheChosenRungFirstAndKeepsTheLadder() throws {
    // 2.5 Mbit/s: the highest BANDWIDTH at most that is avc/540p (2,240,000).
    #expect(
      try uris(["--codecs", "avc1", "--start-variant", "2500000"]) == [
        "avc/540p/prog_index.m3u8", "avc/234p/prog_index.m3u8", "avc/360p/prog_index.m3u8",
        "avc/720p/prog_index.m3u8", "avc/1080p/prog_index.m3u8",
      ])
    // Below every rung: the lowest.
    #expect(
      try uris(["--codecs", "avc1", "--start-variant", "100000"]).first
        == "avc/234p/prog_index.m3u8")
  }

  @Test func startVariantAfterSort() throws {
    #expect(
      try uris([
        "--codecs", "hvc1", "--video-range", "SDR", "--sort", "-bandwidth",
        "--start-variant", "4000000",
      ]) == [
        "hevc/720p/prog_index.m3u8", "hevc/2160p/prog_index.m3u8", "hevc/1080p/prog_index.m3u8",
      ])
  }
}
