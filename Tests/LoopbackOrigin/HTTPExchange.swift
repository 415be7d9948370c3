/// A request the loopback server read: the request line and header fields (RFC 9112 §3, §5).
package struct LoopbackRequest: Sendable {
  /// `GET`.
  package var method: String
  /// The path, without the query (`/live/v0/index.m3u8`).
  package var path: String
  /// The query's `name=value` pairs, in order (`_HLS_msn=12`).
  package var query: [(name: String, value: String)]
  /// The header fields as sent.
  package var headers: [(name: String, value: String)]

  /// The first header field named `name` (without regard to case).
  package func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The value of the query parameter `name`.
  package func parameter(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }
}

/// What the loopback server answers: status, header fields, body, and how slowly.
package struct LoopbackResponse: Sendable {
  /// The status code.
  package var status: Int
  /// The reason phrase of the status line.
  package var reason: String
  /// Header fields besides `Content-Length` and `Connection`, which the server adds.
  package var headers: [(name: String, value: String)]
  /// The body.
  package var body: [UInt8]
  /// Milliseconds to wait after the header fields, before the body (a slow origin).
  package var bodyDelayMilliseconds: Int

  /// Creates a response.
  package init(
    status: Int = 200, reason: String = "OK", headers: [(name: String, value: String)] = [],
    body: [UInt8] = [], bodyDelayMilliseconds: Int = 0
  ) {
    self.status = status
    self.reason = reason
    self.headers = headers
    self.body = body
    self.bodyDelayMilliseconds = bodyDelayMilliseconds
  }

  /// 200 with a playlist (`application/vnd.apple.mpegurl`, RFC 8216bis §4).
  package static func playlist(_ text: String) -> LoopbackResponse {
    LoopbackResponse(
      headers: [("Content-Type", "application/vnd.apple.mpegurl")], body: Array(text.utf8))
  }

  /// An error status with a short text body.
  package static func status(_ status: Int, _ reason: String) -> LoopbackResponse {
    LoopbackResponse(
      status: status, reason: reason, headers: [("Content-Type", "text/plain")],
      body: Array("\(status) \(reason)\n".utf8))
  }

  /// 302 Found to `location` (a path or a URL).
  package static func redirect(to location: String) -> LoopbackResponse {
    LoopbackResponse(status: 302, reason: "Found", headers: [("Location", location)])
  }
}
