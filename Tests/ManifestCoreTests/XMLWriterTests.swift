import ManifestCore
import Testing

@Suite struct XMLWriterTests {
  @Test func escapesAttributesAndTextAndIndentsChildren() {
    var xml = XMLWriter()
    xml.open("Period", [("id", "AD_0"), ("start", "PT0S")])
    xml.element("Tracking", [("event", "a\"<b>")], text: "https://x/?a=1&b=2")
    xml.empty("AssetIdentifier", [("value", "line\nbreak")])
    xml.close()
    #expect(
      xml.output == """
        <Period id="AD_0" start="PT0S">
          <Tracking event="a&quot;&lt;b&gt;">https://x/?a=1&amp;b=2</Tracking>
          <AssetIdentifier value="line&#10;break"/>
        </Period>
        """)
  }

  @Test func inlineElementsKeepMixedContentOnOneLine() {
    var xml = XMLWriter(declaration: true)
    xml.open("tt")
    xml.open("p", [("begin", "1s")], inline: true)
    xml.text("Hello")
    xml.empty("br")
    xml.open("span")
    xml.text("<world>")
    xml.closeAll()
    #expect(
      xml.output == """
        <?xml version="1.0" encoding="UTF-8"?>
        <tt>
          <p begin="1s">Hello<br/><span>&lt;world&gt;</span></p>
        </tt>
        """)
  }

  @Test func replacesCharactersXMLCannotCarry() {
    #expect(XMLWriter.escapeText("a\u{01}b\u{FFFE}c") == "a\u{FFFD}b\u{FFFD}c")
  }
}
