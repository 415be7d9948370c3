import ManifestCore
import Testing
import XMLSupport

@testable import Subtitles
@testable import TTML

/// Hostile subtitle input (issue 12): each case at a size that crashes, takes minutes or
/// multiplies memory when the bug is back, and finishes at once when it is not.
@Suite struct HostileSubtitleTests {
  private static let head =
    #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">"#

  private func error(_ body: () throws -> Void) -> ParseError? {
    do {
      try body()
      return nil
    } catch let error as ParseError {
      return error
    } catch {
      Issue.record("unexpected error \(error)")
      return nil
    }
  }

  // MARK: Style resolution

  /// 60,000 styles each naming the one before (2.4 MB): resolved recursively this overflowed
  /// the stack (SIGSEGV).
  @Test func aStyleChainOf60000ReferencesResolves() throws {
    var text = Self.head + #"<head><styling><style xml:id="s0" tts:color="blue"/>"#
    for i in 1..<60_000 { text += #"<style xml:id="s\#(i)" style="s\#(i - 1)"/>"# }
    text += #"</styling></head><body><div><p begin="1s" end="2s" style="s59999">x</p>"#
    text += "</div></body></tt>"
    let document = try TTMLReader.read(Array(text.utf8))
    #expect(document.cues.count == 1)
    #expect(document.cues[0].style == [StyleProperty("color", "blue")])
    #expect(document.styles.count == 60_000)
  }

  /// Each style names the one before 4 times: expanded per reference that is 4^40 steps;
  /// each style is resolved once.
  @Test func stylesNamingThePreviousOneFourTimesResolveOnce() throws {
    var text = Self.head + #"<head><styling><style xml:id="s0" tts:color="blue"/>"#
    for i in 1..<40 {
      let previous = "s\(i - 1)"
      text +=
        #"<style xml:id="s\#(i)" style="\#(previous) \#(previous) \#(previous) \#(previous)" "#
        + #"tts:fontStyle="\#(i % 2 == 0 ? "italic" : "normal")"/>"#
    }
    text += #"</styling></head><body><div><p begin="1s" end="2s" style="s39">x</p>"#
    text += "</div></body></tt>"
    let document = try TTMLReader.read(Array(text.utf8))
    #expect(
      document.cues[0].style == [
        StyleProperty("color", "blue"), StyleProperty("fontStyle", "normal"),
      ]
    )
  }

  /// A chain where every style adds a made-up property: inherited, the resolved styles would
  /// hold n²/2 properties (20,000 styles: 200 million). Only TTML's properties are inherited.
  @Test func madeUpPropertiesAreNotInheritedThroughAChain() throws {
    var text = Self.head + #"<head><styling><style xml:id="s0" tts:color="blue"/>"#
    for i in 1..<20_000 { text += #"<style xml:id="s\#(i)" style="s\#(i - 1)" tts:x\#(i)="1"/>"# }
    text += #"</styling></head><body><div><p begin="1s" end="2s" style="s19999">x</p>"#
    text += "</div></body></tt>"
    let document = try TTMLReader.read(Array(text.utf8))
    #expect(document.cues[0].style == [StyleProperty("color", "blue")])
    // The style keeps what it declares, for a TTML round trip.
    #expect(document.styles[19_999].properties == [StyleProperty("x19999", "1")])
  }

  /// A cycle is cut where it is first met, and resolving stays finite.
  @Test func aStyleCycleIsCut() throws {
    let text =
      Self.head + #"<head><styling><style xml:id="a" style="b" tts:color="red"/>"#
      + #"<style xml:id="b" style="a" tts:fontStyle="italic"/></styling></head>"#
      + #"<body><div><p begin="1s" end="2s" style="a">x</p></div></body></tt>"#
    let document = try TTMLReader.read(Array(text.utf8))
    #expect(
      document.cues[0].style == [
        StyleProperty("color", "red"), StyleProperty("fontStyle", "italic"),
      ])
  }

