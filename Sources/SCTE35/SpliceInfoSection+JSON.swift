import ManifestCore

extension SpliceInfoSection {
  /// The section as JSON, exactly as `scte35-tool decode --json` prints it: the SCTE 35 syntax
  /// element names in camelCase in syntax order, lengths computed, 90 kHz values also in
  /// seconds (`ptsTimeSeconds`…), `pts_adjustment` applied in `ptsTimeAdjusted`, names of
  /// coded values, byte strings as `0x` and lower-case hex, and `crc32` (`transmittedCRC32`
  /// when given, else the computed one) with `crcValid`.
  public func json(transmittedCRC32: UInt32? = nil) -> JSONValue {
    let encoded = try? encoded()
    let computedCRC = encoded.map { bytes in
      bytes.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }
    let crc = transmittedCRC32 ?? computedCRC
    var members: [(String, JSONValue)] = [
      ("tableId", .int(Int64(tableId))),
      ("sectionSyntaxIndicator", .bool(sectionSyntaxIndicator)),
      ("privateIndicator", .bool(privateIndicator)),
      ("sapType", .int(Int64(sapType))),
      ("sapTypeName", .string(sapTypeName)),
      ("sectionLength", JSONValue(encoded.map { $0.count - 3 })),
      ("protocolVersion", .int(Int64(protocolVersion))),
      ("encryptedPacket", .bool(encryptedPacket)),
      ("encryptionAlgorithm", .int(Int64(encryptionAlgorithm))),
      ("ptsAdjustment", JSONValue(ptsAdjustment)),
      ("ptsAdjustmentSeconds", .decimal(PTS.seconds(ptsAdjustment))),
      ("cwIndex", .int(Int64(cwIndex))),
      ("tier", .int(Int64(tier))),
    ]
    if let encrypted {
      members += [
        ("spliceCommandLength", .int(Int64(encrypted.spliceCommandLength))),
        ("spliceCommandType", .null), ("spliceCommandName", .null), ("spliceCommand", .null),
        ("descriptorLoopLength", .null), ("descriptors", .array([])),
        ("alignmentStuffing", .string("")),
        ("encryptedPayload", .string(JSONForm.hex(encrypted.bytes))),
      ]
    } else {
      let commandLength = legacySpliceCommandLength ? 0xFFF : SectionEncoder.length(of: command)
      let descriptorLengths = descriptors.map { SectionEncoder.length(of: $0) }
      let loopLength = descriptorLengths.reduce(0 as Int?) { sum, length in
        sum.flatMap { s in length.map { s + 2 + $0 } }
      }
      members += [
        ("spliceCommandLength", JSONValue(commandLength)),
        ("spliceCommandType", .int(Int64(command.type))),
        ("spliceCommandName", .string(command.name)),
        ("spliceCommand", command.json(ptsAdjustment: ptsAdjustment)),
        ("descriptorLoopLength", JSONValue(loopLength)),
        ("descriptors", .array(zip(descriptors, descriptorLengths).map { $0.json(length: $1) })),
        ("alignmentStuffing", .string(JSONForm.hex(alignmentStuffing))),
        ("encryptedPayload", .null),
      ]
    }
    members += [
      ("crc32", JSONValue(crc.map(JSONForm.hex32))),
      ("crcValid", .bool(crc != nil && crc == computedCRC)),
    ]
    return .object(members)
  }
}

extension SCTE35Decoding {
  /// The decoded section's JSON (`SpliceInfoSection.json`) with the transmitted `crc32` and
  /// its check, or `null` when nothing could be decoded; a `salvagedDescriptor` member follows
  /// when there is one. This is the `scte35` value of `m3u8-tool ads --format json`.
  public var json: JSONValue {
    guard let section else { return .null }
    var value = section.json(transmittedCRC32: crc32)
    if case .object(var members) = value, let i = members.lastIndex(where: { $0.0 == "crcValid" }) {
      members[i].1 = .bool(crcValid)
      if let salvaged = salvagedDescriptor {
        members.append(
          ("salvagedDescriptor", salvaged.json(length: SectionEncoder.length(of: salvaged))))
      }
      value = .object(members)
    }
    return value
  }
}

/// Spellings shared by the JSON, XML and text forms.
enum JSONForm {
  /// `0x` and lower-case hex digits, or the empty string for no bytes.
  static func hex(_ bytes: [UInt8]) -> String {
    bytes.isEmpty ? "" : "0x" + Hex.encode(bytes)
  }

  /// The bytes as text when they are all printable ASCII (and do not start `0x`), else `nil`.
  static func printable(_ bytes: [UInt8]) -> String? {
    guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), !bytes.starts(with: [0x30, 0x78]) else {
      return nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// `0x` and eight lower-case hex digits.
  static func hex32(_ value: UInt32) -> String {
    "0x"
      + Hex.encode([
        UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF),
        UInt8(value & 0xFF),
      ])
  }

  /// A four-character identifier as its text when printable, else `0x` and hex.
  static func identifier(_ value: UInt32) -> JSONValue {
    .string(FourCC.display(value))
  }
}

