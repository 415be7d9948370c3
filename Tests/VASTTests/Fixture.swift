import Foundation
import ManifestCore
import VAST

/// Test inputs: ad server responses in `Fixtures/` beside this file.
enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The bytes of a fixture.
  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  /// A fixture as a source named by its file name.
  static func source(_ name: String) throws -> VASTSource {
    VASTSource(name: name, bytes: try bytes(name))
  }

  /// A fixture read as VAST.
  static func vast(_ name: String) throws -> VASTReading {
    try VASTReader.read(bytes(name))
  }

  /// A fixture read as VAST, named by its file name.
  static func file(_ name: String) throws -> VASTFile {
    VASTFile(name: name, document: try vast(name).document)
  }
}

extension Diagnostic {
  /// `LINE:COL: severity: message`.
  var line: String { "\(location.line):\(location.column): \(severity.rawValue): \(message)" }
}

extension VASTDiagnostic {
  /// `FILE:LINE:COL: severity: message`.
  var line: String { rendered }
}

extension ScheduledAd {
  /// `event@offset url` for each tracking entry.
  var trackingLines: [String] {
    tracking.map { "\($0.event)\($0.offset.map { "@\($0)" } ?? "") \($0.url)" }
  }
}
