import HLS
import ManifestCore
import Testing

/// Segment and tag edits through typed values on a parsed playlist: only the lines the edit
/// concerns change.
@Suite struct EditByValueTests {
  static let text =
    [
      "#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:6", "#EXT-X-MEDIA-SEQUENCE:40",
      "# packager comment", "#EXT-X-KEY:URI=\"https://k.example.com/1\",METHOD=AES-128",
      "#EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:00.000Z", "#EXTINF:6.000,", "a.ts",
      "#EXT-X-CUE-OUT:12", "#EXTINF:6.000,", "b.ts",
      "#EXT-X-KEY:METHOD=AES-128,URI=\"https://k.example.com/2\"",
      "#EXT-X-UNKNOWN-THING:1", "#EXTINF:6.000,", "c.ts", "#EXTINF:6.000,", "d.ts",
    ].joined(separator: "\r\n") + "\r\n"

  static func media() throws -> MediaPlaylist {
    try #require(try Playlist.parse(text).media)
  }

  static func apply(_ edits: [LineEdit]) throws -> MediaPlaylist {
    try #require(try Playlist.parse(try media().source.applying(edits)).media)
  }

  @Test func replacingASegmentChangesOnlyItsLines() throws {
    let media = try Self.media()
    var segment = media.segments[1]
    segment.uri = "b-new.ts"
    segment.duration = ExactDecimal(significand: 5005, scale: 3)
    let edited = try Self.apply(try media.replacingSegment(at: 1, with: segment))
    #expect(
      String(decoding: edited.source.bytes, as: UTF8.self)
        == Self.text.replacingOccurrences(
          "#EXTINF:6.000,\r\nb.ts\r\n",
          // c's date-time, extrapolated from a's, no longer follows: it is stated.
          "#EXTINF:5.005,\r\nb-new.ts\r\n#EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:12.000Z\r\n"))
    #expect(edited.segments.map(\.uri) == ["a.ts", "b-new.ts", "c.ts", "d.ts"])
    #expect(edited.segments[1].programDateTime == media.segments[1].programDateTime)
    #expect(edited.segments[2].programDateTime == media.segments[2].programDateTime)
  }

  @Test func aReplacedSegmentWithANewKeyLeavesTheNextOneItsKey() throws {
    let media = try Self.media()
    var segment = media.segments[0]
    segment.keys = [EncryptionKey(method: .aes128, uri: "https://k.example.com/9")]
    let edited = try Self.apply(try media.replacingSegment(at: 0, with: segment))
    #expect(
      edited.segments.map { $0.keys.map(\.uri) } == [
        ["https://k.example.com/9"], ["https://k.example.com/1"], ["https://k.example.com/2"],
        ["https://k.example.com/2"],
      ])
    // The comment, the ad marker and the unknown tag are still there, as they were.
    for line in ["# packager comment", "#EXT-X-CUE-OUT:12", "#EXT-X-UNKNOWN-THING:1"] {
      #expect(edited.source.lines.contains { edited.source.text(of: $0) == line })
    }
    #expect(edited.source.lines.allSatisfy { $0.terminator == .crlf })
  }

  @Test func insertingASegmentKeepsTheFollowingState() throws {
    let media = try Self.media()
    let inserted = Segment(uri: "ad.ts", duration: ExactDecimal(4), discontinuity: true)
    let edited = try Self.apply(try media.insertingSegment(inserted, at: 2))
    #expect(edited.segments.map(\.uri) == ["a.ts", "b.ts", "ad.ts", "c.ts", "d.ts"])
    #expect(
      edited.segments.map { $0.keys.map(\.uri) } == [
        ["https://k.example.com/1"], ["https://k.example.com/1"], [], ["https://k.example.com/2"],
        ["https://k.example.com/2"],
      ])
    #expect(edited.segments.map(\.discontinuitySequence) == [0, 0, 1, 1, 1])
    let appended = try Self.apply(
      try media.insertingSegment(Segment(uri: "e.ts", duration: ExactDecimal(6)), at: 4))
    #expect(appended.segments.map(\.uri) == ["a.ts", "b.ts", "c.ts", "d.ts", "e.ts"])
    #expect(appended.segments[4].keys == [])
    #expect(
      String(decoding: appended.source.bytes, as: UTF8.self)
        == Self.text + "#EXT-X-KEY:METHOD=NONE\r\n#EXTINF:6,\r\ne.ts\r\n")
  }

  @Test func removingASegmentKeepsWhatItPutInForce() throws {
    let media = try Self.media()
    let edited = try Self.apply(try media.removingSegment(at: 0))
    #expect(edited.segments.map(\.uri) == ["b.ts", "c.ts", "d.ts"])
    #expect(edited.segments[0].keys.map(\.uri) == ["https://k.example.com/1"])
    // b's date-time was extrapolated from a's tag, which went with it: it is stated again.
    #expect(
      edited.segments.map(\.programDateTime)
        == Array(media.segments.dropFirst()).map(\.programDateTime))
    #expect(edited.source.lines.contains { edited.source.text(of: $0) == "# packager comment" })
  }

  @Test func tagsAreReplacedAndInsertedByValue() throws {
    let media = try Self.media()
    var key = media.keys[0]
    key.uri = "https://k.example.com/rotated"
    let edits =
      try LineEdit.replacing(line: key.line) {
        (w: inout PlaylistWriter) throws(PlaylistWriteError) in
        try w.write(key)
      }
      + LineEdit.inserting(before: media.segments[3].lines.lowerBound) {
        (w: inout PlaylistWriter) throws(PlaylistWriteError) in
        try w.write(
          DateRange(
            id: "ad", startDate: DateTime(epochNanoseconds: 1_764_374_418_000_000_000),
            duration: ExactDecimal(6)))
      }
    let edited = try Self.apply(edits)
    #expect(
      String(decoding: edited.source.bytes, as: UTF8.self)
        == Self.text.replacingOccurrences(
          "#EXT-X-KEY:URI=\"https://k.example.com/1\",METHOD=AES-128",
          "#EXT-X-KEY:METHOD=AES-128,URI=\"https://k.example.com/rotated\""
        ).replacingOccurrences(
          "c.ts\r\n",
          "c.ts\r\n#EXT-X-DATERANGE:ID=\"ad\",START-DATE=\"2025-11-29T00:00:18.000Z\",DURATION=6\r\n"
        ))
    #expect(edited.dateRanges.map(\.segmentIndex) == [3])
  }

  @Test func aRefusedValueGivesNoEdits() throws {
    let media = try Self.media()
    var segment = media.segments[1]
    segment.uri = "#EXT-X-ENDLIST"
    #expect(throws: PlaylistWriteError(.uriLine, tag: "URI line", value: "#EXT-X-ENDLIST")) {
      try media.replacingSegment(at: 1, with: segment)
    }
  }
}

