extension JSONValue {
  /// The document as UTF-8 JSON: compact on one line, or indented by two spaces per level
  /// (rendered by `JSONWriter`).
  public func serialized(pretty: Bool = false) -> [UInt8] {
    var writer = JSONWriter(pretty: pretty)
    writer.value(self)
    return writer.bytes
  }

  /// The document as a JSON `String`.
  public func jsonString(pretty: Bool = false) -> String {
    String(decoding: serialized(pretty: pretty), as: UTF8.self)
  }
}
