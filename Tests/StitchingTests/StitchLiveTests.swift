import AdInsertion
import HLS
import ManifestCore
import Stitching
import Testing

/// Consecutive windows of a sliding live playlist (as AWS MediaPackage writes live HLS:
/// PROGRAM-DATE-TIME on every segment, CUE-OUT / CUE-OUT-CONT / CUE-IN), stitched one after
/// another with the state carried: every pair of outputs is consistent (`PlaylistDiff`), every
/// output passes the audit.
@Suite struct StitchLiveTests {
  /// Breaks of the source, as [first, end) segment ranges.
  static let breaks = [8..<14, 20..<23, 30..<36]

  /// The window of `size` 4 s segments starting at media sequence `first`.
  static func window(_ first: Int, size: Int = 6) -> String {
    var lines = [
      "#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:\(first)",
    ]
    for n in first..<(first + size) {
      let seconds = 4 * n
      lines.append(
        "#EXT-X-PROGRAM-DATE-TIME:2026-12-01T10:\(String(format2: seconds / 60)):"
          + "\(String(format2: seconds % 60)).000Z")
      if let b = breaks.first(where: { $0.contains(n) }) {
        let length = 4 * b.count
        if n == b.lowerBound {
          lines.append("#EXT-X-CUE-OUT:\(length)")
        } else {
          lines.append("#EXT-X-CUE-OUT-CONT:\(4 * (n - b.lowerBound))/\(length)")
        }
      } else if breaks.contains(where: { $0.upperBound == n }) {
        lines.append("#EXT-X-CUE-IN")
      }
      lines += ["#EXTINF:4.000,", "live_\(n).ts"]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func ad(_ name: String, count: Int) -> String {
    var lines = ["#EXTM3U", "#EXT-X-TARGETDURATION:4", "#EXT-X-PLAYLIST-TYPE:VOD"]
    for i in 0..<count { lines += ["#EXTINF:4.000000,", "\(name)-\(i).ts"] }
    return (lines + ["#EXT-X-ENDLIST"]).joined(separator: "\n") + "\n"
  }

  @Test func consecutiveWindowsAreConsistent() throws {
    let plan = try Stitch.plan(
      """
      {"breaks":[
        {"at":"markers","ads":[{"id":"long","playlist":"long.m3u8",
          "tracking":[{"event":"midpoint","url":"https://t.example.com/mid"}]}]},
        {"at":"markers","ads":[{"id":"s1","playlist":"short.m3u8"},
                               {"id":"s2","playlist":"short.m3u8"}]},
        {"at":"markers","ads":[{"id":"long2","playlist":"long.m3u8"},
                               {"id":"s3","playlist":"short.m3u8"}]}]}
      """)
    let stitcher = Stitcher(plan: plan)
    var state = LiveStitchState()
    var previous: MediaPlaylist? = nil
    var windows = 0
    var adSegments: [UInt64: String] = [:]
    for first in 0..<40 {
      let files = [
        "live.m3u8": Self.window(first), "long.m3u8": Self.ad("long", count: 4),
        "short.m3u8": Self.ad("short", count: 2),
      ]
      // The state goes through its JSON form, as `--state FILE` keeps it.
      let json = try JSONValue.parse(state.jsonValue.serialized())
      let carried = try #require(LiveStitchState(json: json))
      #expect(carried == state)
      let (result, next) = stitcher.stitchLive(
        content: "live.m3u8", state: carried, loader: MemoryLoader(files: files))
      #expect(result.diagnostics == [], "window \(first)")
      let text = try #require(Stitch.texts(result)["live.m3u8"], "window \(first)")
      #expect(try Stitch.auditErrors(text) == [], "window \(first):\n\(text)")
      let media = try #require(try Playlist.parse(text).media)
      if let previous {
        let diff = PlaylistDiff(old: previous, new: media)
        #expect(diff.inconsistencies.map(\.message) == [], "window \(first):\n\(text)")
        #expect(diff.missedSegments == 0, "window \(first)")
      }
      for segment in media.segments where !segment.uri.hasPrefix("live_") {
        if let seen = adSegments[segment.mediaSequence] { #expect(seen == segment.uri) }
        adSegments[segment.mediaSequence] = segment.uri
      }
      previous = media
      state = next
      windows += 1
    }
    #expect(windows == 40)
    // Every break got its pod: 4 + (2 + 1) + (4 + 2) ad segments (the second pod cut to 12 s).
    #expect(adSegments.count == 13)
  }
}

extension String {
  /// Two digits, zero-padded.
  init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}
