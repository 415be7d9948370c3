internal import CLibXML2

/// libxml2's one-time global set-up (`xmlInitParser`), required before parsers run on several
/// threads at once; Swift runs this initializer exactly once, thread-safely.
private let libxml2Initialized: Bool = {
  xmlInitParser()
  return true
}()

/// A pull reader over an XML document, built on libxml2's SAX2 push parser so memory stays
/// bounded however large the document is (no tree is built): the input is fed in 64 KiB chunks
/// as events are consumed.
///
/// Untrusted input is handled safely: no network access (`XML_PARSE_NONET`), no entity
/// substitution, no DTD loading, no external entities; any entity declaration is refused (which
/// stops billion-laughs and XXE documents before they start), as is a reference to an undeclared
/// entity; nesting and text size are bounded by `XMLReaderLimits`; libxml2's own per-token limits
/// stay on (`XML_PARSE_HUGE` is not used). Errors go to this reader, never to standard error.
/// Each reader has its own parser context, so readers may run on different threads at once.
package final class XMLStreamReader {
  private static let chunkSize = 64 * 1024

  private let input: [UInt8]
  private var fed = 0
  private var finished = false
  private var context: xmlParserCtxtPtr?
  private let state: ParseState

  /// A reader over `bytes` (any encoding libxml2 detects: UTF-8, UTF-16 with a byte-order mark,
  /// or one named by the XML declaration).
  package init(_ bytes: [UInt8], limits: XMLReaderLimits = .standard) {
    _ = libxml2Initialized
    input = bytes
    state = ParseState(limits: limits)
    var handler = XMLStreamReader.handler()
    let initial = min(4, bytes.count)
    let userData = Unmanaged.passUnretained(state).toOpaque()
    context = bytes.withUnsafeBytes { raw in
      xmlCreatePushParserCtxt(
        &handler, userData, raw.baseAddress?.assumingMemoryBound(to: CChar.self),
        Int32(initial), nil)
    }
    fed = initial
    if let context {
      let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue
      xmlCtxtUseOptions(context, Int32(options))
      state.context = context
    } else {
      state.fail("not-well-formed", "libxml2 could not create a parser", line: 0, column: 0)
      finished = true
    }
  }

  deinit {
    if let context { xmlFreeParserCtxt(context) }
  }

  /// The next event, `nil` at the end of the document; throws when the document is not
  /// well-formed or is refused. Events before the problem are delivered first.
  package func next() throws(XMLReaderError) -> XMLEvent? {
    while true {
      if let event = state.pop() { return event }
      if let error = state.error { throw error }
      if finished { return nil }
      feed()
    }
  }

  private func feed() {
    guard let context else {
      finished = true
      return
    }
    let size = min(Self.chunkSize, input.count - fed)
    let last = fed + size >= input.count
    let status = input.withUnsafeBytes { raw -> Int32 in
      let start = raw.baseAddress.map { ($0 + fed).assumingMemoryBound(to: CChar.self) }
      return xmlParseChunk(context, start, Int32(size), last ? 1 : 0)
    }
    fed += size
    if last {
      finished = true
      state.flushText()
    }
    if status != 0 && state.error == nil {
      state.fail(
        "not-well-formed", "the document is not well-formed XML (libxml2 error \(status))",
        line: state.line, column: 0)
    }
    if state.error != nil { finished = true }
  }

  // MARK: SAX callbacks

  private static func state(_ context: UnsafeMutableRawPointer?) -> ParseState? {
    guard let context else { return nil }
    return Unmanaged<ParseState>.fromOpaque(context).takeUnretainedValue()
  }

  private static func handler() -> xmlSAXHandler {
    var handler = xmlSAXHandler()
    handler.initialized = UInt32(XML_SAX2_MAGIC)
    handler.startElementNs = {
      context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes
      in
      XMLStreamReader.state(context)?.startElement(
        localName, prefix, uri, Int(namespaceCount), namespaces, Int(attributeCount), attributes)
    }
    handler.endElementNs = { context, localName, prefix, uri in
      XMLStreamReader.state(context)?.endElement(localName, prefix, uri)
    }
    handler.characters = { context, characters, length in
      XMLStreamReader.state(context)?.characters(characters, Int(length))
    }
    handler.ignorableWhitespace = handler.characters
    handler.cdataBlock = handler.characters
    handler.comment = { context, value in
      XMLStreamReader.state(context)?.comment(value)
    }
    handler.processingInstruction = { context, target, data in
      XMLStreamReader.state(context)?.processingInstruction(target, data)
    }
    handler.entityDecl = { context, name, _, _, _, _ in
      XMLStreamReader.state(context)?.refuseEntityDeclaration(name)
    }
    handler.getEntity = { _, _ in nil }
    handler.getParameterEntity = { _, _ in nil }
    handler.resolveEntity = { _, _, _ in nil }
    handler.externalSubset = { _, _, _, _ in }
    handler.internalSubset = { _, _, _, _ in }
    handler.serror = { context, error in
      guard let error else { return }
      let value = error.pointee
      XMLStreamReader.state(context)?.libxml2Error(
        code: Int(value.code), level: Int(value.level.rawValue), message: value.message,
        line: Int(value.line), column: Int(value.int2))
    }
    return handler
  }
}

/// What the SAX callbacks build: queued events, pending text, depth, the first error.
private final class ParseState {
  let limits: XMLReaderLimits
  var context: xmlParserCtxtPtr?
  var events: [XMLEvent] = []
  var head = 0
  var pendingText: [UInt8] = []
  var textLine = 0
  var depth = 0
  var error: XMLReaderError?
  /// Names and namespace URIs by their address in the parser's dictionary (libxml2 interns
  /// them, so one `String` serves every occurrence).
  var names: [UnsafeRawPointer: String] = [:]

