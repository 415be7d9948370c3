/// How HTTP requests are made: the tools' `--header`, `--timeout`, `--retries` and `--max-bytes`
/// (docs/cli-contract.md), the same for every request of a run (a followed playlist too).
package struct HTTPOptions: Sendable, Hashable {
  /// Sent with every request, redirects included, in this order.
  package var headers: [HTTPHeaderField] = []
  /// How long one attempt may take, connecting and transferring, in milliseconds.
  package var timeoutMilliseconds = 10_000
  /// How many times a request that failed with a 5xx status, a timeout or a connection error
  /// is tried again.
  package var retries = 0
  /// The first wait before a retry, in milliseconds; each next wait doubles, up to 8 s.
  package var retryDelayMilliseconds = 250
  /// The largest body accepted; the transfer stops once more arrives.
  package var maxBytes = 256 << 20
  /// How many redirects are followed (RFC 9110 §15.4) before the request fails.
  package var maxRedirects = 5
  /// The `User-Agent` header.
  package var userAgent: String

  /// The defaults, with this `User-Agent`.
  package init(userAgent: String = "ManifestKit") { self.userAgent = userAgent }

  /// The wait before retry number `retry` (1 for the first): the first delay, doubled for each
  /// retry before it, at most 8 s.
  package func delayMilliseconds(beforeRetry retry: Int) -> Int {
    let cap = 8_000
    var delay = retryDelayMilliseconds
    for _ in 1..<max(retry, 1) {
      delay = min(delay * 2, cap)
    }
    return min(delay, cap)
  }
}
