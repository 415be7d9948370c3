import ManifestCore
import SCTE35Commands
import SubtitleCommands
import Testing
import ToolSupport

/// One diagnostic of each producer class, as the tools print it: `… message [code]` on
/// stderr, and `"code"` in the JSON outputs that hold diagnostics (docs/cli-contract.md).
@Suite struct DiagnosticCodeOutputTests {
  private func scte35(_ arguments: [String], stdin: String = "") -> (Int32, String, String) {
    let io = ToolIO.memory(stdin: stdin)
    let status = SCTE35Tool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  private func subtitle(_ arguments: [String], files: [String: String]) -> (Int32, String, String) {
    let io = ToolIO.memory(files: files)
    let status = SubtitleTool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  /// An AWS Elemental MediaPackage-style VOD playlist with one attribute written twice.
  @Test func hlsParserDiagnostic() {
    let playlist = """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:6
      #EXT-X-KEY:METHOD=AES-128,URI="k1",URI="k2"
      #EXTINF:6.0,
      seg1.ts
      #EXT-X-ENDLIST

      """
    let (status, _, err) = m3u8(["info", "live.m3u8"], files: ["live.m3u8": playlist])
    #expect(status == 0)
    #expect(
      err
        == "live.m3u8:4:36: error: EXT-X-KEY: duplicate attribute URI [hls.attribute.duplicate]\n")
  }

  /// The same problem through `audit`: its finding's code is the rule id, in text and JSON.
  @Test func hlsDiagnosticThroughAuditText() {
    let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6.0,\n#EXTINF:6.0,\nseg1.ts\n"
    let (_, out, _) = m3u8(
      ["audit", "--rules", "spec.syntax-warning", "live.m3u8"], files: ["live.m3u8": playlist])
    #expect(
      out
        == "live.m3u8:3:1: warning: EXTINF without a URI before the next EXTINF "
        + "[spec.syntax-warning]\n")
    let (_, json, _) = m3u8(
      ["audit", "--format", "json", "--rules", "spec.syntax-warning", "live.m3u8"],
      files: ["live.m3u8": playlist])
    #expect(
      json
        == #"{"findings":[{"rule":"spec.syntax-warning","severity":"warning","file":"live.m3u8","#
        + #""line":3,"column":1,"message":"EXTINF without a URI before the next EXTINF","#
        + #""code":"spec.syntax-warning"}],"summary":{"errors":0,"warnings":1,"infos":0}}"# + "\n")
  }

