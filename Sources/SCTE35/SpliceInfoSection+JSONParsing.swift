import ManifestCore

extension SpliceInfoSection {
  /// A section from its JSON form (what `json()` and `scte35-tool decode --json` write), for
  /// `scte35-tool encode`. Computed members (lengths, names, seconds next to ticks, flags implied
  /// by what is present, `crc32`) are ignored; a 90 kHz value may be given in seconds instead
  /// (`durationSeconds`); header members default to the usual values (table 0xFC, SAP type 3,
  /// tier 0xFFF). `spliceCommandLength` 4095 asks for the legacy length. Unknown members and
  /// values that do not fit their fields are errors naming the JSON path.
  public init(json: JSONValue) throws(SCTE35Issue) {
    var r = try JSONFieldReader(json, path: "")
    r.ignore(
      "sapTypeName", "sectionLength", "descriptorLoopLength", "crc32", "crcValid",
      "spliceCommandName")
    let tableId = UInt8(try r.uint("tableId", bits: 8, 0xFC))
    let syntaxIndicator = try r.bool("sectionSyntaxIndicator", false)
    let privateIndicator = try r.bool("privateIndicator", false)
    let sapType = UInt8(try r.uint("sapType", bits: 2, 3))
    let protocolVersion = UInt8(try r.uint("protocolVersion", bits: 8, 0))
    let encryptedPacket = try r.bool("encryptedPacket", false)
    let algorithm = UInt8(try r.uint("encryptionAlgorithm", bits: 6, 0))
    let ptsAdjustment = try r.ticks("ptsAdjustment", bits: 33) ?? 0
    let cwIndex = UInt8(try r.uint("cwIndex", bits: 8, 0))
    let tier = UInt16(try r.uint("tier", bits: 12, 0xFFF))
    let commandLength = r.value("spliceCommandLength").flatMap(\.intValue)
    self.init(
      command: .spliceNull, ptsAdjustment: ptsAdjustment, tier: tier, sapType: sapType,
      protocolVersion: protocolVersion, cwIndex: cwIndex, tableId: tableId,
      sectionSyntaxIndicator: syntaxIndicator, privateIndicator: privateIndicator,
      encryptionAlgorithm: algorithm, legacySpliceCommandLength: commandLength == 0xFFF)
    alignmentStuffing = try r.hex("alignmentStuffing")
    if encryptedPacket {
      guard let length = commandLength, length >= 0, length <= 0xFFF else {
        throw r.issue("spliceCommandLength", "is needed, from 0 to 4095, for an encrypted section")
      }
      encrypted = EncryptedPart(
        spliceCommandLength: UInt16(length), bytes: try r.hex("encryptedPayload"))
      r.ignore("spliceCommandType", "spliceCommand", "descriptors")
      try r.finish()
      return
    }
    r.ignore("encryptedPayload")
    guard r.value("spliceCommandType") != nil else {
      throw r.issue("spliceCommandType", "is missing")
    }
    let type = UInt8(try r.uint("spliceCommandType", bits: 8))
    let body = r.value("spliceCommand") ?? .object([])
    command = try SpliceCommand(json: body, type: type, path: "spliceCommand")
    descriptors = try (r.array("descriptors") ?? []).enumerated().map {
      (i, element) throws(SCTE35Issue) in
      try SpliceDescriptor(json: element, path: "descriptors[\(i)]")
    }
    try r.finish()
  }
}

extension SpliceCommand {
  /// The command of `type` from its JSON object.
  init(json: JSONValue, type: UInt8, path: String) throws(SCTE35Issue) {
    var r = try JSONFieldReader(json, path: path)
    switch type {
    case 0x00: self = .spliceNull
    case 0x07: self = .bandwidthReservation
    case 0x06:
      self = .timeSignal(
        TimeSignal(
          spliceTime: try SpliceTime(reading: &r, "spliceTime") ?? SpliceTime(ptsTime: nil)))
    case 0xFF:
      r.ignore("identifierText")
      guard let identifier = try r.identifier("identifier") else {
        throw r.issue("identifier", "is missing")
      }
      self = .privateCommand(
        PrivateCommand(identifier: identifier, privateBytes: try r.hex("privateBytes")))
    case 0x05: self = .spliceInsert(try SpliceInsert(reading: &r))
    case 0x04:
      r.ignore("spliceCount")
      let events =
        try r.objects("events") { (e) throws(SCTE35Issue) in
          try SpliceScheduleEvent(reading: &e)
        } ?? []
      guard events.count <= 255 else { throw r.issue("events", "has more than 255 events") }
      self = .spliceSchedule(SpliceSchedule(events: events))
    default:
      throw JSONFieldReader.issue("spliceCommandType", "\(type) is a reserved command type")
    }
    try r.finish()
  }
}

