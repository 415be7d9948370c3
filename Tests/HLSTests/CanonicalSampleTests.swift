import Foundation
import HLS
import ManifestCore
import Testing

/// Every playlist under `samples/` (as real packagers write them): written back byte for byte,
/// and its canonical form is a fixed point that means the same playlist.
@Suite struct CanonicalSampleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../samples").standardized

  /// The `.m3u8` files under `samples/`, relative to it, sorted.
  static let paths: [String] = {
    let walker = FileManager.default.enumerator(atPath: root.path)
    let all = (walker?.allObjects as? [String]) ?? []
    return all.filter { $0.hasSuffix(".m3u8") }.sorted()
  }()

  /// What the canonical form must keep: the model, leaving out source positions and spelling
  /// (hex case, number spelling) that the canonical form normalizes.
  static func meaning(_ playlist: Playlist) -> [String] {
    if let media = playlist.media {
      return [
        "media \(media.segments.count) \(media.totalDuration) end=\(media.endList)",
        "dateRanges \(media.dateRanges.map(\.id))",
      ]
        + media.segments.map { s in
          let keys = s.keys.map { "\($0.method) \($0.uri ?? "-") \($0.iv?.lowercased() ?? "-")" }
          return "\(s.mediaSequence) \(s.discontinuitySequence) \(s.uri) \(s.duration) "
            + "\(s.byteRange.map { "\($0.length)@\($0.offset)" } ?? "-") \(keys) "
            + "\(s.map?.uri ?? "-") gap=\(s.gap) parts=\(s.parts.map(\.uri)) "
            + "pdt=\(s.programDateTime.map { "\($0)" } ?? "-")"
        }
    }
    guard let multivariant = playlist.multivariant else { return [] }
    return multivariant.allVariants.map { "\($0.kind) \($0.uri) \($0.bandwidth)" }
      + multivariant.renditions.map { "\($0.type) \($0.groupID) \($0.uri ?? "-")" }
  }

  @Test func thereAreSamples() {
    #expect(Self.paths.count >= 20)
  }

  @Test(arguments: paths)
  func sampleWritesBackAndHasAStableCanonicalForm(path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Self.root.appendingPathComponent(path)))
    let playlist = try Playlist.parse(bytes)
    #expect(playlist.source.bytes == bytes)
    let canonical = CanonicalWriter.write(playlist.source)
    let reparsed = try Playlist.parse(canonical)
    #expect(CanonicalWriter.write(reparsed.source) == canonical)
    #expect(Self.meaning(reparsed) == Self.meaning(playlist))
    #expect(!Self.meaning(playlist).isEmpty)
  }
}
