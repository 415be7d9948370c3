import HLS
import ManifestCore

/// What a live LL-HLS packager writes, built with the typed writer: a multivariant playlist with
/// three video variants, two AAC audio renditions and a WebVTT subtitle rendition, and one live
/// media playlist per variant and rendition, each with 20 four-second segments of four parts,
/// a preload hint and rendition reports naming its siblings. The media segments are fMP4
/// (EXT-X-MAP), encrypted with FairPlay and Widevine keys that rotate every 10 segments; a
/// 24-second ad break is an EXT-X-DATERANGE pair carrying SCTE-35 splice_insert commands.
enum PlaylistBuilderExample {
  /// One media playlist: its file name and what it carries.
  struct Media {
    var name: String
    var prefix: String
    var encrypted: Bool
    var extensionName: String
  }

  /// The variants: file name, peak and average bandwidth, codecs, resolution.
  static let videos: [(name: String, bandwidth: Int, average: Int, codecs: String, width: Int)] =
    [
      ("video-1080p.m3u8", 6_000_000, 5_000_000, "avc1.640028,mp4a.40.2", 1920),
      ("video-720p.m3u8", 3_500_000, 3_000_000, "avc1.64001f,mp4a.40.2", 1280),
      ("video-540p.m3u8", 2_000_000, 1_700_000, "avc1.64001f,mp4a.40.2", 960),
    ]

  /// The audio renditions: file name, NAME, LANGUAGE.
  static let audios = [("audio-en.m3u8", "English", "en"), ("audio-fr.m3u8", "Français", "fr")]

  /// The subtitle rendition's file name.
  static let subtitles = "subtitles-en.m3u8"

  /// Segments appended to every media playlist.
  static let segmentCount = 20
  /// Media sequence number of the first segment.
  static let firstSequence = 1000
  /// Segments per key period.
  static let rotation = 10
  /// The ad break: it starts with segment `adStart` and ends `adLength` segments later.
  static let adStart = 6
  static let adLength = 6

  static let segmentDuration = ExactDecimal(4)
  static let partDuration = ExactDecimal(1)
  static let partsPerSegment = 4
  /// EXT-X-PROGRAM-DATE-TIME of the first segment: 2026-12-01T12:00:00Z.
  static let start = DateTime(epochNanoseconds: 1_796_126_400_000_000_000)

  /// SCTE-35 splice_insert, event 4001, out of network at 24 s for 24 s (auto return), as
  /// `scte35-tool encode --hex` writes it.
  static let spliceOut =
    "0xFC302500000000000000FFF0140500000FA17FEFFE0020F580FE0020F580000000000000FD424FEA"
  /// SCTE-35 splice_insert, event 4001, back in network at 48 s.
  static let spliceIn = "0xFC302000000000000000FFF00F0500000FA17F4FFE0041EB000000000000006075AED5"

  /// Every file to write, `master.m3u8` first; throws when the writer refuses a value.
  static func files() throws(PlaylistWriteError) -> [(name: String, bytes: [UInt8])] {
    var media: [Media] = videos.map {
      Media(
        name: $0.name, prefix: String($0.name.dropLast(5)), encrypted: true,
        extensionName: "m4s")
    }
    media += audios.map {
      Media(name: $0.0, prefix: String($0.0.dropLast(5)), encrypted: true, extensionName: "m4s")
    }
    media.append(
      Media(name: subtitles, prefix: "subtitles-en", encrypted: false, extensionName: "vtt"))
    var files = [(name: "master.m3u8", bytes: try PlaylistWriter.write(multivariant()))]
    for playlist in media {
      let siblings = media.filter { $0.name != playlist.name }
      files.append((playlist.name, try live(playlist, siblings: siblings.map(\.name))))
    }
    return files
  }

  /// The multivariant playlist.
  static func multivariant() -> MultivariantPlaylistBuilder {
    var master = MultivariantPlaylistBuilder(independentSegments: true)
    for (index, audio) in audios.enumerated() {
      master.renditions.append(
        Rendition(
          type: "AUDIO", groupID: "aac", name: audio.1, language: audio.2,
          isDefault: index == 0, autoselect: true, channels: "2", uri: audio.0))
    }
    master.renditions.append(
      Rendition(
        type: "SUBTITLES", groupID: "subs", name: "English", language: "en", isDefault: true,
        autoselect: true, uri: subtitles))
    for video in videos {
      master.variants.append(
        VariantStream(
          uri: video.name, bandwidth: video.bandwidth, averageBandwidth: video.average,
          codecs: video.codecs,
          resolution: Resolution(width: video.width, height: video.width * 9 / 16),
          frameRate: ExactDecimal(30), audio: "aac", subtitles: "subs"))
    }
    return master
  }

