extension BitReader {
  /// The reserved bits just read, or `nil` when all `count` of them are ones.
  static func unusual(_ value: UInt64, _ count: Int) -> UInt64? {
    value == (1 << UInt64(count)) - 1 ? nil : value
  }

  /// splice_time() (SCTE 35 §9.4.1).
  @inline(__always)
  mutating func spliceTime() throws(DecodeFailure) -> SpliceTime {
    if try flag("time_specified_flag") {
      let reserved = try bits(6, "reserved")
      let pts = try bits(33, "pts_time")
      return SpliceTime(ptsTime: pts, reservedBits: Self.unusual(reserved, 6).map(UInt8.init))
    }
    let reserved = try bits(7, "reserved")
    return SpliceTime(ptsTime: nil, reservedBits: Self.unusual(reserved, 7).map(UInt8.init))
  }

  /// break_duration() (SCTE 35 §9.4.2).
  mutating func breakDuration() throws(DecodeFailure) -> BreakDuration {
    let autoReturn = try flag("auto_return")
    let reserved = try bits(6, "reserved")
    let duration = try bits(33, "duration")
    return BreakDuration(
      autoReturn: autoReturn, duration: duration,
      reservedBits: Self.unusual(reserved, 6).map(UInt8.init))
  }

  /// The command of `type`; a reserved type fails as an unknown command whose
  /// `splice_command_type` is at `typeOffset`.
  mutating func spliceCommand(type: UInt8, at typeOffset: Int) throws(DecodeFailure)
    -> SpliceCommand
  {
    switch type {
    case 0x00: return .spliceNull
    case 0x04: return .spliceSchedule(try spliceSchedule())
    case 0x05: return .spliceInsert(try spliceInsert())
    case 0x06: return .timeSignal(TimeSignal(spliceTime: try spliceTime()))
    case 0x07: return .bandwidthReservation
    case 0xFF:
      let identifier = try uint32("identifier")
      return .privateCommand(
        PrivateCommand(
          identifier: identifier, privateBytes: try byteArray(bytesLeft, "private_byte")))
    default:
      throw DecodeFailure(
        kind: .unknownCommand, field: "splice_command_type", offset: typeOffset, a: Int(type),
        b: 0, scope: .section)
    }
  }

  /// splice_insert() (SCTE 35 §9.7.3). Fields are read into locals and the value built once.
  @inline(__always)
  mutating func spliceInsert() throws(DecodeFailure) -> SpliceInsert {
    let eventId = try uint32("splice_event_id")
    let cancel = try flag("splice_event_cancel_indicator")
    let reserved1 = try bits(7, "reserved")
    guard !cancel else {
      return SpliceInsert(
        spliceEventId: eventId, spliceEventCancelIndicator: true,
        reservedBits: Self.unusual(reserved1 << 3 | 7, 10).map(UInt16.init))
    }
    let flags = try bits(8, "out_of_network_indicator")
    let outOfNetwork = flags & 0x80 != 0
    let programSplice = flags & 0x40 != 0
    let durationFlag = flags & 0x20 != 0
    let immediate = flags & 0x10 != 0
    let compliance = flags & 0x08 != 0
    var spliceTime: SpliceTime? = nil
    var components: [SpliceInsertComponent]? = nil
    if programSplice {
      if !immediate { spliceTime = try self.spliceTime() }
    } else {
      let count = Int(try uint8("component_count"))
      var list: [SpliceInsertComponent] = []
      list.reserveCapacity(count)
      for _ in 0..<count {
        let tag = try uint8("component_tag")
        let time = try immediate ? nil : self.spliceTime()
        list.append(SpliceInsertComponent(componentTag: tag, spliceTime: time))
      }
      components = list
    }
    let breakDuration = try durationFlag ? self.breakDuration() : nil
    let uniqueProgramId = try uint16("unique_program_id")
    let availNum = try uint8("avail_num")
    let availsExpected = try uint8("avails_expected")
    return SpliceInsert(
      spliceEventId: eventId, spliceEventCancelIndicator: false,
      outOfNetworkIndicator: outOfNetwork, spliceImmediateFlag: immediate,
      eventIdComplianceFlag: compliance, spliceTime: spliceTime, components: components,
      breakDuration: breakDuration, uniqueProgramId: uniqueProgramId, availNum: availNum,
      availsExpected: availsExpected,
      reservedBits: Self.unusual(reserved1 << 3 | flags & 7, 10).map(UInt16.init))
  }

  /// splice_schedule() (SCTE 35 §9.7.2).
  mutating func spliceSchedule() throws(DecodeFailure) -> SpliceSchedule {
    let count = Int(try uint8("splice_count"))
    var events: [SpliceScheduleEvent] = []
    for _ in 0..<count {
      var event = SpliceScheduleEvent(spliceEventId: try uint32("splice_event_id"))
      event.spliceEventCancelIndicator = try flag("splice_event_cancel_indicator")
      event.eventIdComplianceFlag = try flag("event_id_compliance_flag")
      let reserved1 = try bits(6, "reserved")
      var reserved2: UInt64 = 0x1F
      event.utcSpliceTime = nil
      if !event.spliceEventCancelIndicator {
        event.outOfNetworkIndicator = try flag("out_of_network_indicator")
        let programSplice = try flag("program_splice_flag")
        let durationFlag = try flag("duration_flag")
        reserved2 = try bits(5, "reserved")
        if programSplice {
          event.utcSpliceTime = try uint32("utc_splice_time")
        } else {
          let componentCount = Int(try uint8("component_count"))
          var components: [SpliceScheduleComponent] = []
          for _ in 0..<componentCount {
            let tag = try uint8("component_tag")
            components.append(
              SpliceScheduleComponent(
                componentTag: tag, utcSpliceTime: try uint32("utc_splice_time")))
          }
          event.components = components
        }
        if durationFlag { event.breakDuration = try breakDuration() }
        event.uniqueProgramId = try uint16("unique_program_id")
        event.availNum = try uint8("avail_num")
        event.availsExpected = try uint8("avails_expected")
      }
      event.reservedBits = Self.unusual(reserved1 << 5 | reserved2, 11).map(UInt16.init)
      events.append(event)
    }
    return SpliceSchedule(events: events)
  }
}
