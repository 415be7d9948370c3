/// Reason phrases of HTTP status codes (RFC 9110 §15), for diagnostics: HTTP/2 and HTTP/3 send
/// none, and one an HTTP/1.1 server sends is untrusted text.
enum HTTPStatus {
  /// The registered phrase of `status`, else the server's `sent` phrase when it is short
  /// printable ASCII, else empty.
  static func reason(_ status: Int, sent: String) -> String {
    if let known = phrases[status] { return known }
    let printable = sent.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    return printable && sent.utf8.count <= 64 ? sent : ""
  }

  private static let phrases: [Int: String] = [
    300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
    304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect",
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict",
    410: "Gone", 412: "Precondition Failed", 413: "Content Too Large", 414: "URI Too Long",
    415: "Unsupported Media Type", 416: "Range Not Satisfiable", 421: "Misdirected Request",
    429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented",
    502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
    505: "HTTP Version Not Supported",
  ]
}
