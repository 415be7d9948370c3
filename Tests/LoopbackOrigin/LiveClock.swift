import Synchronization

/// The media time of a simulated origin, in milliseconds since its first window: advanced by
/// the test (`manual`, deterministic) or by the wall clock times a speed (`wall`).
package final class LiveClock: Sendable {
  private enum Mode {
    case manual
    case wall(start: Int, speed: Int)
  }

  private let mode: Mode
  private let manualTime = Mutex(0)

  private init(_ mode: Mode) { self.mode = mode }

  /// A clock that moves only when `advance(milliseconds:)` is called.
  package static func manual() -> LiveClock { LiveClock(.manual) }

  /// A clock that runs `speed` times faster than the wall clock from now on.
  package static func wall(speed: Int = 1) -> LiveClock {
    LiveClock(.wall(start: LoopbackServer.now(), speed: speed))
  }

  /// The media time now.
  package var milliseconds: Int {
    switch mode {
    case .manual: manualTime.withLock { $0 }
    case .wall(let start, let speed): (LoopbackServer.now() - start) * speed
    }
  }

  /// Moves a manual clock on (a wall clock ignores it).
  package func advance(milliseconds: Int) { manualTime.withLock { $0 += milliseconds } }
}
