import HLS
import ManifestCore

/// The contract's JSON of `PlaybackTiming` and `MediaLocation` (`locate --json`).
enum TimingJSON {
  static func timing(_ t: PlaybackTiming) -> JSONValue {
    .object([
      ("live", .bool(t.live)),
      (
        "window",
        .object([
          ("start", .decimal(t.window.start)), ("end", .decimal(t.window.end)),
          ("startDate", JSONValue(t.window.startDate.map(\.description))),
          ("endDate", JSONValue(t.window.endDate.map(\.description))),
        ])
      ),
      ("startRule", .string(t.startRule.rawValue)), ("startTarget", .decimal(t.startTarget)),
      ("startPosition", .decimal(t.startPosition)), ("precise", .bool(t.precise)),
      ("holdBack", JSONValue(t.holdBack)), ("liveEdge", JSONValue(t.liveEdge)),
      ("start", t.start.map(location) ?? .null),
    ])
  }

  static func location(_ l: MediaLocation) -> JSONValue {
    .object([
      ("time", .decimal(l.time)), ("programDateTime", JSONValue(l.programDateTime?.description)),
      ("mediaSequence", JSONValue(l.mediaSequence)), ("segmentIndex", JSONValue(l.segmentIndex)),
      ("uri", JSONValue(l.segmentURI)), ("segmentStart", .decimal(l.segmentStart)),
      ("segmentDuration", .decimal(l.segmentDuration)), ("offset", .decimal(l.offset)),
      (
        "part",
        l.part.map { p in
          .object([
            ("index", JSONValue(p.index)), ("uri", .string(p.uri)), ("start", .decimal(p.start)),
            ("duration", .decimal(p.duration)), ("offset", .decimal(p.offset)),
          ])
        } ?? .null
      ),
    ])
  }
}
