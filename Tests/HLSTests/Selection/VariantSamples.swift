import Foundation
import HLS

/// The playlists in `samples/variants`, found from this file's path.
enum VariantSamples {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../samples/variants").standardized

  static func text(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
  }

  static func multivariant(_ name: String) throws -> MultivariantPlaylist {
    try Playlist.multivariant(text(name))
  }
}
