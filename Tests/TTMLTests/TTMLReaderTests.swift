import ManifestCore
import Testing

@testable import Subtitles
@testable import TTML

@Suite struct TTMLReaderTests {
  private func read(_ body: String, head: String = "", parameters: String = "") throws(ParseError)
    -> SubtitleDocument
  {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \
      xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \(parameters) xml:lang="en">
      <head>\(head)</head>
      <body>\(body)</body>
      </tt>
      """
    return try TTMLReader.read(Array(text.utf8))
  }

  private func ms(_ value: Int64) -> SubtitleTime { SubtitleTime(milliseconds: value) }

  private func times(_ document: SubtitleDocument) -> [[Int64]] {
    document.cues.map { [$0.start.milliseconds, $0.end.milliseconds] }
  }

  @Test func nestedOffsetsAccumulateAndAncestorsClip() throws {
    let document = try read(
      """
      <div begin="10s">
        <div begin="2s" end="8s">
          <p begin="1s" end="2s">a</p>
          <p begin="5s" end="20s">clipped at the div's end (10 + 8)</p>
          <p>no timing: the whole div</p>
          <p begin="9s">after the div: never shown</p>
        </div>
      </div>
      """)
    #expect(times(document) == [[13_000, 14_000], [17_000, 18_000], [12_000, 18_000]])
  }

  @Test func durAndEndTheEarlierWins() throws {
    let document = try read(
      """
      <div><p begin="1s" end="3s" dur="1s">dur wins</p><p begin="1s" end="2s" dur="5s">end wins</p>
      <p begin="4s" dur="500ms">dur only</p></div>
      """)
    #expect(times(document) == [[1000, 2000], [1000, 2000], [4000, 4500]])
  }

  @Test func sequentialContainers() throws {
    let document = try read(
      """
      <div timeContainer="seq" begin="1s">
        <p dur="2s">first: 1–3</p>
        <p begin="1s" dur="2s">second starts 1 s after the first ends: 4–6</p>
        <p dur="1s">third: 6–7</p>
      </div>
      """)
    #expect(times(document) == [[1000, 3000], [4000, 6000], [6000, 7000]])
  }

  @Test func textBreaksSpansAndWhitespace() throws {
    let document = try read(
      """
      <div><p begin="0s" end="1s">
          Hello,   <span tts:fontStyle="italic">dear
          world</span> <br/>  second
          line  </p>
      <p begin="1s" end="2s" xml:space="preserve">  kept
      as is</p></div>
      """)
    let first = try #require(document.cues.first?.text)
    #expect(
      first.nodes == [
        .text("Hello, "),
        .span(
          CueSpan(
            .styled, style: [StyleProperty("fontStyle", "italic")], children: [.text("dear world")])
        ),
        .lineBreak, .text("second line"),
      ])
    #expect(document.cues[0].plainText == "Hello, dear world\nsecond line")
    #expect(document.cues[1].plainText == "  kept\nas is")
  }

  @Test func preservedSpacesStayAtLineEndsAndTheEnd() throws {
    // TTML1 §7.2.3: xml:space="preserve" retains spaces at a line break (suppress-at-line-break
    // retain), so trailing spaces before a br and at the end of the p stay.
    let document = try read(
      """
      <div><p begin="0s" end="1s" xml:space="preserve">a  <br/>  b </p>
      <p begin="1s" end="2s">c  <br/>  d </p></div>
      """)
    #expect(document.cues.map(\.plainText) == ["a  \n  b ", "c\nd"])
  }

  @Test func trimmingSpacesKeepsCharactersThatJoinThem() throws {
    // U+0600 (Arabic number sign) joins the space after it into one grapheme: trimming the
    // space before a line break or at the end must not take the sign with it.
    let document = try read(
      """
      <div><p begin="0s" end="1s">a \u{600} <br/>b \u{600} </p>
      <p begin="1s" end="3s"><span>c \u{600} </span><span begin="1s">d</span></p></div>
      """)
    #expect(document.cues.map(\.plainText) == ["a \u{600}\nb \u{600}", "c \u{600}", "c \u{600} d"])
    #expect(document.cues[0].text?.nodes == [.text("a \u{600}"), .lineBreak, .text("b \u{600}")])
  }

  @Test func stylesAndRegionsResolve() throws {
    let document = try read(
      """
      <div region="top"><p begin="0s" end="1s" style="emphasis" tts:textAlign="left">a \
      <span style="yellow">b</span></p></div>
      <div><p begin="1s" end="2s" region="bottom">c</p></div>
      """,
      head: """
        <styling>
          <style xml:id="base" tts:fontFamily="proportionalSansSerif" tts:color="white"/>
          <style xml:id="emphasis" style="base" tts:fontWeight="bold"/>
          <style xml:id="yellow" tts:color="#FFFF00"/>
        </styling>
        <layout>
          <region xml:id="top" tts:origin="10% 5%" tts:extent="80% 15%" tts:displayAlign="before"/>
          <region xml:id="bottom" tts:origin="10% 80%" tts:extent="80% 15%" style="base">
            <style tts:displayAlign="after"/>
          </region>
        </layout>
        """)
    #expect(document.styles.map(\.identifier) == ["base", "emphasis", "yellow"])
    #expect(document.styles[1].references == ["base"])
    #expect(document.regions.map(\.identifier) == ["top", "bottom"])
    #expect(document.region("bottom")?.value("color") == "white")
    #expect(document.region("bottom")?.value("displayAlign") == "after")
    let first = document.cues[0]
    #expect(first.region == "top")
    #expect(first.styleReferences == ["emphasis"])
    #expect(first.styleValue("fontWeight") == "bold")
    #expect(first.styleValue("color") == "white")
    #expect(first.styleValue("textAlign") == "left")
    #expect(first.placement == CuePlacement(vertical: .top, horizontal: .left))
    guard case .span(let span)? = first.text?.nodes.last else {
      Issue.record("expected a span")
      return
    }
    #expect(span.color == "#FFFF00")
    #expect(span.styleReferences == ["yellow"])
    #expect(document.cues[1].region == "bottom")
    #expect(document.cues[1].placement == CuePlacement())
    #expect(document.cues[1].styleValue("color") == "white")
    #expect(document.diagnostics.isEmpty)
  }

  @Test func unknownReferencesAreReported() throws {
    let document = try read(
      """
      <div><p begin="0s" end="1s" style="nope" region="nowhere">x</p></div>
      """)
    #expect(
      document.diagnostics.map(\.message) == ["unknown style 'nope'", "unknown region 'nowhere'"])
    #expect(document.diagnostics.first?.location.line == 4)
  }

  @Test func aStyleMayReferToOneDefinedAfterIt() throws {
    // Referential styles are resolved when used (TTML1 §8.4.1.3), so a style naming a later
    // one is fine; only a name no style has is reported, at the line that uses it.
    let document = try read(
      """
      <div><p begin="0s" end="1s" style="s4">x</p></div>
      """,
      head: """
        <styling>
          <style xml:id="s4" style="s5 missing" tts:color="blue"/>
          <style xml:id="s5" tts:color="green" tts:fontWeight="bold"/>
        </styling>
        """)
    #expect(document.cues[0].styleValue("color") == "blue")
    #expect(document.cues[0].styleValue("fontWeight") == "bold")
    #expect(
      document.diagnostics.map { $0.rendered(file: "t.ttml") } == [
        "t.ttml:4:1: warning: unknown style 'missing' [ttml.style.unknown]"
      ])
  }

  @Test func timedSpansSplitTheParagraph() throws {
    let document = try read(
      """
      <div><p begin="10s" end="14s"><span begin="0s">one </span><span begin="1s">two </span>\
      <span begin="2s" end="3s">three</span></p></div>
      """)
    #expect(
      times(document) == [
        [10_000, 11_000], [11_000, 12_000], [12_000, 13_000], [13_000, 14_000],
      ])
    #expect(document.cues.map(\.plainText) == ["one", "one two", "one two three", "one two"])
  }

  /// TTML2 §12.4, §12.2.4: a `p` of text with no `end` or `dur` on it or an ancestor lasts as
  /// long as the document, whose end the document does not give: the latest time it gives (of
  /// any timed element, a `set` among them) stands for it. One beginning then lasts no time.
  @Test func unresolvedEndsLastToTheLatestTimeTheDocumentGives() throws {
    let document = try read(
      """
      <div><p begin="1s">open</p><p begin="3s" end="4s">next</p>
      <p begin="4s">last</p></div>
      """)
    #expect(times(document) == [[1000, 4000], [3000, 4000], [4000, 4000]])
    #expect(
      document.diagnostics.map { $0.rendered(file: "t.ttml") } == [
        "t.ttml:5:1: warning: p has no end time (no end or dur on it or an ancestor) and begins "
          + "at or after the latest time the document gives; it ends where it begins "
          + "[ttml.p.no-end]"
      ])
    let hidden = try read(#"<div><p begin="1s">a<set begin="5s" tts:display="none"/></p></div>"#)
    #expect(times(hidden) == [[1000, 6000]])
    #expect(hidden.diagnostics.isEmpty)
  }

  @Test func documentTimingParametersApply() throws {
    let document = try read(
      """
      <div><p begin="24f" end="48f">film</p><p begin="120t" end="180t">ticks</p></div>
      """,
      parameters: #"ttp:frameRate="24" ttp:frameRateMultiplier="1000 1001" ttp:tickRate="60""#)
    #expect(document.cues[0].start == ms(1001))
    #expect(document.cues[0].end == ms(2002))
    #expect(document.cues[1].start == SubtitleTime(seconds: 2))
    #expect(document.timing?.frameRate == 24)
    #expect(document.timing?.tickRate == 60)
    #expect(document.language == "en")
  }

  @Test func smpteImagesInBothNamespacesWithWrappedBase64() throws {
    let document = try TTMLReader.read(try Fixture.bytes("smpte-tt-images.xml"))
    #expect(document.cues.count == 3)
    let png = try Fixture.bytes("white-4x2.png")
    let first = try #require(document.cues[0].image)
    #expect(first.data == png)
    #expect(first.isPNG)
    #expect(first.source == "#img_0")
    #expect(document.cues[0].start == SubtitleTime(seconds: 1))
    #expect(document.cues[0].end == SubtitleTime(numerator: 25_005, denominator: 10_000))
    #expect(document.cues[0].region == "r0")
    let second = try #require(document.cues[1].image)
    #expect(second.isPNG)
    #expect(second.data?.count == 74)
    #expect(document.cues[1].start == ms(3003))
    #expect(document.cues[1].end == ms(4004))
    #expect(document.cues[1].placement == CuePlacement(vertical: .top))
    #expect(document.cues[2].image?.data == nil)
    #expect(
      document.diagnostics.map { $0.rendered(file: "i.xml") } == [
        "i.xml:31:1: warning: image '#missing' is not defined in the document [ttml.image.undefined]"
      ])
  }

  @Test func imscAndTTML2ImageElements() throws {
    let document = try read(
      """
      <div begin="1s" end="2s" smpte:backgroundImage="1.png" \
      xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt"/>
      <div><image begin="2s" end="3s" src="#i1"/></div>
      <div><image begin="3s" end="4s"><source><data type="image/png" encoding="base64">\
      iVBORw0KGgo=</data></source></image></div>
      """,
      head: """
        <resources><image xml:id="i1"><source><data type="image/png" encoding="base64">
        iVBORw0K
        Ggo=</data></source></image></resources>
        """)
    #expect(document.cues.count == 3)
    #expect(document.cues[0].image == CueImage(data: nil, source: "1.png"))
    #expect(document.cues[1].image?.data == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(document.cues[2].image?.data == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    #expect(document.cues[2].image?.mediaType == "image/png")
  }

  @Test func dfxp2006Namespaces() throws {
    let text = """
      <tt xmlns="http://www.w3.org/2006/10/ttaf1" \
      xmlns:tts="http://www.w3.org/2006/10/ttaf1#styling">
      <body><div><p begin="0.5s" end="1.5s" tts:fontStyle="italic">old</p></div></body></tt>
      """
    let document = try TTMLReader.read(Array(text.utf8))
    #expect(times(document) == [[500, 1500]])
    #expect(document.cues[0].styleValue("fontStyle") == "italic")
  }

  @Test func hostileAndWrongDocumentsAreErrors() {
    do {
      _ = try TTMLReader.read(
        Array(
          """
          <?xml version="1.0"?>
          <!DOCTYPE tt [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
          <tt xmlns="http://www.w3.org/ns/ttml"><body><p>&xxe;</p></body></tt>
          """.utf8))
      Issue.record("XXE accepted")
    } catch {
      #expect(error.code == "xml.entity-declaration")
      #expect(error.location.line == 2)
    }
    do {
      _ = try TTMLReader.read(Array("<html><body/></html>".utf8))
      Issue.record("HTML accepted")
    } catch {
      #expect(
        error.message
          == "not a TTML document: the root element is <html> in namespace '', expected <tt> in "
          + "the TTML namespace")
    }
    do {
      _ = try TTMLReader.read(Array("<tt xmlns=\"http://www.w3.org/ns/ttml\">\n<body>".utf8))
      Issue.record("truncated document accepted")
    } catch {
      #expect(error.code == "xml.not-well-formed")
      #expect(error.location.line == 2)
      #expect(error.message.hasPrefix("the document ends before its elements are closed"))
    }
  }

  @Test func benchmarkStyleDocumentParses() throws {
    let document = try read(
      """
      <div><p begin="00:00:01.000" dur="2.069s">may have<br/><span tts:fontStyle="italic">not \
      down</span></p><p begin="34875494t" end="49252049t">had just</p></div>
      """, parameters: #"ttp:tickRate="10000000""#)
    #expect(document.cues.count == 2)
    #expect(document.cues[0].end == ms(3069))
    #expect(document.cues[1].start == SubtitleTime(numerator: 34_875_494, denominator: 10_000_000))
    #expect(document.cues[0].plainText == "may have\nnot down")
  }
}
