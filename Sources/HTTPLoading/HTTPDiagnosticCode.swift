import ManifestCore

/// The stable codes of URL input (`io.http.`): what `HTTPLoadError` reports.
/// docs/diagnostic-codes.md is generated from `catalog`.
package enum HTTPDiagnosticCode: String, Sendable, Hashable, CaseIterable {
  case status = "io.http.status"
  case timeout = "io.http.timeout"
  case redirects = "io.http.redirects"
  case tooLarge = "io.http.max-bytes"
  case badURL = "io.http.url"
  case transport = "io.http.transport"
  case unavailable = "io.http.unavailable"

  /// The severities the code is reported at and what it means.
  package var info: DiagnosticCodeInfo {
    DiagnosticCodeInfo(rawValue, [.error], Self.summary(self))
  }

  /// Every code of URL input.
  package static var catalog: [DiagnosticCodeInfo] { allCases.map(\.info) }

  private static func summary(_ code: Self) -> String {
    switch code {
    case .status: "A URL answered with a status other than 2xx (after redirects and retries)."
    case .timeout: "A URL gave no complete response within --timeout (after retries)."
    case .redirects: "A URL redirected more than 5 times."
    case .tooLarge: "A URL's response is larger than --max-bytes; the transfer was stopped."
    case .badURL: "A URL holds spaces or control characters, or is not http or https."
    case .transport:
      "A URL could not be fetched: name resolution, connection, TLS or transfer failure "
        + "(libcurl's reason)."
    case .unavailable: "libcurl (libcurl.so.4), which reads URLs, cannot be loaded."
    }
  }
}
