import Foundation
import SubtitleCommands
import Testing
import ToolSupport

@Suite struct SubtitleToolTests {
  private func run(_ arguments: [String], stdin: String = "", files: [String: String] = [:])
    -> (status: Int32, out: String, err: String)
  {
    let io = ToolIO.memory(stdin: stdin, files: files)
    let status = SubtitleTool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  private let srt = """
    1
    00:00:01,000 --> 00:00:02,500
    <i>Hello</i> & welcome

    2
    00:00:03,000 --> 00:00:04,000
    {\\an8}Second
    line

    """

  @Test func dumpJSONFromStandardInput() {
    let result = run(["dump", "--json"], stdin: srt)
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(
      result.out
        == #"{"cues":[{"start":1,"end":2.5,"text":"Hello & welcome","region":null,"style":null,"#
        + #""image":false,"id":"1","line":2},{"start":3,"end":4,"text":"Second\nline","#
        + #""region":null,"style":null,"image":false,"id":"2","line":6}],"format":"srt","#
        + #""timestampMap":null}"# + "\n")
  }

  @Test func dumpTTMLWithStylesRegionsAndImages() {
    let ttml = """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
      xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2013/smpte-tt" \
      xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:frameRate="30" \
      ttp:frameRateMultiplier="1000 1001">
      <head><metadata><smpte:image xml:id="i">iVBORw0K
      Ggo=</smpte:image></metadata><styling><style xml:id="s" tts:color="yellow"/></styling>
      <layout><region xml:id="r"/></layout></head>
      <body region="r"><div><p begin="1f" end="00:00:01:00" style="s">One<br/>two</p>
      <div begin="2s" end="3s" smpte:backgroundImage="#i"/></div></body></tt>
      """
    let result = run(["dump", "--json", "-"], stdin: ttml)
    #expect(result.status == 0)
    #expect(
      result.out
        == #"{"cues":[{"start":0.033366667,"end":1,"text":"One\ntwo","region":"r","style":"s","#
        + #""image":false,"id":null,"line":5},{"start":2,"end":3,"text":"","region":"r","#
        + #""style":null,"image":true,"id":null,"line":6}],"format":"ttml","timestampMap":null}"#
        + "\n")
  }

  @Test func convertSRTToWebVTTAndTTMLAndBack() {
    let vtt = run(["convert", "--to", "vtt", "in.srt"], files: ["in.srt": srt])
    #expect(vtt.status == 0)
    #expect(
      vtt.out == """
        WEBVTT

        1
        00:00:01.000 --> 00:00:02.500
        <i>Hello</i> &amp; welcome

        2
        00:00:03.000 --> 00:00:04.000 line:0
        Second
        line


        """)
    let ttml = run(["convert", "--to", "ttml", "in.srt"], files: ["in.srt": srt])
    #expect(ttml.status == 0)
    #expect(
      ttml.out.contains(
        #"<p begin="00:00:01.000" end="00:00:02.500" region="bottom">"#
          + #"<span tts:fontStyle="italic">Hello</span> &amp; welcome</p>"#))
    let back = run(["convert", "--to", "srt", "--from", "ttml"], stdin: ttml.out)
    #expect(back.status == 0)
    #expect(
      back.out == """
        1
        00:00:01,000 --> 00:00:02,500
        <i>Hello</i> & welcome

        2
        00:00:03,000 --> 00:00:04,000
        {\\an8}Second
        line


        """)
  }