  /// One live media playlist after `segmentCount` appends, with the first part of the next
  /// segment published, a preload hint for the second, and rendition reports for `siblings`.
  static func live(_ media: Media, siblings: [String]) throws(PlaylistWriteError) -> [UInt8] {
    let next = UInt64(firstSequence + segmentCount)
    var window = LiveMediaPlaylist(
      MediaPlaylistBuilder(
        targetDuration: 4, mediaSequence: UInt64(firstSequence),
        serverControl: ServerControl(
          canBlockReload: true, canSkipUntil: ExactDecimal(24), partHoldBack: ExactDecimal(3)),
        partInformation: PartInformation(partTarget: partDuration),
        renditionReports: siblings.map {
          RenditionReport(uri: $0, lastMediaSequence: next, lastPart: 0)
        }))
    let map = media.encrypted ? MediaInitializationSection(uri: media.prefix + "-init.mp4") : nil
    for i in 0..<segmentCount {
      let sequence = firstSequence + i
      let parts = (0..<partsPerSegment).map {
        PartialSegment(
          uri: "\(media.prefix)-\(sequence).\($0).\(media.extensionName)", duration: partDuration,
          independent: $0 == 0)
      }
      try window.append(
        Segment(
          uri: "\(media.prefix)-\(sequence).\(media.extensionName)", duration: segmentDuration,
          programDateTime: i == 0 ? start : nil,
          keys: media.encrypted ? keys(period: i / rotation) : [],
          map: map, parts: parts),
        dateRanges: adBreak(at: i))
    }
    window.addPart(
      PartialSegment(
        uri: "\(media.prefix)-\(next).0.\(media.extensionName)", duration: partDuration,
        independent: true))
    window.template.preloadHints = [
      PreloadHint(type: "PART", uri: "\(media.prefix)-\(next).1.\(media.extensionName)")
    ]
    return try window.bytes()
  }

  /// The ad break's date ranges placed before segment `index`: the SCTE35-OUT when the break
  /// starts, the SCTE35-IN with the same ID when it ends.
  static func adBreak(at index: Int) -> [DateRange] {
    let breakStart = start.adding(seconds: ExactDecimal(adStart * 4))
    let length = ExactDecimal(adLength * 4)
    switch index {
    case adStart:
      return [
        DateRange(
          id: "ad-break-4001", classIdentifier: "com.example.ad", startDate: breakStart,
          plannedDuration: length, scte35Out: spliceOut)
      ]
    case adStart + adLength:
      return [
        DateRange(
          id: "ad-break-4001", classIdentifier: "com.example.ad", startDate: breakStart,
          duration: length, scte35In: spliceIn)
      ]
    default: return []
    }
  }

  /// The FairPlay and Widevine keys of key period `period`.
  static func keys(period: Int) -> [EncryptionKey] {
    let keyID = (0..<16).map { UInt8(truncatingIfNeeded: 0x10 * (period + 1) + $0) }
    return [
      EncryptionKey(
        method: .sampleAES, uri: "skd://keys.example.com/period-\(period)",
        keyFormat: "com.apple.streamingkeydelivery", keyFormatVersions: "1"),
      EncryptionKey(
        method: .sampleAES,
        uri: "data:text/plain;base64," + Base64.encode(widevinePSSH(keyID: keyID)),
        keyFormat: "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed", keyFormatVersions: "1",
        keyID: "0x" + Hex.encode(keyID, uppercase: true)),
    ]
  }

  /// A version 0 `pssh` box (ISO/IEC 23001-7 §8.1) for Widevine whose data is the
  /// WidevinePsshData message: key_id (field 2), provider (field 3), protection_scheme "cbcs"
  /// (field 9).
  static func widevinePSSH(keyID: [UInt8]) -> [UInt8] {
    let provider = Array("manifestkit".utf8)
    let data: [UInt8] =
      [0x12, UInt8(keyID.count)] + keyID + [0x1A, UInt8(provider.count)] + provider
      + [0x48, 0xF3, 0xC6, 0x89, 0x9B, 0x06]
    let systemID: [UInt8] = [
      0xED, 0xEF, 0x8B, 0xA9, 0x79, 0xD6, 0x4A, 0xCE, 0xA3, 0xC8, 0x27, 0xDC, 0xD5, 0x1D, 0x21,
      0xED,
    ]
    let body = Array("pssh".utf8) + [0, 0, 0, 0] + systemID + bigEndian(data.count) + data
    return bigEndian(body.count + 4) + body
  }

  static func bigEndian(_ value: Int) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }
}
