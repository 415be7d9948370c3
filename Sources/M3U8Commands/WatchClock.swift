import ManifestCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The clock `m3u8-tool watch` reads and sleeps on: the system's in the tool, a scripted one in
/// tests, so a watch over minutes of a live stream takes no real time.
package protocol WatchClock: Sendable {
  /// The wall-clock time now.
  func now() -> DateTime
  /// Returns at `time` (at once when it has passed).
  func sleep(until time: DateTime)
}

/// The system's wall clock (CLOCK_REALTIME) and `nanosleep`.
package struct SystemWatchClock: WatchClock {
  /// The system clock.
  package init() {}

  package func now() -> DateTime {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return DateTime(
      secondsSinceEpoch: Int64(spec.tv_sec), nanosecond: Int64(spec.tv_nsec),
      utcOffsetMinutes: nil)
  }

  package func sleep(until time: DateTime) {
    let wait = time.seconds(since: now()).rescaled(to: 9)
    guard wait.scale == 9 else { return }  // beyond 292 years: nothing to wait for in a watch
    var remaining = wait.significand
    while remaining > 0 {
      var request = timespec(
        tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
      var left = timespec()
      guard nanosleep(&request, &left) != 0 else { return }
      remaining = Int64(left.tv_sec) * 1_000_000_000 + Int64(left.tv_nsec)
    }
  }
}
