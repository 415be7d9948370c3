import LoopbackOrigin
import M3U8Commands
import ManifestCore
import Synchronization
import Testing
import ToolSupport

/// `m3u8-tool watch` (issue 16 item 2) against the loopback live origin, whose windows are
/// written the way AWS Elemental MediaPackage and MediaLive write them (LiveOrigin). The watch
/// runs on `ScriptedClock`, which moves the origin's manual clock as the watch sleeps, so
/// minutes of stream take no real time.
@Suite struct WatchCommandTests {
  /// A watch clock starting at 10:00:00Z whose `sleep(until:)` advances itself and the origin.
  final class ScriptedClock: WatchClock {
    let origin: LiveClock
    let time: Mutex<DateTime>

    init(origin: LiveClock) {
      self.origin = origin
      time = Mutex(DateTime("2026-12-02T10:00:00.000Z") ?? DateTime(epochNanoseconds: 0))
    }

    func now() -> DateTime { time.withLock { $0 } }

    func sleep(until target: DateTime) {
      let milliseconds = time.withLock { now -> Int64 in
        let delta = (target.epochNanoseconds - now.epochNanoseconds) / 1_000_000
        if delta > 0 { now = target }
        return delta
      }
      if milliseconds > 0 { origin.advance(milliseconds: Int(milliseconds)) }
    }
  }

  /// Runs `watch ARGUMENTS URL(path)` against `origin`; the output has the port replaced by
  /// `PORT`.
  static func watch(
    _ origin: LiveOrigin, _ arguments: [String], path: String = "/live/master.m3u8"
  ) throws -> (Int32, String, String) {
    let server = try LoopbackServer(handler: origin.respond)
    defer { server.stop() }
    let tool = Tool(
      name: "m3u8-tool", summary: "", version: "",
      commands: [makeWatchCommand(clock: ScriptedClock(origin: origin.clock), status: nil)])
    let io = ToolIO.memory()
    io.http.retryDelayMilliseconds = 1
    let status = tool.run(["watch"] + arguments + [server.url(path)], io: io)
    let port = ":\(server.port)/"
    return (
      status, io.capturedOutput.replacingAll(port, with: ":PORT/"),
      io.capturedError.replacingAll(port, with: ":PORT/")
    )
  }

  static let v0 = "http://127.0.0.1:PORT/live/v0/index.m3u8"
  static let v1 = "http://127.0.0.1:PORT/live/v1/index.m3u8"

  @Test func aCleanStreamGivesSegmentsAndExitZero() throws {
    let (status, out, err) = try Self.watch(LiveOrigin(), ["--reloads", "2"])
    #expect(err == "")
    #expect(
      out == """
        2026-12-02T10:00:00.000Z  \(Self.v0)  segments-added 5 (100-104)
        2026-12-02T10:00:00.000Z  \(Self.v1)  segments-added 5 (100-104)
        2026-12-02T10:00:04.000Z  \(Self.v0)  segments-added 1 (105-105)
        2026-12-02T10:00:04.000Z  \(Self.v1)  segments-added 1 (105-105)
        2026-12-02T10:00:08.000Z  \(Self.v0)  segments-added 1 (106-106)
        2026-12-02T10:00:08.000Z  \(Self.v1)  segments-added 1 (106-106)

        """)
    #expect(status == 0)
  }
}

extension String {
  /// `self` with every `target` replaced.
  fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
    split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
