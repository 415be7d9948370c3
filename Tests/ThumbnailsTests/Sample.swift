import Foundation
import Subtitles

/// The realistic inputs in `samples/thumbnails/`, shared with the README.
enum Sample {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../samples/thumbnails").standardized

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static func text(_ name: String) throws -> String {
    String(decoding: try bytes(name), as: UTF8.self)
  }
}

extension SubtitleTime {
  /// A time in milliseconds, for short test literals.
  static func ms(_ milliseconds: Int64) -> SubtitleTime { SubtitleTime(milliseconds: milliseconds) }
}

extension String {
  /// The UTF-8 bytes.
  var bytes: [UInt8] { Array(utf8) }
}
