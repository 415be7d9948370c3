import AdInsertion
import HLS
import ManifestCore
import Testing

@testable import Stitching

/// The first rendition's marked breaks serve another rendition only when what `AdTimeline`
/// reads is the same in both. `@testable`: `MarkedBreaks` is the stitcher's own.
@Suite struct MarkedBreaksTests {
  /// A Unified Streaming-style live rendition (fMP4, PROGRAM-DATE-TIME on every segment, a
  /// CUE-OUT / CUE-IN break of 12 s); `name` is the rendition's segment prefix.
  static func rendition(
    _ name: String, cueAt: Int = 2, duration: String = "6.000",
    date: String = "2026-12-01T10:00:18.000Z", define: String? = nil
  ) -> String {
    var lines = ["#EXTM3U", "#EXT-X-VERSION:8", "#EXT-X-TARGETDURATION:6"]
    if let define { lines.append("#EXT-X-DEFINE:NAME=\"cdn\",VALUE=\"\(define)\"") }
    lines += ["#EXT-X-MEDIA-SEQUENCE:100", "#EXT-X-MAP:URI=\"\(name)-init.mp4\""]
    let dates = [
      "2026-12-01T10:00:00.000Z", "2026-12-01T10:00:06.000Z", "2026-12-01T10:00:12.000Z", date,
      "2026-12-01T10:00:24.000Z", "2026-12-01T10:00:30.000Z",
    ]
    for i in 0..<6 {
      lines.append("#EXT-X-PROGRAM-DATE-TIME:\(dates[i])")
      if i == cueAt { lines.append("#EXT-X-CUE-OUT:12") }
      if i == cueAt + 2 { lines.append("#EXT-X-CUE-IN") }
      lines += ["#EXTINF:\(i == 4 ? duration : "6.000"),", "\(name)-\(100 + i).m4s"]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func media(_ text: String) throws -> MediaPlaylist {
    try #require(try Playlist.parse(Array(text.utf8)).media)
  }

  static func marked(_ text: String) throws -> MarkedBreaks {
    let first = try media(text)
    return MarkedBreaks(first, breaks: AdTimeline(first).breaks)
  }

  @Test func aRenditionWithTheSameMarkersTakesTheFirstOnesBreaks() throws {
    let marked = try Self.marked(Self.rendition("video-1080"))
    let other = try Self.media(Self.rendition("audio-en"))
    let breaks = try #require(marked.breaks(for: other))
    // What the stitch takes of them: the segments and the marker lines (byte offsets are the
    // first rendition's).
    let placed = { (breaks: [AdBreak]) in
      breaks.map { b in
        [b.startSegment, b.endSegment ?? -1] + b.signals.flatMap { $0.markers.map(\.location.line) }
      }
    }
    #expect(placed(breaks) == [[2, 3, 13, 20]])
    #expect(placed(breaks) == placed(AdTimeline(other).breaks))
  }

  @Test func aMarkerOnAnotherSegmentReadsItsOwn() throws {
    let marked = try Self.marked(Self.rendition("video-1080"))
    #expect(marked.breaks(for: try Self.media(Self.rendition("audio-en", cueAt: 1))) == nil)
  }

  @Test func aSegmentOfAnotherDurationReadsItsOwn() throws {
    let marked = try Self.marked(Self.rendition("video-1080"))
    let other = try Self.media(Self.rendition("audio-en", duration: "5.952"))
    #expect(marked.breaks(for: other) == nil)
  }

  @Test func anotherProgramDateTimeReadsItsOwn() throws {
    let marked = try Self.marked(Self.rendition("video-1080"))
    let other = try Self.media(Self.rendition("audio-en", date: "2026-12-01T10:00:18.040Z"))
    #expect(marked.breaks(for: other) == nil)
  }

  @Test func anotherVariableReadsItsOwn() throws {
    let marked = try Self.marked(Self.rendition("video-1080", define: "a.example.com"))
    let same = try Self.media(Self.rendition("audio-en", define: "a.example.com"))
    #expect(marked.breaks(for: same) != nil)
    let other = try Self.media(Self.rendition("audio-en", define: "b.example.com"))
    #expect(marked.breaks(for: other) == nil)
  }
}
