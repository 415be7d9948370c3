internal import CLibXML2

/// libxml2's one-time global set-up (`xmlInitParser`), required before parsers run on several
/// threads at once; Swift runs this initializer exactly once, thread-safely.
private let libxml2Initialized: Bool = {
  xmlInitParser()
  return true
}()

/// Streams an XML document through libxml2's SAX2 push parser: the input is fed in 64 KiB
/// chunks and each event goes to the caller's handler as soon as libxml2 reports it, so memory
/// stays bounded however large the document is (no tree is built).
///
/// Untrusted input is handled safely: no network access (`XML_PARSE_NONET`), no entity
/// substitution, no DTD loading, no external entities; any entity declaration is refused (which
/// stops billion-laughs and XXE documents before they start), as is a reference to an undeclared
/// entity; nesting and text size are bounded by `XMLReaderLimits`; libxml2's own per-token limits
/// stay on (`XML_PARSE_HUGE` is not used). Errors go to the caller, never to standard error; an
/// undeclared namespace prefix, which libxml2 recovers from, is a `namespaceWarning` event.
/// Each call has its own parser context, so documents may be read on several threads at once.
package enum XMLStreamReader {
  private static let chunkSize = 64 * 1024

  /// Reads `bytes` (UTF-8, UTF-16 with a byte-order mark, or an encoding the XML declaration
  /// names), calling `handle` for each event in document order; `handle` returns `false` to stop
  /// early. Throws when the document is not well-formed or is refused; the events before the
  /// problem have been delivered by then.
  package static func read(
    _ bytes: [UInt8], limits: XMLReaderLimits = .standard, _ handle: (XMLEvent) -> Bool
  ) throws(XMLReaderError) {
    _ = libxml2Initialized
    if let refused = XMLPrescan.check(bytes, limits: limits) { throw refused }
    let failure = withoutActuallyEscaping(handle) { handler -> XMLReaderError? in
      let state = UnsafeMutablePointer<XMLParseState>.allocate(capacity: 1)
      state.initialize(to: XMLParseState(limits: limits, handler: handler))
      state.pointee.address = state
      defer {
        state.pointee.releaseText()
        state.deinitialize(count: 1)
        state.deallocate()
      }
      parse(bytes, state)
      return state.pointee.error
    }
    if let failure { throw failure }
  }

  private static func parse(_ input: [UInt8], _ state: UnsafeMutablePointer<XMLParseState>) {
    var handler = XMLStreamReader.handler()
    let initial = min(4, input.count)
    input.withUnsafeBytes { raw in
      let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self)
      // Encoding conversion and I/O errors are raised without the parser context (from the
      // first bytes on, while the context is created), so they go to the thread's structured
      // handler, not the SAX one; without this libxml2 prints them on standard error itself
      // ("encoding error : input conversion failed …").
      xmlSetStructuredErrorFunc(UnsafeMutableRawPointer(state), XMLStreamReader.contextFreeError)
      defer { xmlSetStructuredErrorFunc(nil, nil) }
      guard
        let context = xmlCreatePushParserCtxt(
          &handler, UnsafeMutableRawPointer(state), base, Int32(initial), nil)
      else {
        state.pointee.fail(
          "not-well-formed", "libxml2 could not create a parser", line: 0, column: 0)
        return
      }
      defer {
        // libxml2 builds a document to hold a DOCTYPE's declarations even for a SAX parse, and
        // freeing the context leaves it behind.
        if let document = context.pointee.myDoc { xmlFreeDoc(document) }
        xmlFreeParserCtxt(context)
      }
      let options = XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue
      xmlCtxtUseOptions(context, Int32(options))
      state.pointee.context = context
      var fed = initial
      while true {
        let size = min(chunkSize, input.count - fed)
        let last = fed + size >= input.count
        let status = xmlParseChunk(context, base.map { $0 + fed }, Int32(size), last ? 1 : 0)
        fed += size
        if state.pointee.stopped { return }
        if last { state.pointee.flushText() }
        if status != 0 && status != state.pointee.recoveredCode && state.pointee.error == nil {
          state.pointee.fail(
            "not-well-formed", "the document is not well-formed XML (libxml2 error \(status))",
            line: state.pointee.line, column: 0)
        }
        if last || state.pointee.error != nil { return }
      }
    }
  }

  // MARK: SAX callbacks

  /// The errors libxml2 raises outside a parser context (encoding and I/O), reported like the
  /// others, at the parser's position when the error carries none.
  private static let contextFreeError: xmlStructuredErrorFunc = { context, error in
    guard let error, let state = XMLStreamReader.state(context) else { return }
    let value = error.pointee
    var line = Int(value.line)
    var column = Int(value.int2)
    if line == 0, let parser = state.pointee.context {
      line = Int(xmlSAX2GetLineNumber(parser))
      column = Int(xmlSAX2GetColumnNumber(parser))
    }
    guard value.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    state.pointee.failOutsideParser(
      code: Int(value.code), message: value.message, line: line, column: column)
  }

  private static func state(_ context: UnsafeMutableRawPointer?)
    -> UnsafeMutablePointer<XMLParseState>?
  {
    context?.assumingMemoryBound(to: XMLParseState.self)
  }

  private static func handler() -> xmlSAXHandler {
    var handler = xmlSAXHandler()
    handler.initialized = UInt32(XML_SAX2_MAGIC)
    handler.startElementNs = {
      context, localName, prefix, uri, namespaceCount, namespaces, attributeCount, _, attributes
      in
      XMLStreamReader.state(context)?.pointee.startElement(
        localName, prefix, uri, Int(namespaceCount), namespaces, Int(attributeCount), attributes)
    }
    handler.endElementNs = { context, localName, prefix, uri in
      XMLStreamReader.state(context)?.pointee.endElement(localName, prefix, uri)
    }
    handler.characters = { context, characters, length in
      XMLStreamReader.state(context)?.pointee.characters(characters, Int(length))
    }
    handler.ignorableWhitespace = handler.characters
    handler.cdataBlock = handler.characters
    handler.comment = { context, value in
      XMLStreamReader.state(context)?.pointee.comment(value)
    }
    handler.processingInstruction = { context, target, data in
      XMLStreamReader.state(context)?.pointee.processingInstruction(target, data)
    }
    handler.entityDecl = { context, name, _, _, _, _ in
      XMLStreamReader.state(context)?.pointee.refuseEntityDeclaration(name)
    }
    handler.attributeDecl = { context, element, name, _, _, defaultValue, tree in
      // The callback owns the enumeration of an enumerated attribute type.
      if let tree { xmlFreeEnumeration(tree) }
      guard defaultValue != nil else { return }
      XMLStreamReader.state(context)?.pointee.refuseAttributeDefault(element, name)
    }
    handler.getEntity = { _, _ in nil }
    handler.getParameterEntity = { _, _ in nil }
    handler.resolveEntity = { _, _, _ in nil }
    handler.externalSubset = { _, _, _, _ in }
    handler.internalSubset = { _, _, _, _ in }
    handler.serror = { context, error in
      guard let error else { return }
      let value = error.pointee
      XMLStreamReader.state(context)?.pointee.libxml2Error(
        code: Int(value.code), level: Int(value.level.rawValue), message: value.message,
        line: Int(value.line), column: Int(value.int2))
    }
    return handler
  }
}
