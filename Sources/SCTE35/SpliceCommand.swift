/// The splice command of a splice_info_section (SCTE 35 §9.7, Table 7).
public enum SpliceCommand: Sendable, Hashable {
  /// splice_null() (§9.7.1, type 0x00): no command, used to carry descriptors or as a heartbeat.
  case spliceNull
  /// splice_schedule() (§9.7.2, type 0x04): splice events at UTC times.
  case spliceSchedule(SpliceSchedule)
  /// splice_insert() (§9.7.3, type 0x05): a splice out of or back into the network.
  case spliceInsert(SpliceInsert)
  /// time_signal() (§9.7.4, type 0x06): a time, given meaning by its descriptors.
  case timeSignal(TimeSignal)
  /// bandwidth_reservation() (§9.7.5, type 0x07): no fields; reserves bandwidth.
  case bandwidthReservation
  /// private_command() (§9.7.6, type 0xFF): an identifier and private bytes.
  case privateCommand(PrivateCommand)

  /// `splice_command_type`.
  public var type: UInt8 {
    switch self {
    case .spliceNull: 0x00
    case .spliceSchedule: 0x04
    case .spliceInsert: 0x05
    case .timeSignal: 0x06
    case .bandwidthReservation: 0x07
    case .privateCommand: 0xFF
    }
  }

  /// The command's syntax name (`splice_insert`), as in Table 7.
  public var name: String { Self.name(ofType: type) ?? "reserved" }

  /// The syntax name of a `splice_command_type`, or `nil` for reserved values.
  public static func name(ofType type: UInt8) -> String? {
    switch type {
    case 0x00: "splice_null"
    case 0x04: "splice_schedule"
    case 0x05: "splice_insert"
    case 0x06: "time_signal"
    case 0x07: "bandwidth_reservation"
    case 0xFF: "private_command"
    default: nil
    }
  }
}

/// time_signal() (SCTE 35 §9.7.4).
public struct TimeSignal: Sendable, Hashable {
  /// `splice_time()`.
  public var spliceTime: SpliceTime

  /// A time signal at `spliceTime`.
  public init(spliceTime: SpliceTime) {
    self.spliceTime = spliceTime
  }
}

/// private_command() (SCTE 35 §9.7.6).
public struct PrivateCommand: Sendable, Hashable {
  /// `identifier`: a 32-bit registered format identifier (SMPTE RA), usually four ASCII letters.
  public var identifier: UInt32
  /// `private_byte`s.
  public var privateBytes: [UInt8]

  /// A private command.
  public init(identifier: UInt32, privateBytes: [UInt8]) {
    self.identifier = identifier
    self.privateBytes = privateBytes
  }
}

/// splice_insert() (SCTE 35 §9.7.3).
public struct SpliceInsert: Sendable, Hashable {
  /// `splice_event_id`.
  public var spliceEventId: UInt32
  /// `splice_event_cancel_indicator`: when set, the event is cancelled and no other field
  /// below is transmitted.
  public var spliceEventCancelIndicator: Bool
  /// `out_of_network_indicator`: 1 leaves the network (an OUT), 0 returns to it (an IN).
  public var outOfNetworkIndicator: Bool
  /// `splice_immediate_flag`: splice at the next opportunity; no `splice_time()` is sent.
  public var spliceImmediateFlag: Bool
  /// `event_id_compliance_flag` (SCTE 35 2022; reserved, so 1, before).
  public var eventIdComplianceFlag: Bool
  /// The program `splice_time()` (program splice mode without `splice_immediate_flag`).
  public var spliceTime: SpliceTime?
  /// The components of component splice mode; `nil` in program splice mode
  /// (`program_splice_flag` 1).
  public var components: [SpliceInsertComponent]?
  /// `break_duration()`, present when `duration_flag` is 1.
  public var breakDuration: BreakDuration?
  /// `unique_program_id`.
  public var uniqueProgramId: UInt16
  /// `avail_num`.
  public var availNum: UInt8
  /// `avails_expected`.
  public var availsExpected: UInt8
  /// The reserved bits as transmitted when they are not all ones (the 7 after the cancel
  /// indicator, then the 3 after the flags, as one 10-bit value); `nil` otherwise.
  public var reservedBits: UInt16?