extension SpliceTime {
  /// The splice_time() object at `key`: `{ptsTime}` or `{ptsTimeSeconds}`, or no time when
  /// `null`, `{}` or `timeSpecifiedFlag` false; `nil` when the member is absent.
  init?(reading r: inout JSONFieldReader, _ key: String) throws(SCTE35Issue) {
    guard let value = r.value(key) else { return nil }
    var t = try JSONFieldReader(value, path: r.name(key))
    t.ignore("ptsTimeAdjusted", "ptsTimeAdjustedSeconds")
    let specified = try t.bool("timeSpecifiedFlag", true)
    let pts = try t.ticks("ptsTime", bits: 33)
    try t.finish()
    self.init(ptsTime: specified ? pts : nil)
  }
}

extension BreakDuration {
  /// The break_duration() object at `key`, or `nil` when absent.
  init?(reading r: inout JSONFieldReader, _ key: String) throws(SCTE35Issue) {
    guard let value = r.value(key) else { return nil }
    var b = try JSONFieldReader(value, path: r.name(key))
    let autoReturn = try b.bool("autoReturn", true)
    guard let duration = try b.ticks("duration", bits: 33) else {
      throw b.issue("duration", "is missing")
    }
    try b.finish()
    self.init(autoReturn: autoReturn, duration: duration)
  }
}

extension SpliceInsert {
  init(reading r: inout JSONFieldReader) throws(SCTE35Issue) {
    r.ignore("programSpliceFlag", "durationFlag")
    self.init(spliceEventId: UInt32(try r.uint("spliceEventId", bits: 32)))
    spliceEventCancelIndicator = try r.bool("spliceEventCancelIndicator", false)
    outOfNetworkIndicator = try r.bool("outOfNetworkIndicator", false)
    spliceImmediateFlag = try r.bool("spliceImmediateFlag", false)
    eventIdComplianceFlag = try r.bool("eventIdComplianceFlag", true)
    spliceTime = try SpliceTime(reading: &r, "spliceTime")
    components = try r.objects("components") { (c) throws(SCTE35Issue) in
      SpliceInsertComponent(
        componentTag: UInt8(try c.uint("componentTag", bits: 8)),
        spliceTime: try SpliceTime(reading: &c, "spliceTime"))
    }
    breakDuration = try BreakDuration(reading: &r, "breakDuration")
    uniqueProgramId = UInt16(try r.uint("uniqueProgramId", bits: 16, 0))
    availNum = UInt8(try r.uint("availNum", bits: 8, 0))
    availsExpected = UInt8(try r.uint("availsExpected", bits: 8, 0))
  }
}

extension SpliceScheduleEvent {
  init(reading r: inout JSONFieldReader) throws(SCTE35Issue) {
    r.ignore("programSpliceFlag", "durationFlag")
    self.init(spliceEventId: UInt32(try r.uint("spliceEventId", bits: 32)))
    spliceEventCancelIndicator = try r.bool("spliceEventCancelIndicator", false)
    eventIdComplianceFlag = try r.bool("eventIdComplianceFlag", true)
    outOfNetworkIndicator = try r.bool("outOfNetworkIndicator", false)
    utcSpliceTime =
      r.value("utcSpliceTime") == nil ? nil : UInt32(try r.uint("utcSpliceTime", bits: 32))
    components = try r.objects("components") { (c) throws(SCTE35Issue) in
      SpliceScheduleComponent(
        componentTag: UInt8(try c.uint("componentTag", bits: 8)),
        utcSpliceTime: UInt32(try c.uint("utcSpliceTime", bits: 32)))
    }
    if components != nil {
      utcSpliceTime = nil
    } else if !spliceEventCancelIndicator && utcSpliceTime == nil {
      throw r.issue("utcSpliceTime", "is missing (or give components)")
    }
    breakDuration = try BreakDuration(reading: &r, "breakDuration")
    uniqueProgramId = UInt16(try r.uint("uniqueProgramId", bits: 16, 0))
    availNum = UInt8(try r.uint("availNum", bits: 8, 0))
    availsExpected = UInt8(try r.uint("availsExpected", bits: 8, 0))
  }
}
