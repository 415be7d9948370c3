internal import CLibXML2
import ManifestCore

/// The SAX callbacks' state: the handler, pending text, depth, interned names, the first error.
struct XMLParseState {
  let limits: XMLReaderLimits
  let handler: (XMLEvent) -> Bool
  /// This state's own address, for the start-tag views it hands out.
  var address: UnsafeMutablePointer<XMLParseState>?
  var context: xmlParserCtxtPtr?
  /// Set when the handler asked to stop.
  var stopped = false
  /// Character data not yet delivered (libxml2 reports one text node in pieces): `textCount`
  /// bytes at `textBytes`, which has room for `textCapacity` (freed by `releaseText`).
  var textBytes: UnsafeMutablePointer<UInt8>? = nil
  var textCount = 0
  var textCapacity = 0
  var textLine = 0
  /// The line where the parser stood after the last markup it reported: where text after it
  /// starts.
  var markupEndLine = 1
  var depth = 0
  var error: XMLReaderError?
  /// The libxml2 code of the last namespace error reported as a warning: the push parser
  /// returns it as its status, which then does not mean the document is not well-formed.
  var recoveredCode: Int32?
  /// Names and namespace URIs by their address in the parser's dictionary (libxml2 interns
  /// them, so one `String` serves every occurrence).
  var names: [UnsafeRawPointer: (text: String, id: Int)] = [:]
  var namespaceIDs: [UnsafeRawPointer: Int] = [:]
  var nextNameID = 0
  /// Every name built so far, by its (local name, prefix, namespace) pointers.
  var namesByPointers = XMLPointerTable<XMLName>()
  /// The namespace and local-name ids of every (local name, namespace) pointer pair seen.
  var idsByPointers = XMLPointerTable<(Int, Int)>()

  init(limits: XMLReaderLimits, handler: @escaping (XMLEvent) -> Bool) {
    self.limits = limits
    self.handler = handler
  }

  var line: Int {
    guard let context else { return 0 }
    return Int(xmlSAX2GetLineNumber(context))
  }

  mutating func fail(_ code: String, _ message: String, line: Int, column: Int) {
    guard error == nil, !stopped else { return }
    error = XMLReaderError(code: code, message: message, line: line, column: column)
    if let context { xmlStopParser(context) }
  }

  /// Records an encoding or I/O error that libxml2 raised outside the parser context. The
  /// parser is not stopped from inside that callback (libxml2 is converting input then, and
  /// stopping it there dereferences the input it just freed); the chunk loop stops after it.
  mutating func failOutsideParser(
    code: Int, message: UnsafeMutablePointer<CChar>?, line: Int, column: Int
  ) {
    guard error == nil, !stopped else { return }
    var text = PrintableText.message(message.map { String(cString: $0) } ?? "XML error \(code)")
    while text.last == " " || text.last == ";" { text.removeLast() }
    error = XMLReaderError(code: "encoding", message: text, line: line, column: column)
  }

  /// Delivers the pending character data, if any.
  mutating func flushText() {
    guard textCount > 0, let textBytes else { return }
    let bytes = UnsafeBufferPointer(start: UnsafePointer(textBytes), count: textCount)
    // The handler cannot reach the parser, so nothing is appended while it reads the bytes.
    textCount = 0
    deliver(.text(XMLText(bytes: bytes, line: textLine)))
  }

  /// Frees the character data buffer.
  mutating func releaseText() {
    textBytes?.deallocate()
    textBytes = nil
    textCount = 0
    textCapacity = 0
  }

  private mutating func emit(_ event: XMLEvent) {
    flushText()
    guard error == nil, !stopped else { return }
    deliver(event)
  }

  private mutating func deliver(_ event: XMLEvent) {
    if !handler(event) {
      stopped = true
      if let context { xmlStopParser(context) }
    }
  }

  /// The interned local name (or prefix) at `pointer` and its id.
  mutating func name(_ pointer: UnsafePointer<xmlChar>?) -> (text: String, id: Int) {
    guard let pointer else { return ("", -1) }
    let key = UnsafeRawPointer(pointer)
    if let known = names[key] { return known }
    let entry = (String(cString: pointer), nextNameID)
    nextNameID += 1
    names[key] = entry
    return entry
  }

  /// The interned namespace URI at `pointer` and its id (0 for no namespace).
  mutating func namespace(_ pointer: UnsafePointer<xmlChar>?) -> (text: String, id: Int) {
    guard let pointer else { return ("", 0) }
    let key = UnsafeRawPointer(pointer)
    if let id = namespaceIDs[key], let known = names[key] { return (known.text, id) }
    let id = namespaceIDs.count + 1
    namespaceIDs[key] = id
    let text = names[key]?.text ?? String(cString: pointer)
    if names[key] == nil {
      names[key] = (text, nextNameID)
      nextNameID += 1
    }
    return (text, id)
  }

  /// The namespace and local-name ids for a pair of interned pointers.
  mutating func ids(local: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?) -> (Int, Int) {
    let l = UInt(bitPattern: local)
    let u = UInt(bitPattern: uri)
    if let known = idsByPointers.value(l, 0, u) { return known }
    let name = qualifiedName(local, nil, uri)
    idsByPointers.insert((name.namespaceID, name.localID), l, 0, u)
    return (name.namespaceID, name.localID)
  }