  /// A splice_insert; by default an immediate program splice with no duration.
  @inline(__always)
  public init(
    spliceEventId: UInt32, spliceEventCancelIndicator: Bool = false,
    outOfNetworkIndicator: Bool = false, spliceImmediateFlag: Bool = false,
    eventIdComplianceFlag: Bool = true, spliceTime: SpliceTime? = nil,
    components: [SpliceInsertComponent]? = nil, breakDuration: BreakDuration? = nil,
    uniqueProgramId: UInt16 = 0, availNum: UInt8 = 0, availsExpected: UInt8 = 0,
    reservedBits: UInt16? = nil
  ) {
    self.spliceEventId = spliceEventId
    self.spliceEventCancelIndicator = spliceEventCancelIndicator
    self.outOfNetworkIndicator = outOfNetworkIndicator
    self.spliceImmediateFlag = spliceImmediateFlag
    self.eventIdComplianceFlag = eventIdComplianceFlag
    self.spliceTime = spliceTime
    self.components = components
    self.breakDuration = breakDuration
    self.uniqueProgramId = uniqueProgramId
    self.availNum = availNum
    self.availsExpected = availsExpected
    self.reservedBits = reservedBits
  }

  /// `program_splice_flag`: one splice time for the whole program.
  public var programSpliceFlag: Bool { components == nil }
  /// `duration_flag`: a `break_duration()` is present.
  public var durationFlag: Bool { breakDuration != nil }
}

/// One component of a component-mode splice_insert() (SCTE 35 §9.7.3).
public struct SpliceInsertComponent: Sendable, Hashable {
  /// `component_tag`.
  public var componentTag: UInt8
  /// `splice_time()`, absent when the splice is immediate.
  public var spliceTime: SpliceTime?

  /// A component splice.
  public init(componentTag: UInt8, spliceTime: SpliceTime?) {
    self.componentTag = componentTag
    self.spliceTime = spliceTime
  }
}

/// splice_schedule() (SCTE 35 §9.7.2): splice events at UTC times.
public struct SpliceSchedule: Sendable, Hashable {
  /// The events (`splice_count` of them).
  public var events: [SpliceScheduleEvent]

  /// A schedule.
  public init(events: [SpliceScheduleEvent]) {
    self.events = events
  }
}

/// One event of a splice_schedule() (SCTE 35 §9.7.2).
public struct SpliceScheduleEvent: Sendable, Hashable {
  /// `splice_event_id`.
  public var spliceEventId: UInt32
  /// `splice_event_cancel_indicator`.
  public var spliceEventCancelIndicator: Bool
  /// `event_id_compliance_flag` (SCTE 35 2022; reserved, so 1, before).
  public var eventIdComplianceFlag: Bool
  /// `out_of_network_indicator`.
  public var outOfNetworkIndicator: Bool
  /// `utc_splice_time` of program splice mode: seconds since 1980-01-06T00:00:00Z.
  public var utcSpliceTime: UInt32?
  /// The components of component splice mode (`program_splice_flag` 0), else `nil`.
  public var components: [SpliceScheduleComponent]?
  /// `break_duration()`, present when `duration_flag` is 1.
  public var breakDuration: BreakDuration?
  /// `unique_program_id`.
  public var uniqueProgramId: UInt16
  /// `avail_num`.
  public var availNum: UInt8
  /// `avails_expected`.
  public var availsExpected: UInt8
  /// The reserved bits as transmitted when they are not all ones (6 after the compliance flag,
  /// then 5 after the flags, as one 11-bit value); `nil` otherwise.
  public var reservedBits: UInt16?

  /// A scheduled event; by default a program splice at `utcSpliceTime` 0.
  public init(
    spliceEventId: UInt32, spliceEventCancelIndicator: Bool = false,
    eventIdComplianceFlag: Bool = true, outOfNetworkIndicator: Bool = false,
    utcSpliceTime: UInt32? = 0, components: [SpliceScheduleComponent]? = nil,
    breakDuration: BreakDuration? = nil, uniqueProgramId: UInt16 = 0, availNum: UInt8 = 0,
    availsExpected: UInt8 = 0, reservedBits: UInt16? = nil
  ) {
    self.spliceEventId = spliceEventId
    self.spliceEventCancelIndicator = spliceEventCancelIndicator
    self.eventIdComplianceFlag = eventIdComplianceFlag
    self.outOfNetworkIndicator = outOfNetworkIndicator
    self.utcSpliceTime = utcSpliceTime
    self.components = components
    self.breakDuration = breakDuration
    self.uniqueProgramId = uniqueProgramId
    self.availNum = availNum
    self.availsExpected = availsExpected
    self.reservedBits = reservedBits
  }

  /// `program_splice_flag`.
  public var programSpliceFlag: Bool { components == nil }
  /// `duration_flag`.
  public var durationFlag: Bool { breakDuration != nil }
}

/// One component of a component-mode splice_schedule() event.
public struct SpliceScheduleComponent: Sendable, Hashable {
  /// `component_tag`.
  public var componentTag: UInt8
  /// `utc_splice_time`.
  public var utcSpliceTime: UInt32

  /// A component splice time.
  public init(componentTag: UInt8, utcSpliceTime: UInt32) {
    self.componentTag = componentTag
    self.utcSpliceTime = utcSpliceTime
  }
}
