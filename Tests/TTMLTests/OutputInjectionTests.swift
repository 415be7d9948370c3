import ManifestCore
import Testing

@testable import Subtitles
@testable import TTML

/// Nothing in a cue's text, identifier or a document's language can change the structure of
/// what a writer writes (issue 12, finding 9): read back, every conversion has the same cues
/// at the same times.
@Suite struct OutputInjectionTests {
  /// A deterministic generator (SplitMix64), so a failure can be replayed.
  private struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// Pieces of text that mean structure somewhere.
  static let hostile = [
    "\r", "\n", "\r\n", "\n\n", "-->", "--", ">", "<b>", "</i>", "<font color=\"red\">", "&",
    "&amp;", "&lt;b&gt;", "--&gt;", "12", "00:00:01,000 --> 00:00:02,000",
    "00:00:05.000 --> 00:00:06.000", "\u{0}", "\u{FEFF}", "{\\an8}", "{", "\\", "WEBVTT", "NOTE",
    "STYLE", " ", "\t", "<", "a", "é", "<3", "1", "",
  ]

  private func hostileText(_ generator: inout Generator) -> String {
    (0..<Int.random(in: 0...6, using: &generator)).map { _ in
      Self.hostile[Int.random(in: 0..<Self.hostile.count, using: &generator)]
    }.joined()
  }

  private func cues(seed: UInt64) -> [Cue] {
    var generator = Generator(state: seed)
    var time: Int64 = 0
    return (0..<40).map { _ in
      time += Int64.random(in: 1...3000, using: &generator)
      let length = Int64.random(in: 1...3000, using: &generator)
      return Cue(
        identifier: hostileText(&generator), start: SubtitleTime(milliseconds: time),
        end: SubtitleTime(milliseconds: time + length),
        content: .text(CueText(nodes: [.text(hostileText(&generator))])))
    }
  }

  /// Every reader × writer pair: a document read from each format, written as each format and
  /// read back, has the same cues at the same times.
  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func everyConversionKeepsTheCues(seed: UInt64) throws {
    let original = cues(seed: seed)
    for source in SubtitleFormat.allCases {
      let generated = SubtitleDocument(format: .ttml, cues: original)
      let read = try SubtitleDocument.read(generated.written(as: source), format: source)
      #expect(read.cues.count == original.count, "written as \(source)")
      #expect(read.cues.map(\.start) == original.map(\.start), "written as \(source)")
      #expect(read.cues.map(\.end) == original.map(\.end), "written as \(source)")
      for target in SubtitleFormat.allCases {
        let written = read.written(as: target)
        let again = try SubtitleDocument.read(written, format: target)
        #expect(again.cues.count == read.cues.count, "\(source) → \(target)")
        #expect(again.cues.map(\.start) == read.cues.map(\.start), "\(source) → \(target)")
        #expect(again.cues.map(\.end) == read.cues.map(\.end), "\(source) → \(target)")
      }
    }
  }

  private func ttml(_ attributes: String, _ body: String) -> [UInt8] {
    Array(
      (#"<tt xmlns="http://www.w3.org/ns/ttml" \#(attributes)><body><div>"# + body
        + "</div></body></tt>").utf8)
  }

  /// A newline in `xml:lang` made a `Language:` header line that added a cue.
  @Test func aLanguageThatIsNotATagIsDroppedWithAWarning() throws {
    let document = try TTMLReader.read(
      ttml(
        #"xml:lang="en&#10;&#10;00:00:09.000 --> 00:00:10.000&#10;forged""#,
        #"<p begin="1s" end="2s">x</p>"#))
    #expect(document.language == nil)
    #expect(
      document.diagnostics.map(\.message) == [
        "xml:lang 'en\\u{0A}\\u{0A}00:00:09.000 --> 00:00:10.000\\u{0A}forged' is not a BCP 47 "
          + "language tag; ignored"
      ])
    #expect(
      String(decoding: document.written(as: .webVTT), as: UTF8.self)
        == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nx\n\n")
    var made = SubtitleDocument(format: .srt, cues: [])
    made.language = "en\nX"
    #expect(String(decoding: made.written(as: .webVTT), as: UTF8.self) == "WEBVTT\n\n")
    made.language = "pt-BR"
    #expect(
      String(decoding: made.written(as: .webVTT), as: UTF8.self) == "WEBVTT\nLanguage: pt-BR\n\n")
    #expect(LanguageTag.isWellFormed("zh-Hant-TW"))
    #expect(!LanguageTag.isWellFormed("1en"))
    #expect(!LanguageTag.isWellFormed("en-"))
    #expect(!LanguageTag.isWellFormed("toolongtag"))
  }

