import Foundation
import ManifestCore
import SubtitleCommands
import Subtitles
import TTML
import Testing
import ToolSupport

/// Runs `subtitle-tool` in memory; also returns the files it wrote, as text.
private func run(_ arguments: [String], files: [String: String])
  -> (status: Int32, out: String, err: String, written: [String: String])
{
  let io = ToolIO.memory(files: files)
  let status = SubtitleTool.tool.run(arguments, io: io)
  return (
    status, io.capturedOutput, io.capturedError,
    io.writtenFiles.mapValues { String(decoding: $0, as: UTF8.self) }
  )
}

/// The cues of the segments read back, a cue repeated from the segment before left out (as
/// clients drop a cue they already have).
private func cuesReadBack(_ written: [String: String], directory: String, count: Int) throws
  -> [Cue]
{
  var cues: [Cue] = []
  var previous: [Cue] = []
  for index in 0..<count {
    let text = try #require(written["\(directory)/fileSequence\(index).webvtt"])
    let document = try SubtitleDocument.read(Array(text.utf8))
    cues += document.cues.filter { !previous.contains($0) }
    previous = document.cues
  }
  return cues
}

@Suite struct SubtitlePackageCommandTests {
  /// SRT as Subtitle Edit 4 saves it: CRLF line ends, numbered entries, a blank line after the
  /// last; the second cue crosses the 6 s boundary.
  static let srt =
    "1\r\n00:00:01,000 --> 00:00:04,500\r\nHello there.\r\n\r\n"
    + "2\r\n00:00:05,500 --> 00:00:06,500\r\n<i>Across</i> the line\r\n\r\n"
    + "3\r\n00:00:11,000 --> 00:00:12,000\r\nLast one\r\n\r\n"

  /// WebVTT as YouTube's caption download writes it: `Kind:` and `Language:` headers, cues with
  /// `align:start position:0%`, no cue ids.
  static let youTube = """
    WEBVTT
    Kind: captions
    Language: en

    00:00:00.080 --> 00:00:02.390 align:start position:0%
    so today we're going to look at

    00:00:02.390 --> 00:00:04.550 align:start position:0%
    how segmented subtitles work

    00:00:07.000 --> 00:00:08.000 align:start position:0%
    in HLS

    """

  /// A multivariant playlist as Apple's variantplaylistcreator writes bipbop's, with an English
  /// subtitle rendition in group "subs".
  static let master = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",DEFAULT=YES,AUTOSELECT=YES,\
    FORCED=NO,LANGUAGE="en",URI="subtitles/eng/prog_index.m3u8"
    #EXT-X-STREAM-INF:BANDWIDTH=2177116,CODECS="avc1.640020,mp4a.40.2",RESOLUTION=960x540,\
    SUBTITLES="subs"
    v5/prog_index.m3u8

    """

  @Test func srtBecomesSegmentsAPlaylistAndTheMediaLine() throws {
    let result = run(
      ["package", "--segment", "6", "--language", "en", "--name", "English", "in.srt", "out"],
      files: ["in.srt": Self.srt])
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(
      result.out
        == #"#EXT-X-MEDIA:TYPE=SUBTITLES,URI="out/prog_index.m3u8",GROUP-ID="subs",LANGUAGE="en","#
        + #"NAME="English",AUTOSELECT=YES"# + "\n")
    #expect(
      result.written == [
        "out/prog_index.m3u8": """
        #EXTM3U
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:6,
        fileSequence0.webvtt
        #EXTINF:6,
        fileSequence1.webvtt
        #EXT-X-ENDLIST

        """,
        "out/fileSequence0.webvtt": """
        WEBVTT
        X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000

        1
        00:00:01.000 --> 00:00:04.500
        Hello there.

        2
        00:00:05.500 --> 00:00:06.500
        <i>Across</i> the line


        """,
        "out/fileSequence1.webvtt": """
        WEBVTT
        X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000

        2
        00:00:05.500 --> 00:00:06.500
        <i>Across</i> the line

        3
        00:00:11.000 --> 00:00:12.000
        Last one


