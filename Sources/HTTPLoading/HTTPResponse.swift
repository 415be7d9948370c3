/// A successful (2xx) response to a GET, after redirects.
package struct HTTPResponse: Sendable, Hashable {
  /// The URL asked for.
  package var url: String
  /// The URL that answered, after redirects: what relative references in the body resolve
  /// against (RFC 3986 §5.1.3).
  package var finalURL: String
  /// The status code (200).
  package var status: Int
  /// The header fields of the final response, in order.
  package var headers: [HTTPHeaderField]
  /// The body, decoded from any content coding (gzip).
  package var body: [UInt8]
  /// How many redirects were followed.
  package var redirects: Int
  /// How many attempts the request took (1 without a retry).
  package var attempts: Int
  /// How long the successful attempt took, from start to the last byte, in microseconds.
  package var elapsedMicroseconds: Int

  /// The value of the first field named `name` (compared without regard to case).
  package func header(_ name: String) -> String? {
    let key = name.lowercased()
    return headers.first { $0.name.lowercased() == key }?.value
  }
}