extension String {
  /// `self` with every `target` replaced by `replacement` (Foundation-free).
  func replacingOccurrences(_ target: String, _ replacement: String) -> String {
    var out = ""
    var rest = Substring(self)
    while let r = rest.firstRange(of: target) {
      out += rest[..<r.lowerBound] + replacement
      rest = rest[r.upperBound...]
    }
    return out + rest
  }
}

/// Generated playlists: a segment replaced, inserted or removed by value leaves every other
/// segment as it was (keys, map, date-time, byte range, discontinuity sequence).
@Suite struct EditByValuePropertyTests {
  struct Kept: Hashable {
    var uri: String
    var duration: ExactDecimal
    var keys: [EncryptionKey]
    var map: String?
    var date: DateTime?
    var range: ByteRange?
    var bitrate: Int?

    init(_ s: Segment) {
      uri = s.uri
      duration = s.duration
      keys = s.keys.map(Normalized.key)
      map = s.map?.uri
      date = s.programDateTime
      range = s.byteRange.map { ByteRange(length: $0.length, offset: $0.offset) }
      bitrate = s.bitrate
    }
  }

  @Test(arguments: 0..<40)
  func otherSegmentsStayAsTheyWere(seed: Int) throws {
    var generator = PlaylistGenerator(seed: seed)
    let built = generator.mediaPlaylist()
    let media = try #require(try Playlist.parse(PlaylistWriter.write(built)).media)
    let before = media.segments.map(Kept.init)
    let i = generator.int(0...(media.segments.count - 1))
    var changed = media.segments[i]
    changed.uri = "changed.ts"
    changed.duration = ExactDecimal(significand: 1234, scale: 3)
    changed.keys = generator.keys(99)
    changed.byteRange = nil
    changed.parts = []
    let parse = { (edits: [LineEdit]) throws -> MediaPlaylist in
      try #require(try Playlist.parse(media.source.applying(edits)).media)
    }
    let replaced = try parse(try media.replacingSegment(at: i, with: changed))
    var expected = before
    expected[i] = Kept(changed)
    #expect(replaced.segments.map(Kept.init) == expected)

    let inserted = try parse(try media.insertingSegment(changed, at: i))
    expected = before
    expected.insert(Kept(changed), at: i)
    #expect(inserted.segments.map(Kept.init) == expected)

    let removed = try parse(try media.removingSegment(at: i))
    expected = before
    expected.remove(at: i)
    #expect(removed.segments.map(Kept.init) == expected)
  }
}