  @Test func convertUsageErrors() {
    let missing = run(["convert", "in.srt"], files: ["in.srt": srt])
    #expect(missing.status == 2)
    #expect(
      missing.err
        == "subtitle-tool convert: error: missing --to FORMAT [cli.usage]\n"
        + "Run 'subtitle-tool convert --help' for usage.\n")
    #expect(
      run(["convert", "--to", "ass"], stdin: srt).err.hasPrefix(
        "subtitle-tool convert: error: unknown format 'ass' (expected srt, vtt or ttml)"))
    #expect(run(["convert", "--to", "vtt", "--from", "ass"], stdin: srt).status == 2)
    #expect(run(["convert", "--to", "vtt", "--bogus"], stdin: srt).status == 2)
    let unreadable = run(["convert", "--to", "vtt", "/nonexistent/x.srt"])
    #expect(unreadable.status == 2)
    #expect(
      unreadable.err
        == "/nonexistent/x.srt:1:1: error: cannot read: No such file or directory [io.read]\n")
  }

  @Test func unparsableInputIsExitTwoWithLocation() {
    let result = run(["convert", "--to", "srt", "--from", "vtt"], stdin: "1\n00:00:01,000")
    #expect(result.status == 2)
    #expect(
      result.err
        == "<stdin>:1:1: error: not a WebVTT file: the first line must be 'WEBVTT' (optionally "
        + "followed by a space or tab and text) [vtt.signature.missing]\n")
    let xml = run(["dump", "--json"], stdin: "<tt xmlns=\"http://www.w3.org/ns/ttml\">\n<body>")
    #expect(xml.status == 2)
    #expect(xml.err.hasPrefix("<stdin>:2:"))
  }

  @Test func imageCuesAreSkippedWithAWarningOutsideTTML() {
    let ttml = """
      <tt xmlns="http://www.w3.org/ns/ttml" \
      xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt"><body>
      <div begin="1s" end="2s" smpte:backgroundImage="sub1.png"/>
      <div><p begin="2s" end="3s">text</p></div></body></tt>
      """
    let result = run(["convert", "--to", "srt"], stdin: ttml)
    #expect(result.status == 0)
    #expect(result.out == "1\n00:00:02,000 --> 00:00:03,000\ntext\n\n")
    #expect(
      result.err
        == "<stdin>: warning: 1 image cue cannot be written as srt and was skipped [cli.convert.images-skipped]\n"
    )
  }

  @Test func shiftMovesDropsAndClips() {
    let result = run(["shift", "--by", "-2.5"], stdin: srt)
    #expect(result.status == 0)
    #expect(
      result.out == """
        1
        00:00:00,500 --> 00:00:01,500
        {\\an8}Second
        line


        """)
    #expect(
      result.err == "<stdin>: warning: 1 cue moved before 0 and dropped [cli.shift.dropped]\n")
    let vtt = "WEBVTT\n\n00:01.000 --> 00:03.000\nkaraoke <00:00:02.000>time\n"
    let moved = run(["shift", "--by", "+1.25"], stdin: vtt)
    #expect(
      moved.out
        == "WEBVTT\n\n00:00:02.250 --> 00:00:04.250\nkaraoke <00:00:03.250>time\n\n")
    let clipped = run(["shift", "--by", "-1.5"], stdin: vtt)
    #expect(clipped.out.hasPrefix("WEBVTT\n\n00:00:00.000 --> 00:00:01.500\n"))
    #expect(
      clipped.err
        == "<stdin>: warning: 1 cue now starts at 0 (moved partly before 0) [cli.shift.clipped]\n")
    let bad = run(["shift", "--by", "two"], stdin: srt)
    #expect(bad.status == 2)
    #expect(bad.err.hasPrefix("subtitle-tool shift: error: option '--by' needs a number"))
  }

  @Test func validateReportsProblemsWithLines() {
    let clean = run(["validate"], stdin: srt)
    #expect(clean.status == 0)
    #expect(clean.out == "")
    #expect(clean.err == "")
    let broken = """
      1
      00:00:05,000 --> 00:00:04,000
      backwards

      2
      00:00:03,000 --> 00:00:06,000
      unsorted

      3
      00:00:05,500 --> 00:00:07,000
      overlaps

      4
      00:00:08,000 --> 00:00:09,000
      <i> </i>
      """
    let result = run(["validate", "subs.srt"], files: ["subs.srt": broken])
    #expect(result.status == 1)
    #expect(
      result.err == """
        subs.srt:2:1: error: end-before-start: cue 1 ends (4 s) before it starts (5 s) [subtitle.validate.end-before-start]
        subs.srt:6:1: warning: unsorted: cue 2 starts (3 s) before the cue before it (5 s) [subtitle.validate.unsorted]
        subs.srt:10:1: warning: overlap: cue 3 starts (5.5 s) before the cue before it ends (6 s) [subtitle.validate.overlap]
        subs.srt:14:1: warning: empty-cue: cue 4 has no text [subtitle.validate.empty-cue]

        """)
    let warningsOnly = "WEBVTT\n\n00:01.000 --> 00:03.000\na\n\n00:02.000 --> 00:04.000\nb\n"
    #expect(run(["validate"], stdin: warningsOnly).status == 0)
    #expect(run(["validate", "--strict"], stdin: warningsOnly).status == 1)
  }

  @Test func validateTTMLReferences() {
    let ttml = """
      <tt xmlns="http://www.w3.org/ns/ttml"><body><div>
      <p begin="0s" end="1s" style="missing" region="nowhere">x</p>
      </div></body></tt>
      """
    let result = run(["validate", "--from", "ttml"], stdin: ttml)
    #expect(result.status == 1)
    #expect(
      result.err == """
        <stdin>:2:1: warning: unknown style 'missing' [ttml.style.unknown]
        <stdin>:2:1: warning: unknown region 'nowhere' [ttml.region.unknown]
        <stdin>:2:1: error: unknown-style: cue 1 refers to style 'missing', which is not defined [subtitle.validate.unknown-style]
        <stdin>:2:1: error: unknown-region: cue 1 refers to region 'nowhere', which is not defined [subtitle.validate.unknown-region]

        """)
  }

  @Test func utf16FilesAreRead() throws {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "1\r\n00:00:01,000 --> 00:00:02,000\r\nÇa va\r\n".utf16 {
      bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("subtitle-tool-utf16-\(UInt32.random(in: 0...UInt32.max)).srt")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let result = run(["convert", "--to", "vtt", url.path])
    #expect(result.status == 0)
    #expect(result.out == "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nÇa va\n\n")
  }

  @Test func everyCommandHasHelp() {
    for command in ["dump", "convert", "shift", "validate"] {
      let result = run([command, "--help"])
      #expect(result.status == 0)
      #expect(result.out.hasPrefix("usage: subtitle-tool \(command)"))
    }
  }

  // MARK: Hostile input (issue 12)

  /// Shifting past 2^63 ms wrote cues that end before they start, silently.
  @Test func shiftPastTheLargestTimeIsAnError() {
    let result = run(["shift", "--by", "9223372036854775"], stdin: srt)
    #expect(result.status == 2)
    #expect(result.out == "")
    #expect(
      result.err
        == "<stdin>:2:1: error: shifting by 9223372036854775 s would move 2 cues past the "
        + "largest time a subtitle can hold (9223372036854775.807 s); nothing was written [cli.shift.out-of-range]\n"
    )
    let back = run(["shift", "--by", "-9223372036854776"], stdin: srt)
    #expect(back.status == 0)
    #expect(back.out == "")
    #expect(back.err == "<stdin>: warning: 2 cues moved before 0 and dropped [cli.shift.dropped]\n")
    let far = run(["shift", "--by", "9223372036854770"], stdin: srt)
    #expect(far.status == 0)
    #expect(far.out.hasPrefix("1\n2562047788015:12:51,000 --> 2562047788015:12:52,500\n"))
  }

  /// A second byte-order mark is no WebVTT signature; a file of only a byte-order mark is as
  /// empty as an empty file.
  @Test func byteOrderMarksAloneOrTwiceAreErrors() {
    let twice = run(
      ["convert", "--to", "srt"], stdin: "\u{FEFF}\u{FEFF}WEBVTT\n\n00:01.000 --> 00:02.000\nhi\n")
    #expect(twice.status == 2)
    #expect(twice.out == "")
    #expect(
      twice.err
        == "<stdin>:1:2: error: the text starts with two byte-order marks (U+FEFF); remove the "
        + "second [subtitle.encoding.repeated-bom]\n")
    for (input, what) in [("\u{FEFF}", "holds only a byte-order mark"), ("", "is empty")] {
      let result = run(["dump"], stdin: input)
      #expect(result.status == 2)
      #expect(
        result.err
          == "<stdin>:1:1: error: the input \(what): no subtitles to read [subtitle.input.empty]\n")
    }
  }

  /// `--limit xml-attributes=N` reaches the TTML reader, and libxml2's messages come out as one
  /// `FILE:LINE:COL: error:` line.
  @Test func xmlLimitsAndMessages() {
    let ttml =
      #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s" a="1" b="2">"#
      + "x</p></div></body></tt>"
    let limited = run(["dump", "--limit", "xml-attributes=3", "a.ttml"], files: ["a.ttml": ttml])
    #expect(limited.status == 2)
    #expect(
      limited.err
        == "a.ttml:1:50: error: an element has more than 3 attributes (limit xml-attributes=3) "
        + "[limit.xml-attributes]\n")
    #expect(run(["dump", "a.ttml"], files: ["a.ttml": ttml]).status == 0)
    let attlist = run(
      ["convert", "--to", "vtt", "b.ttml"],
      files: ["b.ttml": #"<!DOCTYPE tt [<!ATTLIST p a CDATA "x">]>"# + ttml])
    #expect(attlist.status == 2)
    #expect(
      attlist.err
        == "b.ttml:1:1: error: attribute defaults in a DTD are not allowed (<!ATTLIST p a …> "
        + "gives a default value): they would add the attribute to every such element of "
        + "untrusted XML [xml.attribute-default]\n")
  }

  /// `--limit warnings-per-kind=N` caps each kind of IMSC layout warning, then sums up the rest.
  @Test func imageLayoutWarningsAreCappedPerKind() {
    let png =
      "iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAADklEQVR4nGP4"
      + "jwYY0AUAHiAf4RadhQcAAAAASUVORK5CYII="
    let div = ##"<div begin="1s" end="2s" smpte:backgroundImage="#i"/>"##
    let ttml = """
      <tt xmlns="http://www.w3.org/ns/ttml" \
      xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt" \
      xmlns:tts="http://www.w3.org/ns/ttml#styling" tts:extent="640px 480px"><head><metadata>\
      <smpte:image xml:id="i" imagetype="PNG" encoding="Base64">\(png)</smpte:image>\
      </metadata></head><body>\(div)\(div)\(div)</body></tt>
      """
    let result = run(
      ["convert", "--to", "ttml", "--limit", "warnings-per-kind=1", "a.ttml"],
      files: ["a.ttml": ttml])
    #expect(result.status == 0)
    #expect(
      result.err
        == "a.ttml: warning: cues 1 and 2 show images at the same time in overlapping regions "
        + "(IMSC 1.1 §7.12.1.2, §9.2.2) [ttml.imsc.layout]\na.ttml: warning: 2 more warnings like this [ttml.imsc.layout]\n"
    )
  }
}