  /// The name for a (local name, prefix, namespace) pointer triple, built the first time the
  /// triple is seen.
  mutating func qualifiedName(
    _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
  ) -> XMLName {
    let l = UInt(bitPattern: localName)
    let p = UInt(bitPattern: prefix)
    let u = UInt(bitPattern: uri)
    if let known = namesByPointers.value(l, p, u) { return known }
    let local = name(localName)
    let space = namespace(uri)
    let result = XMLName(
      namespace: space.text, localName: local.text, prefix: prefix.map { name($0).text },
      namespaceID: space.id, localID: local.id)
    namesByPointers.insert(result, l, p, u)
    return result
  }

  mutating func startElement(
    _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?, _ namespaceCount: Int,
    _ namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, _ attributeCount: Int,
    _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    guard error == nil, !stopped else { return }
    depth += 1
    if depth > limits.maximumDepth {
      fail(
        "depth-limit", "elements are nested deeper than \(limits.maximumDepth) levels",
        line: line, column: 0)
      return
    }
    guard let address else { return }
    let tagLine = line
    markupEndLine = tagLine
    let tag = XMLStartTag(
      localName: localName, prefix: prefix, uri: uri, line: tagLine,
      attributeCount: attributeCount,
      rawAttributes: attributes, namespaceCount: namespaceCount, rawNamespaces: namespaces,
      state: address)
    emit(.startElement(tag))
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

  mutating func endElement(
    _ localName: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?,
    _ uri: UnsafePointer<xmlChar>?
  ) {
    guard error == nil, !stopped else { return }
    depth -= 1
    let tagLine = line
    markupEndLine = tagLine
    emit(.endElement(qualifiedName(localName, prefix, uri), line: tagLine))
  }

  mutating func characters(_ characters: UnsafePointer<xmlChar>?, _ length: Int) {
    guard error == nil, !stopped, let characters, length > 0 else { return }
    if textCount == 0 {
      textLine = markupEndLine
    }
    guard textCount + length <= limits.maximumTextBytes else {
      fail(
        "text-limit", "a text node is longer than \(limits.maximumTextBytes) bytes",
        line: line, column: 0)
      return
    }
    if textCount + length > textCapacity { growText(to: textCount + length) }
    guard let textBytes else { return }
    (textBytes + textCount).update(from: characters, count: length)
    textCount += length
  }

  private mutating func growText(to needed: Int) {
    let capacity = max(needed, 2 * textCapacity, 4096)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    if let textBytes {
      grown.update(from: textBytes, count: textCount)
      textBytes.deallocate()
    }
    textBytes = grown
    textCapacity = capacity
  }

  mutating func comment(_ value: UnsafePointer<xmlChar>?) {
    guard error == nil, !stopped else { return }
    markupEndLine = line
    emit(.comment(value.map { String(cString: $0) } ?? "", line: markupEndLine))
  }

  mutating func processingInstruction(
    _ target: UnsafePointer<xmlChar>?, _ data: UnsafePointer<xmlChar>?
  ) {
    guard error == nil, !stopped else { return }
    markupEndLine = line
    emit(
      .processingInstruction(
        target: target.map { String(cString: $0) } ?? "",
        data: data.map { String(cString: $0) } ?? "", line: line))
  }

  mutating func refuseEntityDeclaration(_ entityName: UnsafePointer<xmlChar>?) {
    let text = PrintableText.value(entityName.map { String(cString: $0) } ?? "")
    fail(
      "entity-declaration",
      "entity declarations are not allowed (entity '\(text)'): entity expansion and external "
        + "entities are disabled for untrusted XML", line: line, column: 0)
  }

  mutating func refuseAttributeDefault(
    _ element: UnsafePointer<xmlChar>?, _ attribute: UnsafePointer<xmlChar>?
  ) {
    let elementName = PrintableText.value(element.map { String(cString: $0) } ?? "")
    let attributeName = PrintableText.value(attribute.map { String(cString: $0) } ?? "")
    fail(
      "attribute-default",
      "attribute defaults in a DTD are not allowed (<!ATTLIST \(elementName) \(attributeName) "
        + "…> gives a default value): they would add the attribute to every such element of "
        + "untrusted XML", line: line, column: 0)
  }

  mutating func libxml2Error(
    code: Int, level: Int, message: UnsafeMutablePointer<CChar>?, line: Int, column: Int
  ) {
    var text = PrintableText.message(message.map { String(cString: $0) } ?? "XML error \(code)")
    while text.last == " " || text.last == ";" { text.removeLast() }
    if code == Int(XML_WAR_UNDECLARED_ENTITY.rawValue)
      || code == Int(XML_ERR_UNDECLARED_ENTITY.rawValue)
    {
      fail("undeclared-entity", text, line: line, column: column)
    } else if code == Int(XML_ERR_DOCUMENT_END.rawValue) && depth > 0 {
      // libxml2's push parser says "Extra content at the end of the document" when the input
      // stops inside an element: say what happened.
      fail(
        "not-well-formed",
        "the document ends before its elements are closed (\(depth) still open); is the file "
          + "truncated?",
        line: line, column: column)
    } else if code == Int(XML_NS_ERR_UNDEFINED_NAMESPACE.rawValue) {
      guard error == nil, !stopped else { return }
      recoveredCode = Int32(code)
      emit(.namespaceWarning(text, line: line, column: column))
    } else if level >= Int(XML_ERR_ERROR.rawValue) {
      fail("not-well-formed", text, line: line, column: column)
    }
  }
}
