import ManifestCore
import Subtitles
import Testing

@testable import Thumbnails

/// Damaged inputs never crash the reader, the checks or the conversions: they parse with
/// diagnostics or throw `ParseError`.
@Suite struct RobustnessTests {
  /// A small deterministic generator (SplitMix64), so a failure is reproducible.
  private struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  }

  private static let alphabet = Array("0123456789:.,-># \\%&=\n\r\txywhpercent".utf8)

  @Test(arguments: ["sprites.vtt", "storyboard.vtt", "broken.vtt", "images.m3u8"])
  func mutatedSamplesNeverCrash(sample: String) throws {
    let original = try Sample.bytes(sample)
    var generator = Generator(state: UInt64(sample.utf8.count))
    for _ in 0..<300 {
      var bytes = original
      for _ in 0..<(1 + generator.below(8)) {
        let at = generator.below(bytes.count)
        switch generator.below(3) {
        case 0: bytes[at] = Self.alphabet[generator.below(Self.alphabet.count)]
        case 1: bytes.remove(at: at)
        default: bytes.insert(Self.alphabet[generator.below(Self.alphabet.count)], at: at)
        }
      }
      let track: ThumbnailTrack
      do {
        track =
          sample.hasSuffix(".m3u8")
          ? try ImagePlaylistReader.read(bytes) : try ThumbnailTrackReader.read(bytes)
      } catch {
        continue
      }
      _ = track.validate()
      _ = try? track.spriteSheets()
      _ = track.thumbnail(at: .ms(Int64(generator.below(200_000))))
      let written = ThumbnailTrackWriter.write(track)
      #expect(try ThumbnailTrackReader.read(written).thumbnails.count == track.thumbnails.count)
    }
  }
}
