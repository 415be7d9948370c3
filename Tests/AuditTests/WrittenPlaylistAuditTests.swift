import Audit
import Foundation
import HLS
import ManifestCore
import Testing

/// Playlists written by `PlaylistWriter` pass the audit with no error: a live LL-HLS playlist
/// built from typed values (FairPlay and Widevine keys with rotation, a map, program date-times,
/// a SCTE-35 DATERANGE break with CUE-OUT/IN, parts, preload hint, rendition reports), a
/// multivariant playlist, and the clean samples read and written again from their typed values.
@Suite struct WrittenPlaylistAuditTests {
  static let clean = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../samples/audit/clean").standardized

  static let out =
    "0xFC302500000000000000FFF01405000000017FEFFE00A5B1C0FE002932E000010000000016E46D2C"
  static let back = "0xFC302000000000000000FFF00F05000000017F4FFE00CEE4A00001000000005B6DAC5F"

  func errors(_ bytes: [UInt8]) throws -> [String] {
    summary(Audit.run(try Playlist.parse(bytes)).filter { $0.severity == .error })
  }

  static func keys(_ generation: Int) -> [EncryptionKey] {
    let id = String(repeating: "0", count: 31) + String(generation % 10)
    return [
      EncryptionKey(
        method: .sampleAES, uri: "skd://\(id)", keyFormat: "com.apple.streamingkeydelivery",
        keyFormatVersions: "1"),
      EncryptionKey(
        method: .sampleAESCTR, uri: "data:text/plain;base64,AAAAW3Bzc2g=",
        keyFormat:
          "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed", keyFormatVersions: "1", keyID: "0x" + id),
    ]
  }

  static func livePlaylist() -> MediaPlaylistBuilder {
    var playlist = MediaPlaylistBuilder(
      targetDuration: 2, mediaSequence: 1_000_000, discontinuitySequence: 12,
      independentSegments: true,
      serverControl: ServerControl(
        canBlockReload: true, canSkipUntil: ExactDecimal(12), partHoldBack: ExactDecimal(1)),
      partInformation: PartInformation(partTarget: ExactDecimal(significand: 33334, scale: 5)))
    let start = DateTime(epochNanoseconds: 1_764_374_400_000_000_000)
    let map = MediaInitializationSection(uri: "init-v1080.mp4")
    let two = ExactDecimal(2)
    let count = 60
    for i in 0..<count {
      let date = start.adding(seconds: ExactDecimal(2 * i))
      var ranges: [DateRange] = []
      var tags: [CustomTag] = []
      if i == 20 {
        ranges.append(
          DateRange(
            id: "splice-1", startDate: date, plannedDuration: ExactDecimal(30), scte35Out: out))
        tags.append(CustomTag(name: "EXT-X-CUE-OUT", value: "30"))
      } else if i > 20 && i < 35 {
        tags.append(
          CustomTag(name: "EXT-X-CUE-OUT-CONT", value: "ElapsedTime=\(2 * (i - 20)),Duration=30"))
      } else if i == 35 {
        ranges.append(
          DateRange(
            id: "splice-1", startDate: start.adding(seconds: ExactDecimal(40)), endDate: date,
            duration: ExactDecimal(30), scte35In: back))
        tags.append(CustomTag(name: "EXT-X-CUE-IN"))
      }
      var parts: [PartialSegment] = []
      if i >= count - 3 {
        parts = (0..<6).map {
          PartialSegment(
            uri: "seg_\(1_000_000 + i).part\($0).m4s",
            duration: ExactDecimal(significand: 33333, scale: 5), independent: $0 % 3 == 0)
        }
      }
      playlist.append(
        Segment(
          uri: "seg_\(1_000_000 + i).m4s",
          duration: parts.isEmpty ? two : ExactDecimal(significand: 199998, scale: 5),
          programDateTime: date, keys: keys(i / 30), map: map, parts: parts),
        dateRanges: ranges, tags: tags)
    }
    let next = 1_000_000 + count
    playlist.pendingParts = [
      PartialSegment(
        uri: "seg_\(next).part0.m4s", duration: ExactDecimal(significand: 33333, scale: 5),
        independent: true)
    ]
    playlist.preloadHints = [PreloadHint(type: "PART", uri: "seg_\(next).part1.m4s")]
    playlist.renditionReports = ["v720", "a128"].map {
      RenditionReport(uri: "../\($0)/live.m3u8", lastMediaSequence: UInt64(next - 1), lastPart: 5)
    }
    return playlist
  }

  @Test func aBuiltLowLatencyPlaylistAuditsWithoutErrors() throws {
    let bytes = try PlaylistWriter.write(Self.livePlaylist())
    #expect(try errors(bytes) == [])
    #expect(try Playlist.parse(bytes).version == 6)
  }

  @Test func aLiveWindowAuditsWithoutErrorsAfterEveryChange() throws {
    let built = Self.livePlaylist()
    var live = LiveMediaPlaylist(built)
    live.template.pendingParts = []
    live.template.preloadHints = []
    live.template.renditionReports = []
    for (i, segment) in built.segments.enumerated() {
      try live.append(
        segment, dateRanges: built.dateRanges.filter { $0.segmentIndex == i },
        tags: built.customTags.filter { $0.segmentIndex == i })
      live.expire(keeping: 20)
      #expect(try errors(try live.bytes()) == [], "after segment \(i)")
      #expect(try errors(try live.deltaUpdate(.yes)) == [], "delta after segment \(i)")
    }
  }

  @Test func aBuiltMultivariantPlaylistAuditsWithoutErrors() throws {
    var master = MultivariantPlaylistBuilder(independentSegments: true)
    master.renditions = [
      Rendition(
        type: "AUDIO", groupID: "aac", name: "English", language: "en", isDefault: true,
        autoselect: true, channels: "2", uri: "a128/live.m3u8"),
      Rendition(
        type: "SUBTITLES", groupID: "subs", name: "English", language: "en", isDefault: true,
        autoselect: true, uri: "subs/en.m3u8"),
    ]
    master.variants = [("v1080", 6_000_000, 1920, 1080), ("v720", 3_000_000, 1280, 720)].map {
      VariantStream(
        uri: "\($0.0)/live.m3u8", bandwidth: $0.1, averageBandwidth: $0.1 * 9 / 10,
        codecs: "avc1.640028,mp4a.40.2", resolution: Resolution(width: $0.2, height: $0.3),
        frameRate: ExactDecimal(30), audio: "aac", subtitles: "subs", closedCaptions: "NONE")
    }
    #expect(try errors(try PlaylistWriter.write(master)) == [])
  }

  @Test func cleanSamplesWrittenFromTheirTypedValuesAuditWithoutErrors() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.clean.path)
      .filter { $0.hasSuffix(".m3u8") }.sorted()
    #expect(names.count >= 8)
    for name in names {
      let text = try String(contentsOf: Self.clean.appendingPathComponent(name), encoding: .utf8)
      let playlist = try Playlist.parse(text)
      let bytes: [UInt8]
      switch playlist {
      case .media(let media):
        var builder = MediaPlaylistBuilder(media)
        builder.version = nil
        bytes = try PlaylistWriter.write(builder)
      case .multivariant(let multivariant):
        var builder = MultivariantPlaylistBuilder(multivariant)
        builder.version = nil
        bytes = try PlaylistWriter.write(builder)
      }
      #expect(try errors(bytes) == [], "\(name)")
    }
  }
}
