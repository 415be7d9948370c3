import HTTPLoading
import LoopbackOrigin
import Testing

/// HTTPClient against the loopback server: every outcome a URL input can have.
@Suite struct HTTPClientTests {
  /// A quick client: short waits between retries, a short timeout for the slow-origin test.
  static func options(retries: Int = 0, timeoutMilliseconds: Int = 5_000) -> HTTPOptions {
    var options = HTTPOptions(userAgent: "ManifestKit/test")
    options.retries = retries
    options.retryDelayMilliseconds = 1
    options.timeoutMilliseconds = timeoutMilliseconds
    return options
  }

  static func origin() throws -> (LiveOrigin, LoopbackServer) {
    let origin = LiveOrigin()
    let server = try LoopbackServer(handler: origin.respond)
    return (origin, server)
  }

  @Test func aFetchGivesTheBodyTheStatusAndTheFinalURLAfterRedirects() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.inject(.redirect(path: "/old/master.m3u8", to: "/live/master.m3u8"))
    let response = try HTTPClient.get(server.url("/old/master.m3u8"), options: Self.options())
    #expect(response.status == 200)
    #expect(response.url == server.url("/old/master.m3u8"))
    #expect(response.finalURL == server.url("/live/master.m3u8"))
    #expect(response.redirects == 1)
    #expect(response.attempts == 1)
    #expect(response.header("content-type") == "application/vnd.apple.mpegurl")
    #expect(String(decoding: response.body, as: UTF8.self) == origin.multivariantPlaylist())
  }

  @Test func aStatusOtherThan2xxIsAnErrorWithItsReasonPhrase() throws {
    let (_, server) = try Self.origin()
    defer { server.stop() }
    let url = server.url("/live/missing.m3u8")
    #expect(throws: HTTPLoadError(url: url, kind: .status(404, "Not Found"))) {
      try HTTPClient.get(url, options: Self.options())
    }
    #expect(
      HTTPLoadError(url: url, kind: .status(404, "Not Found")).description
        == "\(url):1:1: error: HTTP 404 Not Found [io.http.status]")
  }

  @Test func a503IsTriedAgainUntilTheOriginRecovers() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.inject(.statuses(path: "/live/master.m3u8", [503, 503]))
    let response = try HTTPClient.get(
      server.url("/live/master.m3u8"), options: Self.options(retries: 2))
    #expect(response.attempts == 3)
    #expect(server.requests.count == 3)
  }

  @Test func withoutEnoughRetriesThe503IsTheError() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.inject(.statuses(path: "/live/master.m3u8", [503, 503]))
    let url = server.url("/live/master.m3u8")
    let error = HTTPLoadError(url: url, kind: .status(503, "Service Unavailable"), attempts: 2)
    #expect(throws: error) { try HTTPClient.get(url, options: Self.options(retries: 1)) }
    #expect(error.message == "HTTP 503 Service Unavailable (2 attempts)")
  }

  @Test func a404IsNotTriedAgain() throws {
    let (_, server) = try Self.origin()
    defer { server.stop() }
    let url = server.url("/nothing")
    #expect(throws: HTTPLoadError(url: url, kind: .status(404, "Not Found"))) {
      try HTTPClient.get(url, options: Self.options(retries: 3))
    }
    #expect(server.requests.count == 1)
  }

  @Test func aResponseSlowerThanTheTimeoutIsATimeout() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.inject(.slow(path: "/live/master.m3u8", milliseconds: 5_000))
    let url = server.url("/live/master.m3u8")
    #expect(throws: HTTPLoadError(url: url, kind: .timeout(200))) {
      try HTTPClient.get(url, options: Self.options(timeoutMilliseconds: 200))
    }
    #expect(
      HTTPLoadError(url: url, kind: .timeout(200)).message
        == "no complete response within 0.2 s (--timeout)")
  }

  @Test func aBodyPastTheCapStopsTheTransfer() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.serve("/big.m3u8", LoopbackResponse(body: Array(repeating: 0x23, count: 70_000)))
    let url = server.url("/big.m3u8")
    var options = Self.options()
    options.maxBytes = 65_536
    #expect(throws: HTTPLoadError(url: url, kind: .tooLarge(65_536))) {
      try HTTPClient.get(url, options: options)
    }
    options.maxBytes = 70_000
    #expect(try HTTPClient.get(url, options: options).body.count == 70_000)
  }

  @Test func theHeadersAndUserAgentAreSent() throws {
    let (_, server) = try Self.origin()
    defer { server.stop() }
    var options = Self.options()
    options.headers = [
      HTTPHeaderField(name: "Authorization", value: "Bearer abc"),
      HTTPHeaderField(name: "X-Probe", value: "ci 1"),
    ]
    _ = try HTTPClient.get(server.url("/live/master.m3u8"), options: options)
    let request = try #require(server.requests.first)
    #expect(request.header("authorization") == "Bearer abc")
    #expect(request.header("x-probe") == "ci 1")
    #expect(request.header("user-agent") == "ManifestKit/test")
  }

  @Test func moreThanFiveRedirectsFail() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    for hop in 0..<6 { origin.inject(.redirect(path: "/r\(hop)", to: "/r\(hop + 1)")) }
    origin.inject(.redirect(path: "/r6", to: "/live/master.m3u8"))
    let url = server.url("/r0")
    #expect(throws: HTTPLoadError(url: url, kind: .tooManyRedirects(5))) {
      try HTTPClient.get(url, options: Self.options())
    }
    // Five are followed.
    #expect(try HTTPClient.get(server.url("/r2"), options: Self.options()).redirects == 5)
  }

  @Test func aRedirectToAnotherSchemeIsRefused() throws {
    let (origin, server) = try Self.origin()
    defer { server.stop() }
    origin.inject(.redirect(path: "/file", to: "file:///etc/passwd"))
    let url = server.url("/file")
    #expect(
      throws: HTTPLoadError(
        url: url, kind: .transport("redirected to a URL that is not http or https"))
    ) { try HTTPClient.get(url, options: Self.options()) }
  }

  @Test func aConnectionRefusedIsATransportErrorTriedAgain() {
    // Port 1 (tcpmux) has no listener on a CI machine: the connection is refused at once.
    let url = "http://127.0.0.1:1/live/master.m3u8"
    do {
      _ = try HTTPClient.get(url, options: Self.options(retries: 1))
      Issue.record("fetched from port 1")
    } catch {
      #expect(error.code == .transport)
      #expect(error.attempts == 2)
      #expect(
        error.description.hasPrefix("\(url):1:1: error: Failed to connect to 127.0.0.1 port 1"))
    }
  }

  @Test func urlsWithSpacesOrOtherSchemesAreRefusedBeforeAnyRequest() {
    for url in ["http://127.0.0.1/a b.m3u8", "http://127.0.0.1/a\r\nX: y", "ftp://host/a.m3u8"] {
      #expect(throws: HTTPLoadError(url: url, kind: .badURL)) {
        try HTTPClient.get(url, options: Self.options())
      }
    }
  }

  @Test func isURLTakesHTTPAndHTTPSInAnyCase() {
    #expect(HTTPClient.isURL("http://h/a.m3u8"))
    #expect(HTTPClient.isURL("HTTPS://h/a.m3u8"))
    #expect(!HTTPClient.isURL("file:///a.m3u8"))
    #expect(!HTTPClient.isURL("http:/a.m3u8"))
    #expect(!HTTPClient.isURL("dir/http://a"))
  }

  @Test func backoffDoublesUpToEightSeconds() {
    var options = HTTPOptions()
    options.retryDelayMilliseconds = 250
    #expect(
      (1...7).map(options.delayMilliseconds(beforeRetry:)) == [
        250, 500, 1000, 2000, 4000, 8000, 8000,
      ])
  }
}
