extension SectionEncoder {
  /// splice_time() (SCTE 35 §9.4.1).
  mutating func spliceTime(_ time: SpliceTime) throws(SCTE35Issue) {
    if let pts = time.ptsTime {
      put(true)
      reserved(time.reservedBits.map(UInt64.init), 6)
      try put(pts, 33, "pts_time")
    } else {
      put(false)
      reserved(time.reservedBits.map(UInt64.init), 7)
    }
  }

  /// break_duration() (SCTE 35 §9.4.2).
  mutating func breakDuration(_ b: BreakDuration) throws(SCTE35Issue) {
    put(b.autoReturn)
    reserved(b.reservedBits.map(UInt64.init), 6)
    try put(b.duration, 33, "duration")
  }

  /// The command's fields after `splice_command_type` (SCTE 35 §9.7).
  mutating func command(_ command: SpliceCommand) throws(SCTE35Issue) {
    switch command {
    case .spliceNull, .bandwidthReservation: break
    case .timeSignal(let t): try spliceTime(t.spliceTime)
    case .privateCommand(let p):
      try put(UInt64(p.identifier), 32, "identifier")
      append(p.privateBytes)
    case .spliceInsert(let i): try spliceInsert(i)
    case .spliceSchedule(let s): try spliceSchedule(s)
    }
  }

  /// splice_insert() (SCTE 35 §9.7.3).
  mutating func spliceInsert(_ i: SpliceInsert) throws(SCTE35Issue) {
    let reservedBits = i.reservedBits.map(UInt64.init)
    try put(UInt64(i.spliceEventId), 32, "splice_event_id")
    put(i.spliceEventCancelIndicator)
    reserved(reservedBits.map { $0 >> 3 }, 7)
    guard !i.spliceEventCancelIndicator else { return }
    put(i.outOfNetworkIndicator)
    put(i.programSpliceFlag)
    put(i.durationFlag)
    put(i.spliceImmediateFlag)
    put(i.eventIdComplianceFlag)
    reserved(reservedBits.map { $0 & 7 }, 3)
    if let components = i.components {
      try put(UInt64(components.count), 8, "component_count")
      for c in components {
        try put(UInt64(c.componentTag), 8, "component_tag")
        if !i.spliceImmediateFlag { try spliceTime(c.spliceTime ?? SpliceTime(ptsTime: nil)) }
      }
    } else if !i.spliceImmediateFlag {
      try spliceTime(i.spliceTime ?? SpliceTime(ptsTime: nil))
    }
    if let b = i.breakDuration { try breakDuration(b) }
    try put(UInt64(i.uniqueProgramId), 16, "unique_program_id")
    try put(UInt64(i.availNum), 8, "avail_num")
    try put(UInt64(i.availsExpected), 8, "avails_expected")
  }

  /// splice_schedule() (SCTE 35 §9.7.2).
  mutating func spliceSchedule(_ s: SpliceSchedule) throws(SCTE35Issue) {
    try put(UInt64(s.events.count), 8, "splice_count")
    for e in s.events {
      let reservedBits = e.reservedBits.map(UInt64.init)
      try put(UInt64(e.spliceEventId), 32, "splice_event_id")
      put(e.spliceEventCancelIndicator)
      put(e.eventIdComplianceFlag)
      reserved(reservedBits.map { $0 >> 5 }, 6)
      guard !e.spliceEventCancelIndicator else { continue }
      put(e.outOfNetworkIndicator)
      put(e.programSpliceFlag)
      put(e.durationFlag)
      reserved(reservedBits.map { $0 & 0x1F }, 5)
      if let components = e.components {
        try put(UInt64(components.count), 8, "component_count")
        for c in components {
          try put(UInt64(c.componentTag), 8, "component_tag")
          try put(UInt64(c.utcSpliceTime), 32, "utc_splice_time")
        }
      } else {
        try put(UInt64(e.utcSpliceTime ?? 0), 32, "utc_splice_time")
      }
      if let b = e.breakDuration { try breakDuration(b) }
      try put(UInt64(e.uniqueProgramId), 16, "unique_program_id")
      try put(UInt64(e.availNum), 8, "avail_num")
      try put(UInt64(e.availsExpected), 8, "avails_expected")
    }
  }
}