  /// A CUE-OUT without a CUE-IN in a finished playlist (Elemental Live SCTE-35 passthrough).
  @Test func adMarkerIssue() {
    let playlist = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-CUE-OUT:30
      #EXTINF:6.0,
      ad1.ts
      #EXT-X-ENDLIST

      """
    let (_, _, err) = m3u8(["ads", "vod.m3u8"], files: ["vod.m3u8": playlist])
    #expect(
      err
        == "vod.m3u8:4:1: warning: EXT-X-CUE-OUT on line 4 opens an ad break that nothing closes "
        + "before the end of the playlist [ads.marker.unterminated-break]\n")
  }

  /// A section whose section_length runs past the payload, in text (stderr) and in the JSON
  /// Lines error object.
  @Test func scte35Error() {
    let (status, out, err) = scte35(["decode", "--json"], stdin: "/DAlAAAA\n")
    #expect(status == 2)
    #expect(
      err
        == "<stdin>:1:1: error: section_length at byte 1: 37 bytes declared but the payload has "
        + "3 left [scte35.length-overflow]\n")
    #expect(
      out
        == #"{"error":{"code":"scte35.length-overflow","field":"section_length","offset":1,"#
        + #""message":"section_length at byte 1: 37 bytes declared but the payload has 3 left"}}"#
        + "\n")
  }

  /// SRT as Subtitle Edit writes it, with the blank line before the second cue lost.
  @Test func srtWarning() {
    let srt = "1\n00:00:01,000 --> 00:00:02,000\nHello\n2\n00:00:03,000 --> 00:00:04,000\nBye\n"
    let (_, _, err) = subtitle(["dump", "a.srt"], files: ["a.srt": srt])
    #expect(
      err == "a.srt:5:1: warning: missing blank line before this cue [srt.blank-line.missing]\n")
  }

  /// WebVTT as ffmpeg writes it, with a malformed timing line.
  @Test func webVTTWarning() {
    let vtt = "WEBVTT\n\n00:01.000 --> 00:0x.000\nHello\n"
    let (_, _, err) = subtitle(["dump", "a.vtt"], files: ["a.vtt": vtt])
    #expect(
      err
        == "a.vtt:3:1: warning: invalid cue timing line; the block is ignored [vtt.timing.invalid]\n"
    )
  }

  /// TTML with a style reference the document does not define (a hand-edited Netflix DFXP).
  @Test func ttmlWarning() {
    let ttml = """
      <tt xmlns="http://www.w3.org/ns/ttml"><body><div>
      <p begin="1s" end="2s" style="s9">Hello</p>
      </div></body></tt>
      """
    let (_, _, err) = subtitle(["dump", "a.ttml"], files: ["a.ttml": ttml])
    #expect(err == "a.ttml:2:1: warning: unknown style 's9' [ttml.style.unknown]\n")
  }

  /// A subtitle validator finding (code `subtitle.validate.RULE`).
  @Test func subtitleValidatorFinding() {
    let srt = "1\n00:00:02,000 --> 00:00:01,000\nHello\n"
    let (status, _, err) = subtitle(["validate", "a.srt"], files: ["a.srt": srt])
    #expect(status == 1)
    #expect(
      err
        == "a.srt:2:1: error: end-before-start: cue 1 ends (1 s) before it starts (2 s) "
        + "[subtitle.validate.end-before-start]\n")
  }

  /// A thumbnail track (as the JW Player thumbnail generator writes it) whose cues go back.
  @Test func thumbnailValidation() {
    let vtt = """
      WEBVTT

      00:00:05.000 --> 00:00:10.000
      sprite.jpg#xywh=160,0,160,90

      00:00:00.000 --> 00:00:05.000
      sprite.jpg#xywh=0,0,160,90

      """
    let (status, _, err) = thumbnailTool(["validate", "t.vtt"], files: ["t.vtt": vtt])
    #expect(status == 1)
    #expect(
      err
        == "t.vtt:6:1: error: thumbnail starts at 00:00:00.000, before the previous one "
        + "(00:00:05.000); players expect time order [thumbnail.time.unsorted]\n")
  }

  /// Tool-level errors: an unreadable file and a bad option.
  @Test func toolErrors() {
    let (status, _, err) = m3u8(["info", "missing.m3u8"])
    #expect(status == 2)
    #expect(err == "missing.m3u8:1:1: error: cannot read: No such file or directory [io.read]\n")
    let (optionStatus, _, optionErr) = m3u8(["info", "--bogus"])
    #expect(optionStatus == 2)
    #expect(
      optionErr
        == "m3u8-tool info: error: unknown option '--bogus' [cli.option]\n"
        + "Run 'm3u8-tool info --help' for usage.\n")
    let (commandStatus, _, commandErr) = m3u8(["bogus"])
    #expect(commandStatus == 2)
    #expect(
      commandErr
        == "m3u8-tool: error: unknown command 'bogus' [cli.command.unknown]\n"
        + "Run 'm3u8-tool --help' for usage.\n")
  }

  /// A limit error keeps its one `[limit.NAME]`.
  @Test func limitErrorCodeIsWrittenOnce() {
    let (status, _, err) = m3u8(
      ["info", "--max-input-bytes", "4", "live.m3u8"], files: ["live.m3u8": "#EXTM3U\n"])
    #expect(status == 2)
    #expect(
      err
        == "live.m3u8:1:1: error: cannot read: larger than 4 bytes (--max-input-bytes) "
        + "[limit.input-bytes]\n")
  }
}
