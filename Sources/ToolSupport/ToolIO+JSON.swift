import ManifestCore

extension ToolIO {
  /// Writes one JSON document and a newline to standard output while `body` produces it: the
  /// writer hands each filled chunk to `write(buffer:)`, so a large document is never held whole.
  package func writeJSONLine(pretty: Bool = false, _ body: (inout JSONWriter) -> Void) {
    var writer = JSONWriter(pretty: pretty) { [self] chunk in write(buffer: chunk) }
    body(&writer)
    writer.flush()
    write("\n")
  }

  /// Writes `value` as one JSON document and a newline to standard output.
  package func writeJSONLine(_ value: JSONValue, pretty: Bool = false) {
    writeJSONLine(pretty: pretty) { $0.value(value) }
  }
}
