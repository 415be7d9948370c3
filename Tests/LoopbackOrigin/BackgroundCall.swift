import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A blocking call (a client's request a blocking reload holds) run on its own thread, so the
/// test can advance the origin's clock meanwhile; never on Swift concurrency's few threads,
/// which blocking calls in parallel tests can all hold.
package final class BackgroundCall<Value: Sendable>: Sendable {
  private let result = Mutex<Value?>(nil)

  /// Starts `body` on a new thread.
  package init(_ body: @escaping @Sendable () -> Value) {
    LoopbackServer.spawn { [self] in
      let value = body()
      result.withLock { $0 = value }
    }
  }

  /// Waits until the call returned, polling every millisecond, and gives its value.
  package func wait() -> Value {
    while true {
      if let value = result.withLock({ $0 }) { return value }
      LoopbackServer.sleep(milliseconds: 1)
    }
  }
}
