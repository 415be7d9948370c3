import Synchronization

/// A simulated live HLS origin for `LoopbackServer`: `/live/master.m3u8` lists one media playlist
/// per variant (`/live/v<i>/index.m3u8`) whose window advances with `clock`, LL-HLS parts and
/// blocking reloads (`_HLS_msn`, `_HLS_part`, RFC 8216bis §6.2.5.2) when configured, faults
/// injected per test, and any other file a test adds with `serve(_:_:)`.
///
/// ```swift
/// let clock = LiveClock.manual()
/// let origin = LiveOrigin(configuration, clock: clock)
/// origin.inject(.statuses(path: "/live/v0/index.m3u8", [503]))
/// let server = try LoopbackServer(handler: origin.respond)
/// clock.advance(milliseconds: 4_000)  // one more segment in every window
/// ```
package final class LiveOrigin: Sendable {
  /// The stream.
  package let configuration: Configuration
  /// The media time.
  package let clock: LiveClock
  private let state = Mutex(State())

  private struct State {
    var faults: [Fault] = []
    var files: [String: LoopbackResponse] = [:]
  }

  /// Creates an origin.
  package init(_ configuration: Configuration = Configuration(), clock: LiveClock = .manual()) {
    self.configuration = configuration
    self.clock = clock
  }

  /// Adds a fault.
  package func inject(_ fault: Fault) { state.withLock { $0.faults.append(fault) } }

  /// Serves `response` at `path` (a VOD playlist, a large body, an echo of a header).
  package func serve(_ path: String, _ response: LoopbackResponse) {
    state.withLock { $0.files[path] = response }
  }

  /// The answer to `request`; the `LoopbackServer` handler.
  package func respond(_ request: LoopbackRequest) -> LoopbackResponse {
    let path = request.path
    var delay = 0
    let early: LoopbackResponse? = state.withLock { state in
      for (index, fault) in state.faults.enumerated() {
        switch fault {
        case .statuses(let faultPath, let statuses) where faultPath == path && !statuses.isEmpty:
          state.faults[index] = .statuses(path: faultPath, Array(statuses.dropFirst()))
          return .status(statuses[0], Self.reason(statuses[0]))
        case .redirect(let faultPath, let location) where faultPath == path:
          return .redirect(to: location)
        case .slow(let faultPath, let milliseconds) where faultPath == path:
          delay = milliseconds
        default: continue
        }
      }
      return nil
    }
    if let early { return early }
    var response = answer(request)
    response.bodyDelayMilliseconds = delay
    return response
  }

  private func answer(_ request: LoopbackRequest) -> LoopbackResponse {
    if let file = state.withLock({ $0.files[request.path] }) { return file }
    if request.path == "/live/master.m3u8" { return .playlist(multivariantPlaylist()) }
    let parts = request.path.split(separator: "/")
    guard parts.count == 3, parts[0] == "live", parts[1].hasPrefix("v"),
      let variant = Int(parts[1].dropFirst()), configuration.bandwidths.indices.contains(variant)
    else { return .status(404, "Not Found") }
    if parts[2] != "index.m3u8" {
      return LoopbackResponse(headers: [("Content-Type", "video/mp2t")], body: [0x47])
    }
    guard let msn = request.parameter("_HLS_msn").flatMap(Int.init) else {
      return .playlist(mediaPlaylist(variant: variant))
    }
    return blockingReload(variant: variant, msn: msn, part: request.parameter("_HLS_part"))
  }

  /// Holds the request until segment `msn` (part `part`) is in the window, RFC 8216bis §6.2.5.2;
  /// 400 for one more than two segments ahead.
  private func blockingReload(variant: Int, msn: Int, part: String?) -> LoopbackResponse {
    let partIndex = part.flatMap(Int.init)
    let start = LoopbackServer.now()
    while true {
      let window = window(variant: variant)
      if msn > window.last + 2 { return .status(400, "Bad Request") }
      let ready =
        window.last >= msn
        || (partIndex.map { window.last == msn - 1 && window.parts > $0 } ?? false)
      if ready || LoopbackServer.now() - start >= configuration.maximumHoldMilliseconds {
        return .playlist(mediaPlaylist(variant: variant))
      }
      LoopbackServer.sleep(milliseconds: 5)
    }
  }

  /// The window of `variant` now: its last complete segment, the parts of the next one, and
  /// the faults that apply.
  struct Window {
    var last: Int
    var parts: Int
    var sequenceOffset = 0
    var changedURI: Int?
  }

  func window(variant: Int) -> Window {
    let time = clock.milliseconds
    let segment = configuration.segmentMilliseconds
    var window = Window(
      last: configuration.firstSequence + configuration.windowSegments - 1 + time / segment,
      parts: configuration.partsPerSegment > 0
        ? (time % segment) / configuration.partMilliseconds
        : 0)
    for fault in state.withLock({ $0.faults }) {
      switch fault {
      case .stale(variant, let lastSequence) where window.last >= lastSequence:
        window.last = lastSequence
        window.parts = 0
      default: continue
      }
    }
    for fault in state.withLock({ $0.faults }) {
      switch fault {
      case .sequenceRegression(variant, let atSequence, let by) where window.last >= atSequence:
        window.sequenceOffset = -by
      case .segmentURIChanged(variant, let sequence, let atSequence) where window.last >= atSequence:
        window.changedURI = sequence
      default: continue
      }
    }
    return window
  }

  /// The multivariant playlist, the way AWS Elemental MediaPackage lists its variants.
  package func multivariantPlaylist() -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-INDEPENDENT-SEGMENTS\n"
    for (index, bandwidth) in configuration.bandwidths.enumerated() {
      let height = [360, 540, 720, 1080][min(index, 3)]
      text += "#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),CODECS=\"avc1.64001f,mp4a.40.2\","
      text += "RESOLUTION=\(height * 16 / 9)x\(height)\n"
      text += "v\(index)/index.m3u8\n"
    }
    return text
  }

  /// The media playlist of `variant` now.
  package func mediaPlaylist(variant: Int) -> String {
    let window = window(variant: variant)
    let config = configuration
    let first = window.last - config.windowSegments + 1
    let lowLatency = config.partsPerSegment > 0
    var text = "#EXTM3U\n#EXT-X-VERSION:\(lowLatency ? 9 : 6)\n"
    text += "#EXT-X-TARGETDURATION:\(config.segmentSeconds)\n"
    if lowLatency {
      let part = Self.seconds(config.partMilliseconds)
      text += "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK="
      text += Self.seconds(config.partMilliseconds * 3) + "\n"
      text += "#EXT-X-PART-INF:PART-TARGET=\(part)\n"
    }
    text += "#EXT-X-MEDIA-SEQUENCE:\(first + window.sequenceOffset)\n"
    for msn in first...window.last {
      text += cueLines(variant: variant, msn: msn)
      text += "#EXT-X-PROGRAM-DATE-TIME:" + Self.dateTime(msn * config.segmentMilliseconds) + "\n"
      // The last two segments keep their parts (RFC 8216bis §6.2.2: three part targets).
      if lowLatency && msn >= window.last - 1 {
        for part in 0..<config.partsPerSegment { text += partLine(msn: msn, part: part) }
      }
      text += "#EXTINF:" + Self.seconds(config.segmentMilliseconds) + ",\n"
      text += "seg\(msn)\(window.changedURI == msn ? "-b" : "").ts\n"
    }
    if lowLatency {
      let next = window.last + 1
      for part in 0..<window.parts { text += partLine(msn: next, part: part) }
      text += "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"seg\(next).\(window.parts).mp4\"\n"
    }
    return text
  }

  private func partLine(msn: Int, part: Int) -> String {
    let duration = Self.seconds(configuration.partMilliseconds)
    let independent = part == 0 ? ",INDEPENDENT=YES" : ""
    return "#EXT-X-PART:DURATION=\(duration),URI=\"seg\(msn).\(part).mp4\"\(independent)\n"
  }

  /// The CUE-OUT, CUE-OUT-CONT or CUE-IN before segment `msn` of `variant`.
  private func cueLines(variant: Int, msn: Int) -> String {
    let seconds = configuration.segmentSeconds
    for adBreak in configuration.adBreaks
    where adBreak.variants.map({ $0.contains(variant) }) ?? true {
      let offset = msn - adBreak.firstSequence
      let duration = adBreak.segments * seconds
      if offset == 0 { return "#EXT-X-CUE-OUT:DURATION=\(duration)\n" }
      if offset > 0 && offset < adBreak.segments {
        return "#EXT-X-CUE-OUT-CONT:ElapsedTime=\(offset * seconds),Duration=\(duration)\n"
      }
      if offset == adBreak.segments && adBreak.closes { return "#EXT-X-CUE-IN\n" }
      if offset >= adBreak.segments && !adBreak.closes {
        return "#EXT-X-CUE-OUT-CONT:ElapsedTime=\(offset * seconds),Duration=\(duration)\n"
      }
    }
    return ""
  }

  /// `4.000` for 4000 ms.
  static func seconds(_ milliseconds: Int) -> String {
    let fraction = String(milliseconds % 1000 + 1000).dropFirst()
    return "\(milliseconds / 1000).\(fraction)"
  }

  /// 2026-12-02T00:00:00.000Z plus `milliseconds` (within the day, wrapping).
  static func dateTime(_ milliseconds: Int) -> String {
    let day = milliseconds % 86_400_000
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let hours = two(day / 3_600_000)
    let minutes = two(day / 60_000 % 60)
    let seconds = two(day / 1000 % 60)
    let fraction = String(day % 1000 + 1000).dropFirst()
    return "2026-12-02T\(hours):\(minutes):\(seconds).\(fraction)Z"
  }

  private static func reason(_ status: Int) -> String {
    switch status {
    case 404: "Not Found"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Error"
    }
  }
}
