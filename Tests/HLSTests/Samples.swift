import Foundation
import HLS
import ManifestCore

/// The realistic playlists in `samples/hls`, found from this file's path.
enum Samples {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../samples/hls").standardized

  static let names = [
    "media-fmp4-vod.m3u8", "media-ts-vod.m3u8", "media-byterange.m3u8", "media-ll-live.m3u8",
    "media-ll-delta.m3u8", "media-daterange.m3u8", "media-define.m3u8", "media-images.m3u8",
    "media-ad-markers-live.m3u8", "media-iframes.m3u8", "multivariant.m3u8",
    "multivariant-define.m3u8",
  ]

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static func media(_ name: String, options: ParseOptions = ParseOptions()) throws -> MediaPlaylist
  {
    guard case .media(let p) = try Playlist.parse(try bytes(name), options: options) else {
      throw SampleError.wrongKind(name)
    }
    return p
  }

  static func multivariant(_ name: String, options: ParseOptions = ParseOptions()) throws
    -> MultivariantPlaylist
  {
    guard case .multivariant(let p) = try Playlist.parse(try bytes(name), options: options) else {
      throw SampleError.wrongKind(name)
    }
    return p
  }

  enum SampleError: Error { case wrongKind(String) }
}

extension Playlist {
  /// Parses text that is known to be a media playlist (for tests).
  static func media(_ text: String) throws -> MediaPlaylist {
    guard case .media(let p) = try Playlist.parse(text) else {
      throw Samples.SampleError.wrongKind(text)
    }
    return p
  }

  /// Parses text that is known to be a multivariant playlist (for tests).
  static func multivariant(_ text: String) throws -> MultivariantPlaylist {
    guard case .multivariant(let p) = try Playlist.parse(text) else {
      throw Samples.SampleError.wrongKind(text)
    }
    return p
  }
}

/// The diagnostics of a parse as `LINE:COL: severity: message` strings.
func rendered(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.map {
    "\($0.location.line):\($0.location.column): \($0.severity.rawValue): \($0.message)"
  }
}
