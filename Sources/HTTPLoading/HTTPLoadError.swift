/// A URL that could not be read: an HTTP error status, a timeout, too many redirects, a body past
/// the size cap, or a connection failure.
package struct HTTPLoadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  package enum Kind: Error, Sendable, Hashable {
    /// The final response had this status and reason phrase (`404`, `Not Found`).
    case status(Int, String)
    /// The attempt took longer than this many milliseconds (`--timeout`).
    case timeout(Int)
    /// More redirects than this many (`HTTPOptions.maxRedirects`).
    case tooManyRedirects(Int)
    /// The body is larger than this many bytes (`--max-bytes`).
    case tooLarge(Int)
    /// The URL is not an `http:` or `https:` URL without spaces or control characters.
    case badURL
    /// The connection or the transfer failed, with libcurl's message.
    case transport(String)
    /// libcurl could not be loaded, with the loader's message.
    case unavailable(String)
  }

  /// The URL asked for.
  package var url: String
  /// What went wrong.
  package var kind: Kind
  /// How many attempts were made.
  package var attempts: Int

  /// Creates an error.
  package init(url: String, kind: Kind, attempts: Int = 1) {
    self.url = url
    self.kind = kind
    self.attempts = attempts
  }

  /// True when trying again may succeed: a 5xx status, a timeout, a connection error.
  package var isRetryable: Bool {
    switch kind {
    case .status(let status, _): status >= 500 && status <= 599
    case .timeout, .transport: true
    case .tooManyRedirects, .tooLarge, .badURL, .unavailable: false
    }
  }

  /// The message of the diagnostic (`HTTP 404 Not Found`), with the number of attempts when
  /// there were retries.
  package var message: String {
    let text =
      switch kind {
      case .status(let status, let reason):
        reason.isEmpty ? "HTTP \(status)" : "HTTP \(status) \(reason)"
      case .timeout(let milliseconds):
        "no complete response within \(Self.seconds(milliseconds)) s (--timeout)"
      case .tooManyRedirects(let limit): "more than \(limit) redirects"
      case .tooLarge(let limit): "response larger than \(limit) bytes (--max-bytes)"
      case .badURL: "not an http or https URL"
      case .transport(let reason): reason
      case .unavailable(let reason): "cannot load libcurl for URLs: \(reason)"
      }
    return attempts > 1 ? text + " (\(attempts) attempts)" : text
  }

  /// The stable code (`HTTPDiagnosticCode`).
  package var code: HTTPDiagnosticCode {
    switch kind {
    case .status: .status
    case .timeout: .timeout
    case .tooManyRedirects: .redirects
    case .tooLarge: .tooLarge
    case .badURL: .badURL
    case .transport: .transport
    case .unavailable: .unavailable
    }
  }

  /// `URL:1:1: error: MESSAGE [CODE]`, the form of every input diagnostic.
  package var description: String { "\(url):1:1: error: \(message) [\(code.rawValue)]" }

  private static func seconds(_ milliseconds: Int) -> String {
    let whole = "\(milliseconds / 1000)"
    let fraction = milliseconds % 1000
    guard fraction != 0 else { return whole }
    var digits = String(fraction + 1000).dropFirst()
    while digits.last == "0" { digits = digits.dropLast() }
    return whole + "." + digits
  }
}