  // MARK: DTD attribute defaults and attributes per element

  /// libxml2 adds an `<!ATTLIST>` default to every element it names (394 KB became 400 MB).
  @Test func attributeDefaultsInTheInternalSubsetAreRefused() {
    let text =
      #"<!DOCTYPE tt [<!ATTLIST p a CDATA "xxxxxxxx">]><tt xmlns="http://www.w3.org/ns/ttml">"#
      + #"<body><div><p begin="1s" end="2s">x</p></div></body></tt>"#
    let failure = error { _ = try TTMLReader.read(Array(text.utf8)) }
    #expect(failure?.code == "xml.attribute-default")
    #expect(
      failure?.message
        == "attribute defaults in a DTD are not allowed (<!ATTLIST p a …> gives a default "
        + "value): they would add the attribute to every such element of untrusted XML")
    #expect(failure?.location.line == 1)
  }

  /// An attribute declaration without a default adds nothing and is read.
  @Test func attributeDeclarationsWithoutDefaultsAreRead() throws {
    let text =
      #"<!DOCTYPE tt [<!ATTLIST p a CDATA #IMPLIED b (x|y) #REQUIRED>]>"#
      + #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s">x</p>"#
      + "</div></body></tt>"
    #expect(try TTMLReader.read(Array(text.utf8)).cues.count == 1)
  }

  private func paragraph(attributes count: Int) -> [UInt8] {
    var text = #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s""#
    for i in 0..<(count - 2) { text += #" a\#(i)="1""# }
    text += ">x</p></div></body></tt>"
    return Array(text.utf8)
  }

  /// libxml2 checks each attribute against all before it (200,000 attributes: 37 s): more than
  /// the limit are refused before libxml2 sees them.
  @Test func elementsWithTooManyAttributesAreRefusedBeforeLibxml2() throws {
    #expect(try TTMLReader.read(paragraph(attributes: 1000)).cues.count == 1)
    let failure = error { _ = try TTMLReader.read(paragraph(attributes: 1001)) }
    #expect(failure?.code == "limit.xml-attributes")
    #expect(
      failure?.message
        == "an element has more than 1000 attributes (limit xml-attributes=1000) "
        + "[limit.xml-attributes]")
    #expect(failure?.location.line == 1)
    #expect(failure?.location.column == 50)
    let huge = error { _ = try TTMLReader.read(paragraph(attributes: 200_000)) }
    #expect(huge?.code == "limit.xml-attributes")
    let custom = error {
      _ = try TTMLReader.read(paragraph(attributes: 6), limits: Limits(xmlAttributes: 5))
    }
    #expect(custom?.message.hasSuffix("(limit xml-attributes=5) [limit.xml-attributes]") == true)
  }

  /// The prescan follows markup: `=` in text, comments, CDATA, quoted values and the DOCTYPE
  /// is no attribute; UTF-16 documents are scanned by code unit.
  @Test func thePrescanCountsOnlyAttributes() throws {
    let equals = String(repeating: "=", count: 3000)
    let text =
      #"<!DOCTYPE tt [<!-- \#(equals) --><!ATTLIST p a CDATA #IMPLIED>]>"#
      + #"<tt xmlns="http://www.w3.org/ns/ttml"><body><div>"#
      + #"<p begin="1s" end="2s" xml:id="\#(equals)">\#(equals)<![CDATA[\#(equals)]]>"#
      + "<!-- \(equals) --><?pi \(equals)?></p></div></body></tt>"
    #expect(try TTMLReader.read(Array(text.utf8)).cues.count == 1)
    var utf16: [UInt8] = [0xFF, 0xFE]
    for unit in String(decoding: paragraph(attributes: 1001), as: UTF8.self).utf16 {
      utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    #expect(error { _ = try TTMLReader.read(utf16) }?.code == "limit.xml-attributes")
  }

  /// An encoding in which markup is not plain ASCII could hide attributes from the prescan.
  @Test func encodingsThePrescanCannotReadAreRefused() throws {
    let utf7 = #"<?xml version="1.0" encoding="UTF-7"?><tt xmlns="http://www.w3.org/ns/ttml"/>"#
    let failure = error { _ = try TTMLReader.read(Array(utf7.utf8)) }
    #expect(failure?.code == "xml.unsupported-encoding")
    #expect(
      failure?.message
        == "the document declares encoding 'UTF-7', which is not read for untrusted XML (use "
        + "UTF-8 or UTF-16)")
    let latin1 =
      #"<?xml version="1.0" encoding="ISO-8859-1"?><tt xmlns="http://www.w3.org/ns/ttml">"#
      + #"<body><div><p begin="1s" end="2s">caf"#
    let document = try TTMLReader.read(
      Array(latin1.utf8) + [0xE9] + Array("</p></div></body></tt>".utf8))
    #expect(document.cues.map(\.plainText) == ["café"])
  }

  /// libxml2's own messages (encoding errors) are one line: its second line ("Bytes: …")
  /// would not be in the FILE:LINE:COL form.
  @Test func libxml2MessagesAreOneLine() {
    let bytes =
      Array(#"<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s">a"#.utf8)
      + [0xFF, 0xFE] + Array(" b</p></div></body></tt>".utf8)
    let failure = error { _ = try TTMLReader.read(bytes) }
    #expect(failure?.code == "xml.not-well-formed")
    #expect(
      failure?.message
        == "Input is not proper UTF-8, indicate encoding !; Bytes: 0xFF 0xFE 0x20 0x62")
    #expect(PrintableText.value("a\nb\u{1B}") == "a\\u{0A}b\\u{1B}")
  }

  // MARK: Nesting

  /// Markup nested 200,000 deep: the parsers stop nesting at `CueSpan.maximumDepth`, so the
  /// trees every writer walks stay shallow.
  @Test func deepInlineMarkupStaysShallow() throws {
    let depth = 200_000
    let tags = String(repeating: "<b>", count: depth) + "x"
    func nesting(_ nodes: [CueNode]) -> Int {
      var deepest = 0
      var level: [(nodes: [CueNode], depth: Int)] = [(nodes, 0)]
      while let (nodes, d) = level.popLast() {
        deepest = max(deepest, d)
        for case .span(let span) in nodes { level.append((span.children, d + 1)) }
      }
      return deepest
    }
    let vtt = try WebVTTReader.read(
      Array("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n\(tags)\n".utf8))
    let srt = try SRTReader.read(Array("1\n00:00:01,000 --> 00:00:02,000\n\(tags)\n".utf8))
    for document in [vtt, srt] {
      let nodes = try #require(document.cues.first?.text).nodes
      #expect(nesting(nodes) == CueSpan.maximumDepth)
      for format in SubtitleFormat.allCases {
        let again = try SubtitleDocument.read(document.written(as: format), format: format)
        #expect(again.cues.map(\.plainText) == ["x"])
      }
    }
    let ttml =
      Self.head + #"<body><div><p begin="1s" end="2s">"# + String(repeating: "<span>", count: depth)
    let failure = error { _ = try TTMLReader.read(Array(ttml.utf8)) }
    #expect(failure?.code == "xml.depth-limit")
  }

  /// 50,000 paragraphs with no end: each used to look for the next later start from scratch.
  @Test func paragraphsWithoutEndsResolveInOnePass() throws {
    var text = Self.head + "<body><div>"
    for _ in 0..<50_000 { text += #"<p begin="1s">x</p>"# }
    text += #"<p begin="3s">y</p></div></body></tt>"#
    let document = try TTMLReader.read(Array(text.utf8))
    #expect(document.cues.count == 50_001)
    #expect(document.cues[0].end == SubtitleTime(seconds: 3))
    #expect(document.cues[49_999].end == SubtitleTime(seconds: 3))
    #expect(document.cues[50_000].end == SubtitleTime(seconds: 3))
  }

  // MARK: IMSC image layout

  /// 20,000 images shown at once in one region: one warning per overlapping pair was 200
  /// million lines; the check is linear and each kind of warning stops at the cap.
  @Test func overlappingImagesAreCheckedLinearlyWithWarningsCapped() {
    let png = IMSCImageWriterTests.wide
    let data = (try? Base64.decode(Array(png.utf8))) ?? []
    let cues = (0..<20_000).map { i in
      Cue(
        start: SubtitleTime(seconds: 1), end: SubtitleTime(seconds: 2),
        content: .image(CueImage(data: data, source: nil, mediaType: "image/png", identifier: nil)),
        line: i + 1)
    }
    let document = SubtitleDocument(format: .ttml, cues: cues)
    let layout = IMSCImageLayout(document, warningsPerKind: 3)
    #expect(
      layout.warnings == [
        "the document does not give the root container's size in pixels; images are placed on "
          + "a 1920x1080 root container",
        "cues 1 and 2 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
        "cues 1 and 3 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
        "cues 2 and 3 show images at the same time in overlapping regions (IMSC 1.1 §7.12.1.2, "
          + "§9.2.2)",
        "cue 5: more than 4 images are shown at once (IMSC 1.1 §7.12.1.3)",
        // Pairs among the first 17 images: 17·16/2 = 136, 3 shown.
        "133 more warnings like this",
      ])
  }

  // MARK: Amplification

  /// One `div`'s 100 KB colour inherited by 20,000 paragraphs was written on each of them
  /// (2 GB of TTML); large inherited styling is written once, as a generated style.
  @Test func inheritedStylingIsWrittenOnce() throws {
    let color = "#" + String(repeating: "f", count: 100_000)
    var text = Self.head + #"<body><div tts:color="\#(color)">"#
    for i in 0..<20_000 {
      text += #"<p begin="1s" end="2s" tts:fontStyle="\#(i % 2 == 0 ? "normal" : "italic")">x</p>"#
    }
    text += "</div></body></tt>"
    let input = Array(text.utf8)
    let document = try TTMLReader.read(input)
    let written = document.written(as: .ttml)
    #expect(written.count < 2 * input.count)
    let again = try TTMLReader.read(written)
    #expect(again.cues.count == 20_000)
    #expect(again.cues[1].style == document.cues[1].style)
    #expect(again.cues[1].styleReferences == ["manifestkit-style-2"])
    #expect(again.styles.map(\.identifier) == ["manifestkit-style-1", "manifestkit-style-2"])
  }

  /// A region reference every paragraph inherits is repeated per cue (`dump --json`, TTML): a
  /// long one is ignored with a warning.
  @Test func aLongRegionReferenceIsIgnored() throws {
    let name = String(repeating: "r", count: 257)
    let text =
      Self.head + #"<head><layout><region xml:id="\#(name)"/></layout></head>"#
      + #"<body><div region="\#(name)"><p begin="1s" end="2s">x</p></div></body></tt>"#
    let document = try TTMLReader.read(Array(text.utf8))
    #expect(document.cues[0].region == nil)
    #expect(
      document.diagnostics.map(\.message) == [
        "region reference of 257 bytes is longer than 256; ignored"
      ])
  }

  /// A line break in a quoted value would forge a whole `FILE:LINE:COL: error:` line.
  @Test func valuesInWarningsAreEscaped() throws {
    let text =
      Self.head + #"<body><div><p begin="1s&#10;f.ttml:9:1: error: forged" end="2s" "#
      + #"style="a&#13;b">x</p></div></body></tt>"#
    let document = try TTMLReader.read(Array(text.utf8))
    #expect(
      document.diagnostics.map(\.message) == [
        "invalid begin time expression '1s\\u{0A}f.ttml:9:1: error: forged'; ignored",
        "unknown style 'a\\u{0D}b'",
      ])
  }
}
