import SubtitleCommands
import Testing
import ToolSupport

/// `--encoding` on every subtitle-tool command that reads a file (issue 17 item 1).
@Suite struct SubtitleEncodingCommandTests {
  private func run(_ arguments: [String], files: [String: [UInt8]])
    -> (status: Int32, out: String, err: String)
  {
    let io = ToolIO.memory(stdinBytes: [], files: files)
    let status = SubtitleTool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  /// A Shift_JIS SRT from a Japanese fansub, converted to WebVTT: the output is UTF-8.
  @Test func namedEncodingConvertsToUTF8() {
    let sjis =
      Array("1\r\n00:00:01,000 --> 00:00:02,000\r\n".utf8)
      + [0x82, 0xB1, 0x82, 0xF1, 0x82, 0xC9, 0x82, 0xBF, 0x82, 0xCD] + Array("\r\n".utf8)
    let result = run(
      ["convert", "--to", "vtt", "--encoding", "SHIFT_JIS", "j.srt"], files: ["j.srt": sjis])
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(result.out == "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nこんにちは\n\n")
  }

  /// An unknown name is a usage error (exit 2) for each command; bytes invalid in the named
  /// encoding are an input error at their line.
  @Test func unknownNamesAndInvalidBytes() {
    let srt = Array("1\n00:00:01,000 --> 00:00:02,000\nhi\n".utf8)
    for command in [
      ["dump", "--json"], ["convert", "--to", "srt"], ["shift", "--by", "1"], ["validate"],
    ] {
      let result = run(command + ["--encoding", "KLINGON", "a.srt"], files: ["a.srt": srt])
      #expect(result.status == 2)
      #expect(result.out == "")
      #expect(
        result.err
          == "subtitle-tool \(command[0]): error: unknown encoding 'KLINGON' (see iconv -l) "
          + "[cli.usage]\nRun 'subtitle-tool \(command[0]) --help' for usage.\n")
    }
    let bad = run(
      ["validate", "--encoding", "UTF-8", "a.srt"], files: ["a.srt": srt + [0xE9, 0x0A]])
    #expect(bad.status == 2)
    #expect(
      bad.err == "a.srt:4:1: error: byte 0xE9 is not valid UTF-8 [subtitle.encoding.invalid]\n")
  }

  /// Without --encoding, validate reports the Windows-1252 fallback as a warning (failing only
  /// with --strict).
  @Test func validateReportsTheFallback() {
    let latin = Array("1\n00:00:01,000 --> 00:00:02,000\nCaf".utf8) + [0xE9, 0x0A]
    let result = run(["validate", "a.srt"], files: ["a.srt": latin])
    #expect(result.status == 0)
    #expect(
      result.err
        == "a.srt:3:4: warning: byte 0xE9 is not valid UTF-8, so the file is read as Windows-1252 "
        + "(name its encoding if it is another) [subtitle.encoding.fallback]\n")
    #expect(run(["validate", "--strict", "a.srt"], files: ["a.srt": latin]).status == 1)
  }
}

/// `validate` tells the truth about WebVTT browsers reject (issue 17 item 2).
@Suite struct WebVTTBrowserCompatibilityCommandTests {
  @Test func validateReportsTimestampsBrowsersDrop() {
    let vtt = "WEBVTT\n\n00:01:39 --> 00:01:41.04\nHello\n"
    let io = ToolIO.memory(stdin: vtt)
    #expect(SubtitleTool.tool.run(["validate", "--strict"], io: io) == 1)
    #expect(
      io.capturedError
        == "<stdin>:3:1: warning: timestamp without a fraction (WebVTT requires exactly three, "
        + "§4.1); the cue is read, but browsers drop it [vtt.timestamp.no-fraction]\n")
    let convert = ToolIO.memory(stdin: vtt)
    #expect(SubtitleTool.tool.run(["convert", "--to", "vtt"], io: convert) == 0)
    #expect(convert.capturedOutput == "WEBVTT\n\n00:01:39.000 --> 00:01:41.040\nHello\n\n")
  }

  /// An SRT file given a `WEBVTT` line (as `sed '1i WEBVTT'` conversions make one): commas.
  @Test func validateReportsCommaTimestampsBrowsersDrop() {
    let vtt = "WEBVTT\n\n1\n00:01:39,000 --> 00:01:41,040\nHello\n"
    let io = ToolIO.memory(stdin: vtt)
    #expect(SubtitleTool.tool.run(["validate", "--strict"], io: io) == 1)
    #expect(
      io.capturedError
        == "<stdin>:4:1: warning: timestamp with a comma before its fraction, as SRT writes it "
        + "(WebVTT requires '.', §4.1); the cue is read, but browsers drop it "
        + "[vtt.timestamp.comma]\n")
    let convert = ToolIO.memory(stdin: vtt)
    #expect(SubtitleTool.tool.run(["convert", "--to", "vtt"], io: convert) == 0)
    #expect(convert.capturedOutput == "WEBVTT\n\n1\n00:01:39.000 --> 00:01:41.040\nHello\n\n")
  }
}
