import SubtitleCommands
import Testing
import ToolSupport

/// `convert`'s caption style overrides (issue 20 item 5): the FCC caption settings as a WebVTT
/// `::cue` rule or TTML styles.
@Suite struct SubtitleStyleOverrideTests {
  private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let io = ToolIO.memory(files: ["in.srt": Self.srt])
    let status = SubtitleTool.tool.run(arguments, io: io)
    return (status, io.capturedOutput, io.capturedError)
  }

  /// SRT as Subtitle Edit 4 saves it (CRLF line ends).
  static let srt =
    "1\r\n00:00:01,000 --> 00:00:04,500\r\nHello there.\r\n\r\n"
    + "2\r\n00:00:05,500 --> 00:00:06,500\r\n<i>Across</i> the line\r\n\r\n"

  static let settings = [
    "--font-family", "Helvetica Neue, sans-serif", "--font-scale", "150", "--color", "yellow",
    "--background", "black", "--background-opacity", "50",
  ]

  @Test func webVTTGetsOneCueRule() {
    let result = run(["convert", "--to", "vtt"] + Self.settings + ["--edge", "outline", "in.srt"])
    #expect(result.status == 0)
    #expect(result.err == "")
    #expect(
      result.out == """
        WEBVTT

        STYLE
        ::cue {
          font-family: "Helvetica Neue", sans-serif;
          font-size: 150%;
          color: #FFFF00;
          background-color: #00000080;
          text-shadow: #000000 -0.05em -0.05em 0, #000000 0.05em -0.05em 0, \
        #000000 -0.05em 0.05em 0, #000000 0.05em 0.05em 0;
        }

        1
        00:00:01.000 --> 00:00:04.500
        Hello there.

        2
        00:00:05.500 --> 00:00:06.500
        <i>Across</i> the line


        """)
  }

  @Test func everyEdgeAsCSSAndTTML() {
    let expected: [(String, String, String)] = [
      ("none", "text-shadow: none;", #"tts:textOutline="none" tts:textShadow="none""#),
      (
        "drop-shadow", "text-shadow: #0000FF 0.08em 0.08em 0.08em;",
        ##"tts:textShadow="8% 8% 8% #0000FF""##
      ),
      ("raised", "text-shadow: #0000FF 0.05em 0.05em 0;", ##"tts:textShadow="5% 5% #0000FF""##),
      (
        "depressed", "text-shadow: #0000FF -0.05em -0.05em 0;",
        ##"tts:textShadow="-5% -5% #0000FF""##
      ),
      ("outline", "text-shadow: #0000FF -0.05em -0.05em 0,", ##"tts:textOutline="#0000FF 5%""##),
    ]
    for (edge, css, ttml) in expected {
      let options = ["--edge", edge, "--edge-color", "#0000ff", "in.srt"]
      let vtt = run(["convert", "--to", "vtt"] + options)
      #expect(vtt.status == 0)
      #expect(vtt.out.contains("::cue {\n  " + css))
      let xml = run(["convert", "--to", "ttml"] + options)
      #expect(xml.status == 0)
      #expect(xml.out.contains(#"<style xml:id="captionStyle" "# + ttml + "/>"))
    }
  }

  @Test func ttmlGetsAStyleEverySpanReferences() {
    let result = run(
      ["convert", "--to", "ttml"] + Self.settings + ["--edge", "drop-shadow", "in.srt"])
    #expect(result.status == 0)
    #expect(
      result.out == """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
        xmlns:tts="http://www.w3.org/ns/ttml#styling" ttp:timeBase="media" xml:lang="">
          <head>
            <styling>
              <style xml:id="captionStyle" tts:fontFamily="&quot;Helvetica Neue&quot;, sansSerif" \
        tts:fontSize="150%" tts:color="#FFFF00" tts:backgroundColor="#00000080" \
        tts:textShadow="8% 8% 8% #000000"/>
            </styling>
            <layout>
              <region xml:id="bottom" tts:origin="10% 75%" tts:extent="80% 20%" \
        tts:displayAlign="after" tts:textAlign="center"/>
            </layout>
          </head>
          <body>
            <div>
              <p begin="00:00:01.000" end="00:00:04.500" region="bottom"><span \
        style="captionStyle">Hello there.</span></p>
              <p begin="00:00:05.500" end="00:00:06.500" region="bottom"><span \
        style="captionStyle"><span tts:fontStyle="italic">Across</span> the line</span></p>
            </div>
          </body>
        </tt>

        """)
  }

  @Test func valuesThatCouldBreakOutAreRefused() {
    let cases: [([String], String)] = [
      (
        ["--to", "vtt", "--font-family", "A\"; } ::cue { color: red"],
        "option '--font-family' needs font names of letters, digits, spaces, '-' and '_', "
          + "separated by commas, got 'A\"; } ::cue { color: red'"
      ),
      (
        ["--to", "ttml", "--color", "red\"/><x"],
        "option '--color' needs white, black, red, green, blue, yellow, magenta, cyan, #RRGGBB "
          + "or #RRGGBBAA, got 'red\"/><x'"
      ),
      (
        ["--to", "vtt", "--background", "#12345"],
        "option '--background' needs white, black, red, green, blue, yellow, magenta, cyan, "
          + "#RRGGBB or #RRGGBBAA, got '#12345'"
      ),
      (
        ["--to", "vtt", "--font-scale", "1000"],
        "option '--font-scale' needs a percentage from 50 to 400, got '1000'"
      ),
      (
        ["--to", "vtt", "--background-opacity", "50.5"],
        "option '--background-opacity' needs a whole percentage from 0 to 100, got '50.5'"
      ),
      (
        ["--to", "vtt", "--edge", "shadow"],
        "option '--edge' needs none, outline, drop-shadow, raised or depressed, got 'shadow'"
      ),
      (["--to", "vtt", "--edge-color", "red"], "--edge-color needs --edge"),
      (
        ["--to", "srt", "--color", "red"],
        "style overrides need --to vtt or ttml (SRT has no styling)"
      ),
    ]
    for (options, message) in cases {
      let result = run(["convert"] + options + ["in.srt"])
      #expect(result.status == 2)
      #expect(result.out == "")
      #expect(
        result.err
          == "subtitle-tool convert: error: \(message) [cli.usage]\n"
          + "Run 'subtitle-tool convert --help' for usage.\n")
    }
  }
}
