import Foundation
import HLS

/// The playlists in `samples/drm`, found from this file's path, and loaders for following them.
enum DRMSamples {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../../samples/drm").standardized

  /// The path of a sample, relative to `samples/drm` (`usp/presentation.m3u8`).
  static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  static func playlist(_ name: String) throws -> Playlist {
    try Playlist.parse([UInt8](try Data(contentsOf: directory.appendingPathComponent(name))))
  }
}

/// Reads playlists from the file system (tests only; the tool has its own loader).
struct DiskLoader: PlaylistLoader {
  func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: location) else {
      throw PlaylistLoadError(location: location, reason: "no such file")
    }
    return [UInt8](data)
  }
}

/// Serves playlists from a dictionary and records what was asked for.
final class MemoryLoader: PlaylistLoader, @unchecked Sendable {
  let files: [String: String]
  private(set) var requested: [String] = []

  init(_ files: [String: String]) { self.files = files }

  func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8] {
    requested.append(location)
    guard let text = files[location] else {
      throw PlaylistLoadError(location: location, reason: "not in the test's files")
    }
    return Array(text.utf8)
  }
}