  /// A CR (`&#13;`) in text or `xml:id` ended an SRT cue early or forged a WebVTT cue id.
  @Test func carriageReturnsAreLineBreaks() throws {
    let document = try TTMLReader.read(
      ttml(
        "",
        #"<p xml:id="a&#13;00:00:05.000 --> 00:00:06.000" begin="1s" end="2s" xml:space="preserve">"#
          + "one&#13;&#13;"
          + #"2&#13;00:00:03,000 --> 00:00:04,000&#13;two</p>"#))
    #expect(
      String(decoding: document.written(as: .srt), as: UTF8.self)
        == "1\n00:00:01,000 --> 00:00:02,000\none\n2\n00:00:03,000 -- > 00:00:04,000\ntwo\n\n")
    #expect(
      String(decoding: document.written(as: .webVTT), as: UTF8.self)
        == "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\none\n2\n00:00:03,000 --&gt; 00:00:04,000\n"
        + "two\n\n")
    let ttml = String(decoding: document.written(as: .ttml), as: UTF8.self)
    #expect(ttml.contains(#"xml:id="a&#13;00:00:05.000 --&gt; 00:00:06.000""#))
    #expect(ttml.contains("one<br/><br/>2<br/>00:00:03,000 --&gt; 00:00:04,000<br/>two</p>"))
  }

  /// Escaped `--&gt;` and `&lt;b&gt;` in WebVTT became a timing line and markup in SRT.
  @Test func escapedMarkupStaysTextInSRT() throws {
    let document = try WebVTTReader.read(
      Array(
        ("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n&lt;b&gt;bold&lt;/b&gt; &lt;3 {\\an8}\n"
          + "00:00:03,000 --&gt; 00:00:04,000\n").utf8))
    let srt = String(decoding: document.written(as: .srt), as: UTF8.self)
    #expect(
      srt
        == "1\n00:00:01,000 --> 00:00:02,000\n< b>bold< /b> <3 { \\an8}\n"
        + "00:00:03,000 -- > 00:00:04,000\n\n")
    let again = try SRTReader.read(Array(srt.utf8))
    #expect(again.cues.count == 1)
    #expect(again.cues[0].plainText == "< b>bold< /b> <3 { \\an8}\n00:00:03,000 -- > 00:00:04,000")
  }

  /// A colour that holds a quote and a line break cannot leave SRT's `<font>` tag.
  @Test func aHostileColourIsLeftOut() throws {
    let document = try TTMLReader.read(
      Array(
        (#"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">"#
          + #"<body><div><p begin="1s" end="2s"><span tts:color="red&quot;&gt;&#10;&#10;2">x"#
          + ##"</span> <span tts:color="#ff0000">y</span></p></div></body></tt>"##).utf8))
    #expect(
      String(decoding: document.written(as: .srt), as: UTF8.self)
        == "1\n00:00:01,000 --> 00:00:02,000\nx <font color=\"#ff0000\">y</font>\n\n")
  }

  /// Identifiers that would start another block are not written as WebVTT cue ids.
  @Test func webVTTIdentifiersThatMeanSomethingElseAreLeftOut() {
    #expect(WebVTTWriter.isWritableIdentifier("intro"))
    #expect(WebVTTWriter.isWritableIdentifier("NOTES"))
    for identifier in ["", "NOTE", "NOTE x", "STYLE", "REGION", "a-->b", "a\rb", "a\nb"] {
      #expect(!WebVTTWriter.isWritableIdentifier(identifier), "\(identifier)")
    }
  }
}
