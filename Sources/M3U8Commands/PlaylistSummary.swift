import AdInsertion
import HLS
import ManifestCore

/// The lines `m3u8-tool info` prints.
enum PlaylistSummary {
  static func media(_ p: MediaPlaylist) -> [String] {
    var out = ["kind: media"]
    out.append("version: \(p.version.map(String.init) ?? "1 (not declared)")")
    out.append("target duration: \(p.targetDuration.map { "\($0) s" } ?? "missing")")
    out.append(
      "playlist type: \(p.playlistType?.rawValue ?? "none")\(p.endList ? ", ended" : ", live")")
    let segments = p.segments
    if segments.isEmpty {
      out.append("segments: 0")
    } else {
      out.append(
        "segments: \(segments.count) (media sequence \(p.firstListedMediaSequence)–"
          + "\(p.firstListedMediaSequence &+ UInt64(segments.count - 1)))")
    }
    out.append("total duration: \(p.totalDuration) s (\(clock(p.totalDuration)))")
    out += TimingText.timing(p.playbackTiming)
    if let skip = p.skip { out.append("delta update: \(skip.skippedSegments) segments skipped") }
    if let first = segments.first, let last = segments.last {
      let discontinuities = segments.count { $0.discontinuity }
      out.append(
        "discontinuities: \(discontinuities) (sequence \(first.discontinuitySequence)–"
          + "\(last.discontinuitySequence))")
      if let start = first.programDateTime, let end = last.programDateTime {
        out.append("program date-time: \(start) – \(end)")
      }
      if segments.contains(where: { $0.byteRange != nil }) { out.append("byte ranges: yes") }
    }
    if p.iFramesOnly { out.append("i-frames only: yes") }
    if p.imagesOnly { out.append("images only: yes") }
    out.append("keys: \(keySummary(p.keys))")
    if !p.maps.isEmpty {
      out.append("maps: \(p.maps.count) (\(p.maps.map(\.uri).joined(separator: ", ")))")
    }
    if !p.dateRanges.isEmpty { out.append("date ranges: \(p.dateRanges.count)") }
    let markers = adMarkerCounts(p.source)
    if !markers.isEmpty { out.append("ad markers: \(markers)") }
    let breaks = AdTimeline(p).breaks
    if !markers.isEmpty || !breaks.isEmpty { out += adBreakLines(breaks) }
    if let part = p.partInformation {
      let partCount = segments.reduce(0) { $0 + $1.parts.count } + p.pendingParts.count
      var text = "LL-HLS: part target \(part.partTarget) s, \(partCount) parts"
      text +=
        ", \(p.preloadHints.count) preload hints, \(p.renditionReports.count) rendition reports"
      if let control = p.serverControl {
        if control.canBlockReload { text += ", blocking reload" }
        if let skip = control.canSkipUntil { text += ", can skip until \(skip) s" }
        if let hold = control.partHoldBack { text += ", part hold back \(hold) s" }
      }
      out.append(text)
    }
    if !p.definitions.isEmpty {
      out.append("variables: \(p.definitions.map(\.name).joined(separator: ", "))")
    }
    return out
  }

  static func multivariant(_ p: MultivariantPlaylist) -> [String] {
    var out = ["kind: multivariant"]
    out.append("version: \(p.version.map(String.init) ?? "1 (not declared)")")
    if let start = p.start {
      // RFC 8216bis §4.4.2: the multivariant playlist's EXT-X-START applies to its media
      // playlists (and wins over theirs); `locate` reads the first variant with it.
      let side = start.timeOffset.isNegative ? "from the end" : "from the beginning"
      out.append(
        "start: \(start.timeOffset.isNegative ? -start.timeOffset : start.timeOffset) s \(side)\(start.precise ? ", precise" : "") "
          + "(EXT-X-START, for every media playlist)")
    }
    let variants = p.variants
    out.append("variants: \(variants.count)")
    for v in variants {
      var fields = [String(v.bandwidth), v.resolution?.description ?? "-", v.codecs ?? "-"]
      for (name, group) in [
        ("audio", v.audio), ("video", v.video), ("subtitles", v.subtitles),
        ("cc", v.closedCaptions),
      ] {
        if let group { fields.append("\(name)=\(group)") }
      }
      fields.append(v.uri)
      out.append("  " + fields.joined(separator: "  "))
    }
    if !p.iFrameVariants.isEmpty { out.append("i-frame variants: \(p.iFrameVariants.count)") }
    if !p.imageVariants.isEmpty { out.append("image variants: \(p.imageVariants.count)") }
    var types: [(String, Int)] = []
    for r in p.renditions {
      if let i = types.firstIndex(where: { $0.0 == r.type }) {
        types[i].1 += 1
      } else {
        types.append((r.type, 1))
      }
    }
    out.append(
      "renditions: \(p.renditions.count)"
        + (types.isEmpty
          ? "" : " (" + types.map { "\($0.0) \($0.1)" }.joined(separator: ", ") + ")"))
    if !p.sessionData.isEmpty { out.append("session data: \(p.sessionData.count)") }
    out.append("session keys: \(keySummary(p.sessionKeys))")
    if let steering = p.contentSteering {
      out.append(
        "content steering: \(steering.serverURI)"
          + (steering.pathwayID.map { " (pathway \($0))" } ?? ""))
    }
    if p.independentSegments { out.append("independent segments: yes") }
    return out
  }

  private static func keySummary(_ keys: [EncryptionKey]) -> String {
    guard !keys.isEmpty else { return "none" }
    var methods: [String] = []
    for key in keys {
      let text =
        key.method.description
        + (key.keyFormat.map { " (\($0))" } ?? "")
      if !methods.contains(text) { methods.append(text) }
    }
    return "\(keys.count) tags: " + methods.joined(separator: ", ")
  }

  private static func adMarkerCounts(_ source: PlaylistSource) -> String {
    var counts: [(TagName, Int)] = []
    for line in source.lines where line.kind == .tag && line.tag.isAdMarker {
      if let i = counts.firstIndex(where: { $0.0 == line.tag }) {
        counts[i].1 += 1
      } else {
        counts.append((line.tag, 1))
      }
    }
    return counts.map { "\($0.1) \($0.0.spelling)" }.joined(separator: ", ")
  }

  /// `ad breaks: N`, then one line per break: id, primary dialect, start and duration in
  /// seconds (as `m3u8-tool ads` measures them), and `open` (with the planned duration) for a
  /// break still open at the end of a live playlist.
  private static func adBreakLines(_ breaks: [AdBreak]) -> [String] {
    var out = ["ad breaks: \(breaks.count)"]
    for adBreak in breaks {
      var fields = [
        adBreak.id, adBreak.dialect.rawValue, "start \(adBreak.start) s",
        "duration \(adBreak.duration) s",
      ]
      if adBreak.open {
        fields.append("open" + (adBreak.plannedDuration.map { ", planned \($0) s" } ?? ""))
      }
      out.append("  " + fields.joined(separator: "  "))
    }
    return out
  }

  /// `H:MM:SS.fff` for a duration in seconds.
  static func clock(_ seconds: ExactDecimal) -> String {
    let millis = seconds.rescaled(to: 3).significand
    let h = millis / 3_600_000
    let m = millis / 60_000 % 60
    let s = millis / 1000 % 60
    let f = millis % 1000
    func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
    let frac = String(f + 1000).dropFirst()
    return "\(h):\(two(m)):\(two(s)).\(frac)"
  }
}
