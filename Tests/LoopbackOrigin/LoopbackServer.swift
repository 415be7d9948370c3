import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A small HTTP/1.1 server for tests: bound to 127.0.0.1 on a port the system picks, one thread
/// per connection (so a blocking playlist reload can wait while other requests are answered),
/// `Connection: close` after every response. It stops by itself after `lifetimeMilliseconds`
/// even if a test never calls `stop()`.
///
/// ```swift
/// let server = try LoopbackServer { request in .playlist("#EXTM3U\n…") }
/// defer { server.stop() }
/// let url = server.url("/live/master.m3u8")
/// ```
package final class LoopbackServer: Sendable {
  /// Answers one request; called on the connection's thread.
  package typealias Handler = @Sendable (LoopbackRequest) -> LoopbackResponse

  /// The port the server listens on.
  package let port: Int
  private let listener: Int32
  private let handler: Handler
  private let state = Mutex(State())

  private struct State {
    var stopped = false
    var requests: [LoopbackRequest] = []
  }

  /// Starts a server; it answers until `stop()` or until `lifetimeMilliseconds` have passed.
  package init(lifetimeMilliseconds: Int = 60_000, handler: @escaping Handler) throws(ServerError) {
    #if canImport(Glibc)
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw ServerError("socket failed") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard bound == 0, named == 0, listen(fd, 64) == 0 else {
      close(fd)
      throw ServerError("cannot listen on 127.0.0.1")
    }
    self.listener = fd
    self.port = Int(UInt16(bigEndian: address.sin_port))
    self.handler = handler
    let deadline = Self.now() + lifetimeMilliseconds
    Self.spawn { [self] in acceptLoop(until: deadline) }
  }

  /// `http://127.0.0.1:PORT` followed by `path`.
  package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// The requests answered or being answered, in the order they arrived.
  package var requests: [LoopbackRequest] { state.withLock { $0.requests } }

  /// True once `stop()` was called or the lifetime is over.
  package var isStopped: Bool { state.withLock { $0.stopped } }

  /// Stops accepting connections; a response being delayed is cut short.
  package func stop() { state.withLock { $0.stopped = true } }

  deinit { close(listener) }

  private func acceptLoop(until deadline: Int) {
    while !isStopped {
      if Self.now() >= deadline {
        stop()
        break
      }
      var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 20) > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      Self.spawn { [self] in serve(connection) }
    }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    guard let request = Self.readRequest(connection) else { return }
    state.withLock { $0.requests.append(request) }
    let response = handler(request)
    var head = "HTTP/1.1 \(response.status) \(response.reason)\r\n"
    for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
    guard Self.sendAll(connection, Array(head.utf8)) else { return }
    var waited = 0
    while waited < response.bodyDelayMilliseconds && !isStopped {
      Self.sleep(milliseconds: 10)
      waited += 10
    }
    _ = Self.sendAll(connection, response.body)
  }

  /// The request line and header fields, up to 64 KiB; nil for anything else.
  private static func readRequest(_ connection: Int32) -> LoopbackRequest? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
    while bytes.count < 1 << 16 {
      guard poll(&ready, 1, 5_000) > 0 else { return nil }
      let n = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard n > 0 else { return nil }
      bytes += buffer[..<n]
      if let end = headEnd(bytes) { return parse(bytes[..<end]) }
    }
    return nil
  }

  private static func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in 0...(bytes.count - 4)
    where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
      return i
    }
    return nil
  }

  private static func parse(_ head: ArraySlice<UInt8>) -> LoopbackRequest? {
    let lines = String(decoding: head, as: UTF8.self).split(
      separator: "\r\n", omittingEmptySubsequences: false)
    guard let first = lines.first else { return nil }
    let parts = first.split(separator: " ")
    guard parts.count == 3 else { return nil }
    let target = parts[1]
    let path = target.prefix { $0 != "?" }
    var query: [(name: String, value: String)] = []
    if let mark = target.firstIndex(of: "?") {
      for pair in target[target.index(after: mark)...].split(separator: "&") {
        let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        query.append((String(halves[0]), halves.count == 2 ? String(halves[1]) : ""))
      }
    }
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let value = line[line.index(after: colon)...].drop { $0 == " " }
      headers.append((String(line[..<colon]), String(value)))
    }
    return LoopbackRequest(
      method: String(parts[0]), path: String(path), query: query, headers: headers)
  }

  private static func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      // MSG_NOSIGNAL: a client that gave up (a --timeout test) is EPIPE, not SIGPIPE.
      let n = bytes.withUnsafeBytes {
        send(
          connection, $0.baseAddress.map { $0 + offset }, bytes.count - offset,
          Int32(MSG_NOSIGNAL))
      }
      guard n > 0 else { return false }
      offset += n
    }
    return true
  }

  /// Milliseconds on the monotonic clock.
  static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }

  static func sleep(milliseconds: Int) {
    var request = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
  }

  /// Runs `body` on a new detached thread.
  static func spawn(_ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { raw in
        guard let raw else { return nil }
        Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
        return nil
      }, box)
    if created == 0 {
      pthread_detach(thread)
    } else {
      Unmanaged<Box>.fromOpaque(box).release()
    }
  }

  /// The server could not start.
  package struct ServerError: Error, Sendable {
    /// Why.
    package var message: String
    init(_ message: String) { self.message = message }
  }
}