        """,
      ])
    let back = try cuesReadBack(result.written, directory: "out", count: 2)
    let input = try SubtitleDocument.read(Array(Self.srt.utf8))
    #expect(back.map(\.start) == input.cues.map(\.start))
    #expect(back.map(\.end) == input.cues.map(\.end))
    #expect(back.map(\.plainText) == input.cues.map(\.plainText))
    #expect(back.map(\.identifier) == input.cues.map(\.identifier))
  }

  @Test func webVTTKeepsItsHeaderAndRoundTripsCueForCue() throws {
    let result = run(
      [
        "package", "--segment", "4", "--duration", "10", "--mpegts", "0", "--language", "en",
        "--name", "English (auto)", "--group", "cc", "--uri", "subs/en.m3u8", "--default",
        "yt.vtt", "out/",
      ], files: ["yt.vtt": Self.youTube])
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(
      result.out
        == #"#EXT-X-MEDIA:TYPE=SUBTITLES,URI="subs/en.m3u8",GROUP-ID="cc",LANGUAGE="en","#
        + #"NAME="English (auto)",DEFAULT=YES,AUTOSELECT=YES"# + "\n")
    #expect(
      result.written["out/prog_index.m3u8"] == """
        #EXTM3U
        #EXT-X-TARGETDURATION:4
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:4,
        fileSequence0.webvtt
        #EXTINF:4,
        fileSequence1.webvtt
        #EXTINF:2,
        fileSequence2.webvtt
        #EXT-X-ENDLIST

        """)
    #expect(
      result.written["out/fileSequence1.webvtt"] == """
        WEBVTT
        X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000
        Kind: captions
        Language: en

        00:00:02.390 --> 00:00:04.550 align:start position:0%
        how segmented subtitles work

        00:00:07.000 --> 00:00:08.000 align:start position:0%
        in HLS


        """)
    #expect(
      result.written["out/fileSequence2.webvtt"] == """
        WEBVTT
        X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000
        Kind: captions
        Language: en


