import ManifestCore

/// What a live stitch keeps between windows of a sliding playlist (`--state FILE`): which plan
/// break each marked break got, the content durations of the breaks (to lay out a break whose
/// start slid out the same way again), the content clock, and the media and discontinuity
/// sequence numbers of the last output's segments, so the next output continues them.
public struct LiveStitchState: Sendable, Hashable {
  /// One break seen in the content.
  public struct Break: Sendable, Hashable {
    /// The media sequence number of its first content segment.
    public var key: UInt64
    /// The plan break it gets.
    public var planIndex: Int
    /// The durations of its content segments seen so far (from `key` on).
    public var durations: [ExactDecimal]

    /// Creates a break.
    public init(key: UInt64, planIndex: Int, durations: [ExactDecimal] = []) {
      self.key = key
      self.planIndex = planIndex
      self.durations = durations
    }
  }

  /// One segment of the last output.
  public struct Output: Sendable, Hashable {
    /// Where it starts on the content clock.
    public var start: ExactDecimal
    /// Its media sequence number.
    public var mediaSequence: UInt64
    /// Its discontinuity sequence number.
    public var discontinuitySequence: UInt64

    /// Creates a record.
    public init(start: ExactDecimal, mediaSequence: UInt64, discontinuitySequence: UInt64) {
      self.start = start
      self.mediaSequence = mediaSequence
      self.discontinuitySequence = discontinuitySequence
    }
  }

  /// The next plan break a new marked break gets (the last one is reused past the end).
  public var nextPlanBreak: Int
  /// The breaks that may still be in a window.
  public var breaks: [Break]
  /// The media sequence number of the last window's first segment, or `nil` before the first.
  public var windowMediaSequence: UInt64?
  /// The content clock at the start of that segment (seconds since the first window).
  public var windowClock: ExactDecimal
  /// The durations of the last window's segments.
  public var windowDurations: [ExactDecimal]
  /// The last output's segments.
  public var outputs: [Output]

  /// The state before the first window.
  public init() {
    nextPlanBreak = 0
    breaks = []
    windowMediaSequence = nil
    windowClock = .zero
    windowDurations = []
    outputs = []
  }

  /// The state as JSON (`--state FILE`).
  public var jsonValue: JSONValue {
    .object([
      ("nextPlanBreak", JSONValue(nextPlanBreak)),
      (
        "breaks",
        .array(
          breaks.map {
            .object([
              ("key", JSONValue($0.key)), ("planIndex", JSONValue($0.planIndex)),
              ("durations", .array($0.durations.map { .decimal($0) })),
            ])
          })
      ),
      ("windowMediaSequence", JSONValue(windowMediaSequence)),
      ("windowClock", .decimal(windowClock)),
      ("windowDurations", .array(windowDurations.map { .decimal($0) })),
      (
        "outputs",
        .array(
          outputs.map {
            .object([
              ("start", .decimal($0.start)), ("mediaSequence", JSONValue($0.mediaSequence)),
              ("discontinuitySequence", JSONValue($0.discontinuitySequence)),
            ])
          })
      ),
    ])
  }

  /// Reads the state `jsonValue` wrote; `nil` when it is not that shape.
  public init?(json: JSONValue) {
    func int(_ v: JSONValue?) -> Int? { v?.intValue.map { Int($0) } }
    func sequence(_ v: JSONValue?) -> UInt64? { v?.unsignedValue }
    func decimals(_ v: JSONValue?) -> [ExactDecimal]? {
      guard let list = v?.arrayValue else { return nil }
      let values = list.compactMap(\.decimalValue)
      return values.count == list.count ? values : nil
    }
    guard let next = int(json["nextPlanBreak"]), let breakList = json["breaks"]?.arrayValue,
      let clock = json["windowClock"]?.decimalValue,
      let durations = decimals(json["windowDurations"]),
      let outputList = json["outputs"]?.arrayValue
    else { return nil }
    self.init()
    nextPlanBreak = next
    for item in breakList {
      guard let key = sequence(item["key"]), let index = int(item["planIndex"]),
        let d = decimals(item["durations"])
      else { return nil }
      breaks.append(Break(key: key, planIndex: index, durations: d))
    }
    windowMediaSequence = json["windowMediaSequence"].flatMap { $0.isNull ? nil : sequence($0) }
    windowClock = clock
    windowDurations = durations
    for item in outputList {
      guard let start = item["start"]?.decimalValue, let msn = sequence(item["mediaSequence"]),
        let dsn = sequence(item["discontinuitySequence"])
      else { return nil }
      outputs.append(Output(start: start, mediaSequence: msn, discontinuitySequence: dsn))
    }
  }
}
