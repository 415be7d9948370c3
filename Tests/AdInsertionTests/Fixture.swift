import AdInsertion
import Foundation
import HLS

/// Test inputs: playlists in `Fixtures/` beside this file, read into timelines.
enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  /// The bytes of a fixture.
  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  /// The timeline of a fixture (or of `text`).
  static func timeline(_ name: String) throws -> AdTimeline {
    try timeline(bytes: bytes(name))
  }

  /// The timeline of a playlist given as bytes.
  static func timeline(
    bytes: [UInt8], detecting detections: Set<AdTimeline.Detection> = []
  ) throws -> AdTimeline {
    guard let media = try Playlist.parse(bytes).media else { throw NotMedia() }
    return AdTimeline(media, detecting: detections)
  }

  /// The timeline of a playlist given as text.
  static func timeline(
    text: String, detecting detections: Set<AdTimeline.Detection> = []
  ) throws -> AdTimeline {
    try timeline(bytes: Array(text.utf8), detecting: detections)
  }

  struct NotMedia: Error {}
}

/// One break as comparable plain values: period id, id, dialects, start, duration, planned,
/// segments, open.
struct BreakSummary: Equatable, CustomStringConvertible {
  var periodId: String
  var id: String
  var dialects: String
  var start: String
  var duration: String
  var planned: String?
  var segments: String
  var open: Bool

  init(_ b: AdBreak) {
    periodId = b.periodId
    id = b.id
    dialects = b.signals.map(\.dialect.rawValue).joined(separator: "+")
    start = b.start.description
    duration = b.duration.description
    planned = b.plannedDuration?.description
    segments = b.endSegment.map { "\(b.startSegment)-\($0)" } ?? "\(b.startSegment)-none"
    open = b.open
  }

  init(
    _ periodId: String, _ id: String, _ dialects: String, start: String, duration: String,
    planned: String?, segments: String, open: Bool = false
  ) {
    self.periodId = periodId
    self.id = id
    self.dialects = dialects
    self.start = start
    self.duration = duration
    self.planned = planned
    self.segments = segments
    self.open = open
  }

  var description: String {
    "\(periodId) \(id) \(dialects) \(start)+\(duration) planned \(planned ?? "nil") [\(segments)]"
      + (open ? " open" : "")
  }
}

extension AdTimeline {
  /// The breaks as summaries.
  var summaries: [BreakSummary] { breaks.map(BreakSummary.init) }

  /// The issues as `LINE: severity: message`.
  var issueLines: [String] {
    issues.map { "\($0.location.line): \($0.severity.rawValue): \($0.message)" }
  }
}
