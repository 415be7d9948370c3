#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// GET over HTTP and HTTPS with libcurl, for the tools' URL inputs and for a reload loop:
/// redirects followed (at most `HTTPOptions.maxRedirects`), TLS verified, no cookies, no proxy,
/// retries with exponential backoff on 5xx statuses, timeouts and connection errors.
///
/// ```swift
/// var options = HTTPOptions()
/// options.timeoutMilliseconds = 2_000
/// let response = try HTTPClient.get("https://origin/live/master.m3u8", options: options)
/// // response.finalURL is the base for the playlist's relative URIs
/// ```
package enum HTTPClient {
  /// True for the text of an `http:` or `https:` URL (scheme compared without regard to
  /// case, RFC 3986 §3.1): what the tools fetch instead of opening as a file.
  package static func isURL(_ text: String) -> Bool {
    let head = text.utf8.prefix(8).map { $0 | 0x20 }
    return head.starts(with: "http://".utf8) || head.starts(with: "https://".utf8)
  }

  /// Fetches `url`, trying again up to `options.retries` times when the failure is retryable
  /// (`HTTPLoadError.isRetryable`), after `options.delayMilliseconds(beforeRetry:)`.
  package static func get(_ url: String, options: HTTPOptions) throws(HTTPLoadError)
    -> HTTPResponse
  {
    // Spaces and control characters are refused rather than sent (request splitting).
    guard isURL(url), url.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else {
      throw HTTPLoadError(url: url, kind: .badURL)
    }
    let library: CurlLibrary
    switch CurlLibrary.shared {
    case .success(let loaded): library = loaded
    case .failure(let kind): throw HTTPLoadError(url: url, kind: kind)
    }
    let transfer = CurlTransfer(library: library, url: url, options: options)
    var attempt = 1
    while true {
      switch transfer.perform() {
      case .success(var response):
        response.attempts = attempt
        return response
      case .failure(let kind):
        let error = HTTPLoadError(url: url, kind: kind, attempts: attempt)
        guard error.isRetryable, attempt <= options.retries else { throw error }
        sleep(milliseconds: options.delayMilliseconds(beforeRetry: attempt))
        attempt += 1
      }
    }
  }

  private static func sleep(milliseconds: Int) {
    var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }
}
