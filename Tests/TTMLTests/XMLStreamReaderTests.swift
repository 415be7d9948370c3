import Testing
import XMLSupport

@Suite struct XMLStreamReaderTests {
  /// An event with its start-tag view copied out.
  private enum Event: Equatable {
    case start(XMLName, [XMLAttribute], [XMLNamespaceDeclaration], line: Int)
    case end(XMLName, line: Int)
    case text(String, line: Int)
    case comment(String, line: Int)
    case instruction(String, String, line: Int)
    case warning(String, line: Int, column: Int)
  }

  private func events(_ text: String, limits: XMLReaderLimits = .standard) throws(XMLReaderError)
    -> [Event]
  {
    var result: [Event] = []
    try XMLStreamReader.read(Array(text.utf8), limits: limits) { event in
      switch event {
      case .startElement(let tag):
        result.append(.start(tag.name, tag.attributes, tag.namespaceDeclarations, line: tag.line))
      case .endElement(let name, let line): result.append(.end(name, line: line))
      case .text(let text): result.append(.text(text.string, line: text.line))
      case .comment(let text, let line): result.append(.comment(text, line: line))
      case .processingInstruction(let target, let data, let line):
        result.append(.instruction(target, data, line: line))
      case .namespaceWarning(let message, let line, let column):
        result.append(.warning(message, line: line, column: column))
      }
      return true
    }
    return result
  }

  /// The error reading `bytes` as they are (not through a `String`, which would mend them).
  private func error(bytes: [UInt8]) -> XMLReaderError? {
    do {
      try XMLStreamReader.read(bytes) { _ in true }
      return nil
    } catch {
      return error
    }
  }

