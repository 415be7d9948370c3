import Foundation

/// Test inputs: files in `Fixtures/` beside this file, and UTF-8 literals.
enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }
}

extension String {
  /// The UTF-8 bytes.
  var bytes: [UInt8] { Array(utf8) }
}