  init(limits: XMLReaderLimits) {
    self.limits = limits
    events.reserveCapacity(256)
  }

  var line: Int {
    guard let context else { return 0 }
    return Int(xmlSAX2GetLineNumber(context))
  }

  func pop() -> XMLEvent? {
    if head < events.count {
      head += 1
      return events[head - 1]
    }
    if head > 0 {
      events.removeAll(keepingCapacity: true)
      head = 0
    }
    return nil
  }

  func fail(_ code: String, _ message: String, line: Int, column: Int) {
    guard error == nil else { return }
    error = XMLReaderError(code: code, message: message, line: line, column: column)
    if let context { xmlStopParser(context) }
  }

  func flushText() {
    guard !pendingText.isEmpty else { return }
    events.append(.text(String(decoding: pendingText, as: UTF8.self), line: textLine))
    pendingText.removeAll(keepingCapacity: true)
  }

  private func emit(_ event: XMLEvent) {
    flushText()
    events.append(event)
  }

  func name(_ pointer: UnsafePointer<xmlChar>?) -> String {
    guard let pointer else { return "" }
    let key = UnsafeRawPointer(pointer)
    if let known = names[key] { return known }
    let text = String(cString: pointer)
    names[key] = text
    return text
  }

  func startElement(
    _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ attributeCount: Int,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard error == nil else { return }
    depth += 1
    if depth > limits.maximumDepth {
      fail(
        "depth-limit", "elements are nested deeper than \(limits.maximumDepth) levels",
        line: line, column: 0)
      return
    }
    let elementName = XMLName(
      namespace: name(uri), localName: name(localName), prefix: prefix.map { name($0) })
    var declarations: [XMLNamespaceDeclaration] = []
    if namespaceCount > 0, let namespaces {
      for i in 0..<namespaceCount {
        declarations.append(
          XMLNamespaceDeclaration(
            prefix: namespaces[2 * i].map { name($0) }, uri: name(namespaces[2 * i + 1])))
      }
    }
    var list: [XMLAttribute] = []
    if attributeCount > 0, let attributes {
      list.reserveCapacity(attributeCount)
      for i in 0..<attributeCount {
        let base = 5 * i
        let attributeName = XMLName(
          namespace: name(attributes[base + 2]), localName: name(attributes[base]),
          prefix: attributes[base + 1].map { name($0) })
        var value = ""
        if let start = attributes[base + 3], let end = attributes[base + 4] {
          value = Self.attributeValue(UnsafeBufferPointer(start: start, count: end - start))
        }
        list.append(XMLAttribute(name: attributeName, value: value))
      }
    }
    emit(.startElement(elementName, attributes: list, namespaces: declarations, line: line))
  }

  /// An attribute value as libxml2 reports it without entity substitution: an `&` (from
  /// `&amp;` or `&#38;`) arrives as the text `&#38;`, which is decoded here.
  static func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
    var out = [UInt8]()
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x26, i + 4 < bytes.count, bytes[i + 1] == 0x23, bytes[i + 2] == 0x33,
        bytes[i + 3] == 0x38, bytes[i + 4] == 0x3B
      {
        out.append(0x26)
        i += 5
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  func endElement(
    _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
  ) {
    guard error == nil else { return }
    depth -= 1
    emit(
      .endElement(
        XMLName(namespace: name(uri), localName: name(localName), prefix: prefix.map { name($0) }),
        line: line))
  }

  func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int) {
    guard error == nil, let characters, length > 0 else { return }
    if pendingText.isEmpty {
      // libxml2 reports the line after the piece was read; count back over its newlines.
      var newlines = 0
      for i in 0..<length where characters[i] == 0x0A { newlines += 1 }
      textLine = line - newlines
    }
    guard pendingText.count + length <= limits.maximumTextBytes else {
      fail(
        "text-limit", "a text node is longer than \(limits.maximumTextBytes) bytes",
        line: line, column: 0)
      return
    }
    pendingText.append(contentsOf: UnsafeBufferPointer(start: characters, count: length))
  }

  func comment(_ value: UnsafePointer<xmlChar>?) {
    guard error == nil else { return }
    emit(.comment(value.map { String(cString: $0) } ?? "", line: line))
  }

  func processingInstruction(_ target: UnsafePointer<xmlChar>?, _ data: UnsafePointer<xmlChar>?) {
    guard error == nil else { return }
    emit(
      .processingInstruction(
        target: target.map { String(cString: $0) } ?? "",
        data: data.map { String(cString: $0) } ?? "", line: line))
  }

  func refuseEntityDeclaration(_ entityName: UnsafePointer<xmlChar>?) {
    let text = entityName.map { String(cString: $0) } ?? ""
    fail(
      "entity-declaration",
      "entity declarations are not allowed (entity '\(text)'): entity expansion and external "
        + "entities are disabled for untrusted XML", line: line, column: 0)
  }

  func libxml2Error(
    code: Int, level: Int, message: UnsafeMutablePointer<CChar>?, line: Int, column: Int
  ) {
    var text = message.map { String(cString: $0) } ?? "XML error \(code)"
    while text.last == "\n" || text.last == " " { text.removeLast() }
    if code == Int(XML_WAR_UNDECLARED_ENTITY.rawValue)
      || code == Int(XML_ERR_UNDECLARED_ENTITY.rawValue)
    {
      fail("undeclared-entity", text, line: line, column: column)
    } else if level >= Int(XML_ERR_ERROR.rawValue) {
      fail("not-well-formed", text, line: line, column: column)
    }
  }
}