        """)
    let back = try cuesReadBack(result.written, directory: "out", count: 3)
    let input = try SubtitleDocument.read(Array(Self.youTube.utf8))
    #expect(back == input.cues)
  }

  /// TTML as an IMSC1 text-profile document from a broadcaster's caption house (clock times,
  /// a region, a styled span).
  @Test func ttmlInputIsWrittenAsWebVTTSegments() throws {
    let ttml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
      xml:lang="fr"><head><layout><region xml:id="bottom" tts:origin="10% 80%" \
      tts:extent="80% 20%"/></layout></head><body region="bottom"><div>
      <p begin="00:00:01.500" end="00:00:03.000">Bonjour</p>
      <p begin="00:00:02.500" end="00:00:05.000">à <span tts:fontStyle="italic">tous</span></p>
      </div></body></tt>
      """
    let result = run(
      ["package", "--segment", "3", "--language", "fr", "--name", "Français", "in.ttml", "fr"],
      files: ["in.ttml": ttml])
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(
      result.written["fr/fileSequence1.webvtt"] == """
        WEBVTT
        X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000
        Language: fr

        00:00:02.500 --> 00:00:05.000
        à <i>tous</i>


        """)
    let back = try cuesReadBack(result.written, directory: "fr", count: 2)
    let input = try SubtitleDocument.read(Array(ttml.utf8))
    #expect(back.map(\.start) == input.cues.map(\.start))
    #expect(back.map(\.end) == input.cues.map(\.end))
    #expect(back.map(\.plainText) == input.cues.map(\.plainText))
  }

  @Test func aLanguageTheMasterGroupHasIsRefusedWithNothingWritten() {
    let result = run(
      [
        "package", "--segment", "6", "--language", "EN", "--name", "English SDH", "--master",
        "master.m3u8", "in.srt", "out",
      ], files: ["in.srt": Self.srt, "master.m3u8": Self.master])
    #expect(result.status == 2)
    #expect(
      result.err
        == #"master.m3u8:4:1: error: GROUP-ID "subs" already has LANGUAGE "en" (NAME "English") "#
        + "[cli.package.conflict]\n")
    #expect(result.out == "")
    #expect(result.written.isEmpty)
  }

  @Test func aNameOrDefaultTheGroupHasOrAGroupOfAnotherTypeIsRefused() {
    let cases: [([String], String)] = [
      (
        ["--language", "es", "--name", "English"],
        #"master.m3u8:4:1: error: GROUP-ID "subs" already has NAME "English"; names in a group "#
          + "differ (RFC 8216bis §4.4.6.1.1) [cli.package.conflict]\n"
      ),
      (
        ["--language", "es", "--name", "Español", "--default"],
        #"master.m3u8:4:1: error: GROUP-ID "subs" already has a DEFAULT=YES rendition (NAME "#
          + #""English"); a group has at most one (RFC 8216bis §4.4.6.1.1) [cli.package.conflict]"#
          + "\n"
      ),
    ]
    for (options, message) in cases {
      let result = run(
        ["package", "--segment", "6", "--master", "master.m3u8"] + options + ["in.srt", "out"],
        files: ["in.srt": Self.srt, "master.m3u8": Self.master])
      #expect(result.status == 2)
      #expect(result.err == message)
      #expect(result.written.isEmpty)
    }
    let audio = Self.master.replacingOccurrences(of: "TYPE=SUBTITLES", with: "TYPE=AUDIO")
    let result = run(
      [
        "package", "--segment", "6", "--master", "master.m3u8", "--language", "es", "--name",
        "Español", "in.srt", "out",
      ], files: ["in.srt": Self.srt, "master.m3u8": audio])
    #expect(
      result.err
        == #"master.m3u8:4:1: error: GROUP-ID "subs" is a group of TYPE=AUDIO renditions; the "#
        + "members of a group share one TYPE (RFC 8216bis §4.4.6.1.1) [cli.package.conflict]\n")
  }

  @Test func aNewLanguageJoinsTheMasterGroup() {
    let result = run(
      [
        "package", "--segment", "6", "--master", "master.m3u8", "--language", "es", "--name",
        "Español", "--uri", "subtitles/spa/prog_index.m3u8", "in.srt", "subtitles/spa",
      ], files: ["in.srt": Self.srt, "master.m3u8": Self.master])
    #expect(result.status == 0)
    #expect(
      result.out
        == #"#EXT-X-MEDIA:TYPE=SUBTITLES,URI="subtitles/spa/prog_index.m3u8",GROUP-ID="subs","#
        + #"LANGUAGE="es",NAME="Español",AUTOSELECT=YES"# + "\n")
    #expect(result.written.keys.sorted().first == "subtitles/spa/fileSequence0.webvtt")
  }

  @Test func valuesThatCannotBeWrittenAreUsageErrors() {
    let cases: [([String], String)] = [
      (
        ["--segment", "6", "--language", "en", "--name", #"Eng"lish"#],
        #"subtitle-tool package: error: the EXT-X-MEDIA tag cannot be written: EXT-X-MEDIA "#
          + #"NAME "Eng\"lish": a quoted string cannot hold '"' [hls.write.quote-in-quoted-string] [cli.usage]"#
      ),
      (
        ["--segment", "0", "--language", "en", "--name", "English"],
        "subtitle-tool package: error: option '--segment' needs a positive number of seconds "
          + "(at most a year), got '0' [cli.usage]"
      ),
      (
        ["--segment", "6", "--language", "english!", "--name", "English"],
        "subtitle-tool package: error: option '--language' needs a BCP 47 language tag such as "
          + "en or pt-BR, got 'english!' [cli.usage]"
      ),
      (
        ["--segment", "6", "--language", "en", "--name", "English", "--mpegts", "8589934592"],
        "subtitle-tool package: error: option '--mpegts' needs a 33-bit MPEG-2 timestamp (0 to "
          + "8589934591), got '8589934592' [cli.usage]"
      ),
    ]
    for (options, message) in cases {
      let result = run(["package"] + options + ["in.srt", "out"], files: ["in.srt": Self.srt])
      #expect(result.status == 2)
      #expect(result.err == message + "\nRun 'subtitle-tool package --help' for usage.\n")
      #expect(result.written.isEmpty)
    }
  }

  @Test func cuesFromTheDurationOnAreLeftOutWithAWarning() {
    let result = run(
      [
        "package", "--segment", "6", "--duration", "10", "--language", "en", "--name", "English",
        "in.srt", "out",
      ], files: ["in.srt": Self.srt])
    #expect(result.status == 0)
    #expect(
      result.err
        == "in.srt:10:1: warning: 1 cue starts at or after --duration 10 s and is left out "
        + "[cli.package.cues-after-end]\n")
    #expect(result.written["out/fileSequence1.webvtt"]?.contains("Last one") == false)
  }
}
