import HLS
import ManifestCore

/// Generated media playlists for the writer's round trips: segments with key rotation, map
/// changes, discontinuities, program date-times, byte ranges, gaps, bitrates, parts, SCTE-35
/// DATERANGE pairs, interstitials and custom tags, built from typed values.
struct PlaylistGenerator {
  /// SplitMix64 (the property tests' generator), so a failing seed can be replayed.
  typealias Random = PropertyTests.SplitMix

  static let scte35Out =
    "0xFC302500000000000000FFF01405000000017FEFFE00A5B1C0FE002932E000010000000016E46D2C"
  static let scte35In =
    "0xFC302000000000000000FFF00F05000000017F4FFE00CEE4A00001000000005B6DAC5F"
  static let epoch = DateTime(epochNanoseconds: 1_764_374_400_000_000_000)

  var random: Random

  init(seed: Int) { random = Random(state: UInt64(seed) &* 7919 &+ 13) }

  mutating func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &random) == 0 }
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

  /// A random duration of at most 3 fraction digits, 1…6 s.
  mutating func duration() -> ExactDecimal {
    ExactDecimal(significand: Int64(int(1000...6000)), scale: 3).normalized
  }

  mutating func keys(_ generation: Int) -> [EncryptionKey] {
    switch int(0...3) {
    case 0: return []
    case 1:
      return [
        EncryptionKey(
          method: .aes128, uri: "https://keys.example.com/k\(generation)",
          iv: chance(2) ? "0x" + String(repeating: "0", count: 31) + String(generation % 10) : nil)
      ]
    default:
      return [
        EncryptionKey(
          method: .sampleAES, uri: "skd://key\(generation)",
          keyFormat: "com.apple.streamingkeydelivery", keyFormatVersions: "1"),
        EncryptionKey(
          method: .sampleAESCTR, uri: "data:text/plain;base64,AAAAW3Bzc2g=",
          keyFormat: "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed", keyFormatVersions: "1",
          keyID: String(format16: generation)),
      ]
    }
  }

  /// A media playlist; `lowLatency` adds parts, the LL-HLS header and tail.
  mutating func mediaPlaylist() -> MediaPlaylistBuilder {
    let lowLatency = chance(2)
    var playlist = MediaPlaylistBuilder(
      mediaSequence: UInt64(int(0...100_000)),
      discontinuitySequence: chance(2) ? UInt64(int(0...50)) : 0,
      independentSegments: chance(2))
    if chance(3) {
      playlist.endList = true
      playlist.playlistType = .vod
    }
    if lowLatency {
      playlist.endList = false
      playlist.playlistType = nil
      playlist.serverControl = ServerControl(
        canBlockReload: true, canSkipUntil: ExactDecimal(36), partHoldBack: ExactDecimal(3))
      playlist.partInformation = PartInformation(partTarget: ExactDecimal(1))
    }
    if chance(4) { playlist.start = StartPoint(timeOffset: ExactDecimal(-12), precise: chance(2)) }
    let count = int(1...40)
    let useByteRanges = !lowLatency && chance(4)
    var keys = keys(0)
    var keyGeneration = 0
    var map: MediaInitializationSection? =
      chance(2) ? MediaInitializationSection(uri: "init0.mp4") : nil
    var date: DateTime? = chance(4) ? nil : Self.epoch
    var offset = 0
    var bitrate: Int? = nil
    var openBreak: (id: String, start: DateTime, planned: ExactDecimal)? = nil
    for i in 0..<count {
      var tags: [CustomTag] = []
      var ranges: [DateRange] = []
      let discontinuity = i > 0 && chance(8)
      if i > 0 && chance(6) {
        keyGeneration += 1
        keys = self.keys(keyGeneration)
      }
      if map != nil && chance(10) { map = MediaInitializationSection(uri: "init\(i).mp4") }
      if bitrate != nil || chance(10) { bitrate = chance(3) ? int(100...9000) : bitrate }
      var own = i == 0
      if discontinuity, date != nil {
        date = date?.adding(seconds: ExactDecimal(int(1...100)))
        own = true
      } else if chance(3) {
        own = true
      }
      let d = duration()
      if let start = date, openBreak == nil, chance(8) {
        let id = "break-\(i)"
        let planned = ExactDecimal(int(10...60))
        openBreak = (id, start, planned)
        ranges.append(
          DateRange(
            id: id, startDate: start, plannedDuration: planned, scte35Out: Self.scte35Out))
        tags.append(CustomTag(name: "EXT-X-CUE-OUT", value: planned.description))
      } else if let open = openBreak, let now = date, chance(3) {
        ranges.append(
          DateRange(
            id: open.id, startDate: open.start, endDate: now,
            duration: now.seconds(since: open.start), scte35In: Self.scte35In))
        tags.append(CustomTag(name: "EXT-X-CUE-IN"))
        openBreak = nil
      }
      if let start = date, chance(15) {
        ranges.append(
          DateRange(
            id: "ad-\(i)", classIdentifier: "com.apple.hls.interstitial", startDate: start,
            duration: ExactDecimal(15),
            attributes: AttributeList([
              .init(
                name: "X-ASSET-URI", value: "https://ads.example.com/\(i).m3u8", isQuoted: true),
              .init(name: "X-RESUME-OFFSET", value: "0", isQuoted: false),
            ])))
      }
      if chance(12) { tags.append(CustomTag(name: "EXT-X-PACKAGER-NOTE", value: "slot=\(i),a\tb")) }
      var parts: [PartialSegment] = []
      if lowLatency && i >= count - 3 {
        var left = d
        var p = 0
        while left > .zero {
          let part = min(left, ExactDecimal(1))
          parts.append(
            PartialSegment(
              uri: "seg\(i).part\(p).m4s", duration: part, independent: p == 0,
              gap: chance(20)))
          left = left - part
          p += 1
        }
      }
      var range: ByteRange? = nil
      var uri = "seg\(i).\(map == nil ? "ts" : "m4s")"
      if useByteRanges {
        uri = "main.ts"
        let length = int(1000...90000)
        range = ByteRange(length: length, offset: offset, offsetWasExplicit: i == 0 || chance(3))
        offset += length
      }
      let segment = Segment(
        uri: uri, duration: d, title: chance(5) ? "title \(i), part" : nil,
        discontinuity: discontinuity, programDateTime: date,
        hasOwnProgramDateTime: date != nil && own,
        byteRange: range, keys: keys, map: map, gap: !lowLatency && chance(25), bitrate: bitrate,
        parts: parts)
      playlist.append(segment, dateRanges: ranges, tags: tags)
      date = date?.adding(seconds: d)
    }
    if lowLatency {
      let n = count
      playlist.pendingParts = [
        PartialSegment(uri: "seg\(n).part0.m4s", duration: ExactDecimal(1), independent: true)
      ]
      playlist.preloadHints = [PreloadHint(type: "PART", uri: "seg\(n).part1.m4s")]
      playlist.renditionReports = [
        RenditionReport(
          uri: "../audio/live.m3u8", lastMediaSequence: playlist.mediaSequence + UInt64(n) - 1,
          lastPart: 0)
      ]
    }
    return playlist
  }
}

extension String {
  /// 32 hex digits ending in `n`'s decimal digits, `0x`-prefixed.
  init(format16 n: Int) {
    let digits = String(n)
    self = "0x" + String(repeating: "0", count: 32 - digits.count) + digits
  }
}
