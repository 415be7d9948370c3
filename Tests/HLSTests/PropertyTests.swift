import HLS
import ManifestCore
import Testing

/// Generated playlists: whatever the line ends and spelling, the model matches what was
/// generated and the bytes come back unchanged.
@Suite struct PropertyTests {
  /// A small deterministic generator (SplitMix64), so a failure can be replayed.
  struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  @Test(arguments: 0..<40)
  func generatedMediaPlaylistsParseToWhatWasGenerated(seed: Int) throws {
    var rng = SplitMix(state: UInt64(seed))
    let newline = ["\n", "\r\n", "\r"].randomElement(using: &rng) ?? "\n"
    let count = Int.random(in: 1...60, using: &rng)
    let sequence = Int.random(in: 0...1_000_000, using: &rng)
    var lines = [
      "#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:10",
      "#EXT-X-MEDIA-SEQUENCE:\(sequence)",
    ]
    var total = ExactDecimal.zero
    var discontinuities = 0
    var expectedKeys: [String?] = []
    var key: String? = nil
    var offset = 0
    var expectedOffsets: [Int] = []
    for i in 0..<count {
      if Bool.random(using: &rng) && i > 0 && Int.random(in: 0..<5, using: &rng) == 0 {
        lines.append("#EXT-X-DISCONTINUITY")
        discontinuities += 1
      }
      switch Int.random(in: 0..<8, using: &rng) {
      case 0:
        key = "k\(i).bin"
        lines.append("#EXT-X-KEY:METHOD=AES-128,URI=\"\(key ?? "")\"")
      case 1:
        key = nil
        lines.append("#EXT-X-KEY:METHOD=NONE")
      case 2: lines.append("# a comment \(i)")
      case 3: lines.append("")
      case 4: lines.append("#EXT-X-VENDOR-THING:\(i)")
      default: break
      }
      expectedKeys.append(key)
      let millis = Int.random(in: 1...10_000, using: &rng)
      let digits = Int.random(in: 0...3, using: &rng)
      let duration = ExactDecimal(significand: Int64(millis), scale: 3)
      let spelled = duration.formatted(fractionDigits: max(digits, 3))
      total += ExactDecimal(spelled) ?? .zero
      lines.append("#EXTINF:\(spelled),")
      let length = Int.random(in: 1...5000, using: &rng)
      lines.append("#EXT-X-BYTERANGE:\(length)" + (i == 0 ? "@0" : ""))
      expectedOffsets.append(offset)
      offset += length
      lines.append("media.mp4" + String(repeating: " ", count: Int.random(in: 0...2, using: &rng)))
    }
    let text = lines.joined(separator: newline) + (Bool.random(using: &rng) ? newline : "")
    let bytes = Array(text.utf8)
    let playlist = try Playlist.parse(bytes)
    let media = try #require(playlist.media)
    #expect(playlist.bytes == bytes)
    #expect(media.diagnostics.isEmpty)
    #expect(media.segments.count == count)
    #expect(media.totalDuration == total)
    #expect(media.segments.map(\.keys.first?.uri) == expectedKeys)
    #expect(media.segments.map { $0.byteRange?.offset } == expectedOffsets)
    #expect(media.segments.last?.mediaSequence == UInt64(sequence + count - 1))
    #expect(media.segments.last?.discontinuitySequence == UInt64(discontinuities))
    #expect(media.segments.allSatisfy { $0.uri == "media.mp4" })
    let canonical = CanonicalWriter.write(playlist.source)
    let again = try Playlist.parse(canonical)
    #expect(CanonicalWriter.write(again.source) == canonical)
    #expect(again.media?.totalDuration == total)
  }

  @Test func canonicalFormIsIdempotentOnGarbage() throws {
    var rng = SplitMix(state: 7)
    let alphabet = Array("#EXT-X-MAP:URI=,\"@0x1.5{$}\n\r \tABCDEFINTSVGQWR-".utf8)
    for _ in 0..<500 {
      let body = (0..<Int.random(in: 0..<300, using: &rng)).map { _ in
        alphabet.randomElement(using: &rng) ?? 0x20
      }
      let playlist = try Playlist.parse(Array("#EXTM3U\n".utf8) + body)
      let canonical = CanonicalWriter.write(playlist.source)
      #expect(CanonicalWriter.write(try Playlist.parse(canonical).source) == canonical)
    }
  }
}