  private func error(_ text: String, limits: XMLReaderLimits = .standard) -> XMLReaderError? {
    do {
      _ = try events(text, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  @Test func namespacesAttributesTextAndLines() throws {
    let result = try events(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">
      <p tts:color="red" begin="1s" \
      xml:id="a&amp;b&#38;c">x &amp; <![CDATA[<y>]]> &#233;<!-- c --></p>
      </tt>
      """)
    let ttml = "http://www.w3.org/ns/ttml"
    guard case .start(let tt, let ttAttributes, let declarations, let ttLine) = result[0]
    else {
      Issue.record("expected tt start, got \(result[0])")
      return
    }
    #expect(tt == XMLName(namespace: ttml, localName: "tt"))
    #expect(ttAttributes.isEmpty)
    #expect(declarations.map(\.prefix) == [nil, "tts"])
    #expect(ttLine == 2)
    #expect(result[1] == .text("\n", line: 2))
    guard case .start(let p, let attributes, _, let pLine) = result[2] else {
      Issue.record("expected p start, got \(result[2])")
      return
    }
    #expect(p.localName == "p")
    #expect(pLine == 3)
    #expect(
      attributes == [
        XMLAttribute(
          name: XMLName(namespace: "http://www.w3.org/ns/ttml#styling", localName: "color"),
          value: "red"),
        XMLAttribute(name: XMLName(namespace: "", localName: "begin"), value: "1s"),
        XMLAttribute(name: XMLName(namespace: xmlNamespace, localName: "id"), value: "a&b&c"),
      ])
    #expect(attributes[0].name.prefix == "tts")
    #expect(attributes[0].name.qualifiedName == "tts:color")
    #expect(result[3] == .text("x & <y> é", line: 3))
    #expect(result[4] == .comment(" c ", line: 3))
    #expect(result[5] == .end(XMLName(namespace: ttml, localName: "p"), line: 3))
    #expect(result.count == 8)
  }

  /// Also the reproducer of a leak `tools/fuzz/run.sh ttml` found under LeakSanitizer: the
  /// document libxml2 builds for the DOCTYPE was never freed (run the target on this input to
  /// check; a unit test cannot see libxml2's allocations).
  /// A subtitle house's DFXP declared windows-1252 but holding bytes that code page leaves
  /// undefined (0x81, 0x8D): libxml2 raises the conversion error outside the parser context.
  @Test func bytesTheDeclaredEncodingCannotConvertAreAnError() {
    let bytes =
      Array(#"<?xml version="1.0" encoding="windows-1252"?><tt><p>caf"#.utf8) + [0x81, 0x8D]
      + Array("</p></tt>".utf8)
    let refused = error(bytes: bytes)
    #expect(refused?.code == "encoding")
    #expect(
      refused?.message == "input conversion failed due to input error, bytes 0x81 0x8D 0x3C 0x2F")
    #expect(refused?.line == 1)
  }

  /// The same when the bytes cannot be converted from the encoding libxml2 detects from the
  /// first four (UCS-4 little-endian here, `<` then three NULs), while it creates the parser.
  @Test func bytesTheDetectedEncodingCannotConvertAreAnError() {
    let bytes: [UInt8] = [0x3C, 0, 0, 0, 0x74, 0, 0, 0, 0, 0, 0x11, 0]
    let refused = error(bytes: bytes)
    #expect(refused?.code == "encoding")
    #expect(
      refused?.message == "input conversion failed due to input error, bytes 0x00 0x00 0x00 0x00")
  }

  @Test func billionLaughsIsRefused() {
    let document = """
      <?xml version="1.0"?>
      <!DOCTYPE lolz [
        <!ENTITY lol "lol">
        <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
        <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
        <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
        <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
        <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
        <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
        <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
      ]>
      <lolz>&lol9;</lolz>
      """
    let refused = error(document)
    #expect(refused?.code == "entity-declaration")
    #expect(
      refused?.message
        == "entity declarations are not allowed (entity 'lol'): entity expansion and external "
        + "entities are disabled for untrusted XML")
    #expect(refused?.line == 3)
  }

  @Test func externalEntitiesAndDTDsAreNeverLoaded() {
    let xxe = """
      <?xml version="1.0"?>
      <!DOCTYPE tt [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <tt>&xxe;</tt>
      """
    #expect(error(xxe)?.code == "entity-declaration")
    let parameter = """
      <!DOCTYPE tt [<!ENTITY % remote SYSTEM "http://127.0.0.1:1/evil.dtd"> %remote;]><tt/>
      """
    #expect(error(parameter)?.code == "entity-declaration")
    // An external DTD is not fetched, so an entity it might define stays undeclared.
    let dtd = #"<!DOCTYPE tt SYSTEM "file:///etc/passwd"><tt>&nbsp;</tt>"#
    #expect(error(dtd)?.code == "undeclared-entity")
    #expect(error("<tt>&nbsp;</tt>")?.code == "undeclared-entity")
    #expect(error("<tt>&nbsp;</tt>")?.message == "Entity 'nbsp' not defined")
  }

  @Test func depthAndTextLimits() {
    let deep = String(repeating: "<d>", count: 20) + String(repeating: "</d>", count: 20)
    #expect(error(deep, limits: XMLReaderLimits(maximumDepth: 20)) == nil)
    let refused = error(deep, limits: XMLReaderLimits(maximumDepth: 19))
    #expect(refused?.code == "depth-limit")
    #expect(refused?.message == "elements are nested deeper than 19 levels")
    let long = "<t>" + String(repeating: "A", count: 100_000) + "</t>"
    #expect(error(long, limits: XMLReaderLimits(maximumTextBytes: 100_000)) == nil)
    #expect(error(long, limits: XMLReaderLimits(maximumTextBytes: 99_999))?.code == "text-limit")
  }

  /// An undeclared prefix (a real DFXP file uses `ebutts:` without declaring it) is a warning
  /// event before the element, which arrives with the attribute in no namespace; parsing goes on.
  @Test func undeclaredPrefixesAreWarningsNotFailures() throws {
    let result = try events("<tt>\n<span ebutts:align=\"center\">x</span></tt>")
    #expect(result.count == 7)
    #expect(
      result[2]
        == .warning(
          "Namespace prefix ebutts for align on span is not defined", line: 2, column: 28))
    guard case .start(let span, let attributes, _, let line) = result[3] else {
      Issue.record("expected span start, got \(result[3])")
      return
    }
    #expect(span.localName == "span")
    #expect(line == 2)
    #expect(attributes.map(\.name.localName) == ["align"])
    #expect(attributes.map(\.name.namespace) == [""])
    #expect(result[4] == .text("x", line: 2))
  }

  @Test func malformedDocumentsReportLineAndColumn() {
    let refused = error("<tt>\n  <p>text</span>\n</tt>")
    #expect(refused?.code == "not-well-formed")
    #expect(refused?.line == 2)
    #expect(refused?.message == "Opening and ending tag mismatch: p line 2 and span")
    #expect(error("")?.code == "not-well-formed")
    #expect(error("just text")?.code == "not-well-formed")
  }

  @Test func aTruncatedDocumentSaysSo() {
    // libxml2's own message for input ending inside an element is "Extra content at the end of
    // the document", which sends people looking for extra content.
    let cut = error("<tt>\n<body><div><p>text</p></div></body>")
    #expect(cut?.code == "not-well-formed")
    #expect(cut?.line == 2)
    #expect(
      cut?.message
        == "the document ends before its elements are closed (1 still open); is the file "
        + "truncated?")
    let deeper = error("<tt><body><div><p>te")
    #expect(
      deeper?.message.hasPrefix("the document ends before its elements are closed (4 ") == true)
    #expect(error("<tt/>\n<tt/>")?.message == "Extra content at the end of the document")
  }

  @Test func eventsStreamBeforeTheWholeInputIsParsed() throws {
    // 2 MB of paragraphs and then garbage: a tree builder would fail before giving anything;
    // the stream gives the first paragraph, then thousands more, then the error.
    var text = "<tt>"
    for i in 0..<40_000 { text += "<p n=\"\(i)\">cue \(i)</p>\n" }
    text += "</p>"
    var starts = 0
    var failure: XMLReaderError? = nil
    do {
      try XMLStreamReader.read(Array(text.utf8)) { event in
        if case .startElement = event { starts += 1 }
        return true
      }
    } catch {
      failure = error
    }
    #expect(starts == 40_001)
    #expect(failure?.code == "not-well-formed")
    #expect(failure?.message == "Opening and ending tag mismatch: tt line 1 and p")
    #expect(failure?.line == 40_001)
  }

  @Test func handlerCanStopEarly() throws {
    var names: [String] = []
    try XMLStreamReader.read(Array("<a><b/><c/><d/></a>".utf8)) { event in
      if case .startElement(let tag) = event { names.append(tag.name.localName) }
      return names.count < 2
    }
    #expect(names == ["a", "b"])
  }

  @Test func utf16DocumentsAreDecodedByLibxml2() throws {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in "<?xml version=\"1.0\" encoding=\"UTF-16\"?><p>Été</p>".utf16 {
      bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
    }
    var texts: [String] = []
    try XMLStreamReader.read(bytes) { event in
      if case .text(let text) = event { texts.append(text.string) }
      return true
    }
    #expect(texts == ["Été"])
  }

  @Test func readersRunInParallel() async throws {
    let document = "<tt>" + String(repeating: "<p a=\"1\">x</p>", count: 2_000) + "</tt>"
    let counts = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 {
        group.addTask {
          var count = 0
          try? XMLStreamReader.read(Array(document.utf8)) { event in
            if case .startElement = event { count += 1 }
            return true
          }
          return count
        }
      }
      var all: [Int] = []
      for await count in group { all.append(count) }
      return all
    }
    #expect(counts == Array(repeating: 2_001, count: 8))
  }
}
