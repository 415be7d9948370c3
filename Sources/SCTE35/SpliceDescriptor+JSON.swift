import ManifestCore

extension SpliceDescriptor {
  /// The descriptor as a JSON object: tag, length, identifier and name, then its fields.
  func json(length: Int?) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("spliceDescriptorTag", .int(Int64(tag))),
      ("descriptorLength", JSONValue(length)),
      ("identifier", identifier.map(JSONForm.identifier) ?? .null),
      ("name", .string(name)),
    ]
    switch self {
    case .avail(let a): members.append(("providerAvailId", .int(Int64(a.providerAvailId))))
    case .dtmf(let d):
      members += [
        ("preroll", .int(Int64(d.preroll))),
        ("prerollSeconds", .decimal(ExactDecimal(significand: Int64(d.preroll), scale: 1))),
        ("dtmfCount", .int(Int64(d.dtmfChars.count))),
        ("dtmfChars", .string(JSONForm.printable(d.dtmfChars) ?? JSONForm.hex(d.dtmfChars))),
      ]
    case .segmentation(let s): members += s.jsonMembers
    case .time(let t):
      members += [
        ("taiSeconds", .int(Int64(t.taiSeconds))), ("taiNs", .int(Int64(t.taiNs))),
        ("utcOffset", .int(Int64(t.utcOffset))),
      ]
    case .audio(let a):
      members += [
        ("audioCount", .int(Int64(a.components.count))),
        (
          "components",
          .array(
            a.components.map { c in
              [
                "componentTag": .int(Int64(c.componentTag)), "isoCode": c.isoCodeJSON,
                "bitStreamMode": .int(Int64(c.bitStreamMode)),
                "numChannels": .int(Int64(c.numChannels)), "fullSrvcAudio": .bool(c.fullSrvcAudio),
              ]
            })
        ),
      ]
    case .unknown(let u): members.append(("bytes", .string(JSONForm.hex(u.bytes))))
    }
    return .object(members)
  }
}

extension AudioComponent {
  /// `ISO_code` as its three letters, or as a number when they are not printable ASCII.
  var isoCodeJSON: JSONValue {
    let bytes = [UInt8(isoCode >> 16 & 0xFF), UInt8(isoCode >> 8 & 0xFF), UInt8(isoCode & 0xFF)]
    return JSONForm.printable(bytes).map { .string($0) } ?? .int(Int64(isoCode))
  }
}

extension SegmentationDescriptor {
  /// The fields after the identifier; `null` for those a cancelled descriptor does not send.
  var jsonMembers: [(String, JSONValue)] {
    let live = !segmentationEventCancelIndicator
    func ifLive(_ value: @autoclosure () -> JSONValue) -> JSONValue { live ? value() : .null }
    let restrictions = deliveryRestrictions
    return [
      ("segmentationEventId", .int(Int64(segmentationEventId))),
      ("segmentationEventCancelIndicator", .bool(segmentationEventCancelIndicator)),
      ("segmentationEventIdComplianceIndicator", .bool(segmentationEventIdComplianceIndicator)),
      ("programSegmentationFlag", ifLive(.bool(programSegmentationFlag))),
      ("segmentationDurationFlag", ifLive(.bool(segmentationDurationFlag))),
      ("deliveryNotRestrictedFlag", ifLive(.bool(deliveryNotRestrictedFlag))),
      ("webDeliveryAllowedFlag", JSONValue(restrictions?.webDeliveryAllowedFlag)),
      ("noRegionalBlackoutFlag", JSONValue(restrictions?.noRegionalBlackoutFlag)),
      ("archiveAllowedFlag", JSONValue(restrictions?.archiveAllowedFlag)),
      ("deviceRestrictions", JSONValue(restrictions.map { Int($0.deviceRestrictions) })),
      ("deviceRestrictionsName", JSONValue(restrictions?.deviceRestrictionsName)),
      (
        "components",
        ifLive(
          .optionalArray(
            components?.map { c in
              [
                "componentTag": .int(Int64(c.componentTag)), "ptsOffset": JSONValue(c.ptsOffset),
                "ptsOffsetSeconds": .decimal(PTS.seconds(c.ptsOffset)),
              ]
            }))
      ),
      ("segmentationDuration", JSONValue(live ? segmentationDuration : nil)),
      ("segmentationDurationSeconds", JSONValue(live ? segmentationDurationSeconds : nil)),
    ]
      + (live
        ? segmentationUpid.jsonMembers
        : [
          ("segmentationUpidType", .null), ("segmentationUpidTypeName", .null),
          ("segmentationUpidLength", .null), ("segmentationUpidFormat", .null),
          ("segmentationUpid", .null),
        ])
      + [
        ("segmentationTypeId", ifLive(.int(Int64(segmentationTypeId)))),
        ("segmentationMessage", ifLive(.string(segmentationMessage))),
        ("segmentNum", ifLive(.int(Int64(segmentNum)))),
        ("segmentsExpected", ifLive(.int(Int64(segmentsExpected)))),
        ("subSegmentNum", JSONValue(live ? subSegmentNum.map(Int.init) : nil)),
        ("subSegmentsExpected", JSONValue(live ? subSegmentsExpected.map(Int.init) : nil)),
      ]
  }
}

extension SegmentationUPID {
  /// `segmentationUpidType`, its name, length, format and value (see `jsonForm`).
  var jsonMembers: [(String, JSONValue)] {
    let (format, value) = jsonForm
    return [
      ("segmentationUpidType", .int(Int64(type))),
      ("segmentationUpidTypeName", .string(typeName)),
      ("segmentationUpidLength", .int(Int64(bytes.count))),
      ("segmentationUpidFormat", .string(format)),
      ("segmentationUpid", value),
    ]
  }

  /// The value in the most readable lossless form and that form's name: `text` (a string),
  /// `eidr` and `uuid` (canonical strings), `mpu` and `atsc` (objects), `mid` (an array of
  /// UPIDs), else `hexbinary` (`0x` and hex). Encoding reads the same forms back.
  var jsonForm: (String, JSONValue) {
    if let text { return ("text", .string(text)) }
    if let eidr { return ("eidr", .string(eidr)) }
    if let uuid { return ("uuid", .string(uuid)) }
    if let mpu {
      return (
        "mpu",
        [
          "formatIdentifier": .int(Int64(mpu.formatIdentifier)),
          "formatIdentifierText": JSONValue(FourCC.text(mpu.formatIdentifier)),
          "privateData": .string(JSONForm.hex(mpu.privateData)),
        ]
      )
    }
    if let atsc {
      return (
        "atsc",
        [
          "tsid": .int(Int64(atsc.tsid)), "reserved": .int(Int64(atsc.reserved)),
          "endOfDay": .int(Int64(atsc.endOfDay)), "uniqueFor": .int(Int64(atsc.uniqueFor)),
          "contentId": .string(JSONForm.hex(atsc.contentId)),
        ]
      )
    }
    if let mid { return ("mid", .array(mid.map { .object($0.jsonMembers) })) }
    return ("hexbinary", .string(JSONForm.hex(bytes)))
  }
}
