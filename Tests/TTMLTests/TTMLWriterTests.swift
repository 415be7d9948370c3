import ManifestCore
import Testing

@testable import Subtitles
@testable import TTML

@Suite struct TTMLWriterTests {
  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test func timeExpressionsAreExact() throws {
    let film = TTMLTimingParameters(frameRate: 24, frameRateMultiplier: (1000, 1001))
    #expect(TTMLWriter.time(SubtitleTime(milliseconds: 1001), film) == "00:00:01.001")
    #expect(TTMLWriter.time(SubtitleTime(seconds: 3725), nil) == "01:02:05.000")
    #expect(
      TTMLWriter.time(try #require(SubtitleTime(numerator: 1, denominator: 3)), nil)
        == "00:00:00.333333333")
    // One frame at 24000/1001 fps does not terminate as a decimal: frames.
    let frame = try #require(SubtitleTime(numerator: 1001, denominator: 24000))
    #expect(TTMLWriter.time(frame, film) == "1f")
    var ticks = film
    ticks.tickRate = 24000
    #expect(TTMLWriter.time(frame, ticks) == "1001t")
    #expect(TTMLWriter.time(SubtitleTime(seconds: 360_000), nil) == "100:00:00.000")
    #expect(
      TTMLWriter.time(
        try #require(SubtitleTime(numerator: 34_875_494, denominator: 10_000_000)), nil)
        == "00:00:03.4875494")
  }

  @Test func ttmlRoundTripKeepsCuesStylesRegionsAndImages() throws {
    let source = """
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
      xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt" \
      ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001" xml:lang="fr">
      <head><metadata><smpte:image xml:id="i" imagetype="PNG" encoding="Base64">\
      iVBORw0KGgoAAAANSUhEUg==</smpte:image></metadata>
      <styling><style xml:id="s1" tts:color="yellow"/><style xml:id="s2" style="s1" \
      tts:fontWeight="bold"/></styling>
      <layout><region xml:id="r1" tts:origin="10% 80%" tts:extent="80% 15%"/></layout></head>
      <body region="r1" tts:textAlign="center"><div>
      <p xml:id="c1" begin="1f" end="00:00:02:15" style="s2">Fish &amp; <span \
      tts:fontStyle="italic">chips</span><br/>&lt;now&gt;</p>
      <div begin="3s" end="4s" smpte:backgroundImage="#i"/>
      </div></body></tt>
      """
    let document = try TTMLReader.read(Array(source.utf8))
    let written = text(TTMLWriter.write(document, options: .init(imageProfile: .smpteTT)))
    #expect(written.contains(#"<style xml:id="s2" style="s1" tts:fontWeight="bold"/>"#))
    #expect(
      written.contains(
        #"<p xml:id="c1" begin="1f" end="00:00:02.5005" region="r1" style="s2" "#
          + #"tts:textAlign="center">Fish &amp; <span tts:fontStyle="italic">chips</span><br/>"#
          + "&lt;now&gt;</p>"))
    #expect(
      written.contains(
        #"<div begin="00:00:03.000" end="00:00:04.000" region="r1" "#
          + ##"smpte:backgroundImage="#i"/>"##))
    let again = try TTMLReader.read(Array(written.utf8))
    #expect(again.cues == document.cues)
    #expect(again.styles == document.styles)
    #expect(again.regions == document.regions)
    #expect(again.language == "fr")
    #expect(again.diagnostics.isEmpty)
  }

  @Test func webVTTToTTMLAndBackKeepsTextAndPlacement() throws {
    let vtt = """
      WEBVTT

      00:00:01.000 --> 00:00:02.000 line:0 align:left
      <b>Top</b> &lt;left&gt;

      00:00:03.000 --> 00:00:04.000
      <i>Bottom</i> & <c.yellow>sun</c>
      """
    let document = try WebVTTReader.read(Array(vtt.utf8))
    let ttml = TTMLWriter.write(document)
    let fromTTML = try TTMLReader.read(ttml)
    #expect(fromTTML.cues.map(\.plainText) == ["Top <left>", "Bottom & sun"])
    #expect(fromTTML.cues.map(\.start) == document.cues.map(\.start))
    #expect(fromTTML.cues[0].placement == CuePlacement(vertical: .top, horizontal: .left))
    #expect(fromTTML.cues[1].placement == CuePlacement())
    let back = text(WebVTTWriter.write(fromTTML))
    #expect(
      back == """
        WEBVTT

        00:00:01.000 --> 00:00:02.000 line:0 align:left
        <b>Top</b> &lt;left&gt;

        00:00:03.000 --> 00:00:04.000
        <i>Bottom</i> &amp; <c.yellow>sun</c>


        """)
  }

  @Test func propertyRoundTripsAcrossFormats() throws {
    // Random cues with millisecond times and awkward text survive SRT, WebVTT and TTML.
    var generator = SystemRandomNumberGenerator()
    let words = ["a", "b&c", "<d>", "é", "x -- y", "1"]
    var cues: [Cue] = []
    var time: Int64 = 0
    for _ in 0..<50 {
      time += Int64.random(in: 1...5000, using: &generator)
      let length = Int64.random(in: 1...4000, using: &generator)
      let lines = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in
          words[Int.random(in: 0..<words.count, using: &generator)]
        }.joined(separator: " ")
      }
      cues.append(
        Cue(
          start: SubtitleTime(milliseconds: time), end: SubtitleTime(milliseconds: time + length),
          text: lines.joined(separator: "\n")))
    }
    let document = SubtitleDocument(format: .ttml, cues: cues)
    for format in SubtitleFormat.allCases {
      let again = try SubtitleDocument.read(document.written(as: format), format: format)
      #expect(again.cues.map(\.plainText) == cues.map(\.plainText), "\(format)")
      #expect(again.cues.map(\.start) == cues.map(\.start), "\(format)")
      #expect(again.cues.map(\.end) == cues.map(\.end), "\(format)")
    }
  }
}