extension SpliceTime {
  /// `{timeSpecifiedFlag, ptsTime, ptsTimeSeconds, ptsTimeAdjusted, ptsTimeAdjustedSeconds}`.
  func json(ptsAdjustment: UInt64) -> JSONValue {
    let adjusted = adjustedPTSTime(ptsAdjustment: ptsAdjustment)
    return [
      "timeSpecifiedFlag": .bool(timeSpecifiedFlag),
      "ptsTime": JSONValue(ptsTime),
      "ptsTimeSeconds": JSONValue(ptsTime.map(PTS.seconds)),
      "ptsTimeAdjusted": JSONValue(adjusted),
      "ptsTimeAdjustedSeconds": JSONValue(adjusted.map(PTS.seconds)),
    ]
  }
}

extension BreakDuration {
  /// `{autoReturn, duration, durationSeconds}`.
  var json: JSONValue {
    [
      "autoReturn": .bool(autoReturn), "duration": JSONValue(duration),
      "durationSeconds": .decimal(seconds),
    ]
  }
}

extension SpliceCommand {
  /// The command's fields as a JSON object.
  func json(ptsAdjustment: UInt64) -> JSONValue {
    switch self {
    case .spliceNull, .bandwidthReservation: return .object([])
    case .timeSignal(let t): return ["spliceTime": t.spliceTime.json(ptsAdjustment: ptsAdjustment)]
    case .privateCommand(let p):
      return [
        "identifier": .int(Int64(p.identifier)),
        "identifierText": JSONValue(FourCC.text(p.identifier)),
        "privateBytes": .string(JSONForm.hex(p.privateBytes)),
      ]
    case .spliceInsert(let i): return i.json(ptsAdjustment: ptsAdjustment)
    case .spliceSchedule(let s):
      return ["spliceCount": .int(Int64(s.events.count)), "events": .array(s.events.map(\.json))]
    }
  }
}

extension SpliceInsert {
  func json(ptsAdjustment: UInt64) -> JSONValue {
    let live = !spliceEventCancelIndicator
    return [
      "spliceEventId": .int(Int64(spliceEventId)),
      "spliceEventCancelIndicator": .bool(spliceEventCancelIndicator),
      "outOfNetworkIndicator": live ? .bool(outOfNetworkIndicator) : .null,
      "programSpliceFlag": live ? .bool(programSpliceFlag) : .null,
      "durationFlag": live ? .bool(durationFlag) : .null,
      "spliceImmediateFlag": live ? .bool(spliceImmediateFlag) : .null,
      "eventIdComplianceFlag": live ? .bool(eventIdComplianceFlag) : .null,
      "spliceTime": live && programSpliceFlag && !spliceImmediateFlag
        ? (spliceTime ?? SpliceTime(ptsTime: nil)).json(ptsAdjustment: ptsAdjustment) : .null,
      "components": live
        ? JSONValue.optionalArray(
          components?.map { c in
            [
              "componentTag": .int(Int64(c.componentTag)),
              "spliceTime": spliceImmediateFlag
                ? .null
                : (c.spliceTime ?? SpliceTime(ptsTime: nil)).json(ptsAdjustment: ptsAdjustment),
            ]
          }) : .null,
      "breakDuration": live ? breakDuration?.json ?? .null : .null,
      "uniqueProgramId": live ? .int(Int64(uniqueProgramId)) : .null,
      "availNum": live ? .int(Int64(availNum)) : .null,
      "availsExpected": live ? .int(Int64(availsExpected)) : .null,
    ]
  }
}

extension SpliceScheduleEvent {
  var json: JSONValue {
    let live = !spliceEventCancelIndicator
    return [
      "spliceEventId": .int(Int64(spliceEventId)),
      "spliceEventCancelIndicator": .bool(spliceEventCancelIndicator),
      "eventIdComplianceFlag": .bool(eventIdComplianceFlag),
      "outOfNetworkIndicator": live ? .bool(outOfNetworkIndicator) : .null,
      "programSpliceFlag": live ? .bool(programSpliceFlag) : .null,
      "durationFlag": live ? .bool(durationFlag) : .null,
      "utcSpliceTime": live && programSpliceFlag ? .int(Int64(utcSpliceTime ?? 0)) : .null,
      "components": live
        ? JSONValue.optionalArray(
          components?.map { c in
            [
              "componentTag": .int(Int64(c.componentTag)),
              "utcSpliceTime": .int(Int64(c.utcSpliceTime)),
            ]
          }) : .null,
      "breakDuration": live ? breakDuration?.json ?? .null : .null,
      "uniqueProgramId": live ? .int(Int64(uniqueProgramId)) : .null,
      "availNum": live ? .int(Int64(availNum)) : .null,
      "availsExpected": live ? .int(Int64(availsExpected)) : .null,
    ]
  }
}

extension JSONValue {
  /// An array, or `null` for `nil`.
  static func optionalArray(_ elements: [JSONValue]?) -> JSONValue {
    elements.map { .array($0) } ?? .null
  }
}
