import ManifestCore

extension SpliceDescriptor {
  /// A descriptor from its JSON object (see `SpliceInfoSection.init(json:)`): chosen by
  /// `spliceDescriptorTag`; a descriptor whose `identifier` is not "CUEI", or that gives its
  /// `bytes`, is kept as those bytes.
  init(json: JSONValue, path: String) throws(SCTE35Issue) {
    var r = try JSONFieldReader(json, path: path)
    r.ignore("descriptorLength", "name")
    let tag = UInt8(try r.uint("spliceDescriptorTag", bits: 8))
    let identifier = try r.identifier("identifier") ?? Self.cueIdentifier
    if identifier != Self.cueIdentifier || tag > 4 || r.value("bytes") != nil {
      guard r.value("bytes") != nil else {
        throw r.issue("bytes", "is needed for a descriptor this library does not interpret")
      }
      self = .unknown(UnknownDescriptor(tag: tag, bytes: try r.hex("bytes")))
      try r.finish()
      return
    }
    switch tag {
    case 0x00:
      self = .avail(
        AvailDescriptor(providerAvailId: UInt32(try r.uint("providerAvailId", bits: 32))))
    case 0x01:
      r.ignore("dtmfCount", "prerollSeconds")
      let text = try r.string("dtmfChars") ?? ""
      let chars =
        text.hasPrefix("0x")
        ? try JSONFieldReader.hex(text, path: r.name("dtmfChars")) : Array(text.utf8)
      guard chars.count <= 7 else { throw r.issue("dtmfChars", "has more than 7 characters") }
      self = .dtmf(
        DTMFDescriptor(preroll: UInt8(try r.uint("preroll", bits: 8, 0)), dtmfChars: chars))
    case 0x03:
      self = .time(
        TimeDescriptor(
          taiSeconds: try r.uint("taiSeconds", bits: 48),
          taiNs: UInt32(try r.uint("taiNs", bits: 32)),
          utcOffset: UInt16(try r.uint("utcOffset", bits: 16, 0))))
    case 0x04:
      r.ignore("audioCount")
      let components =
        try r.objects("components") { (c) throws(SCTE35Issue) in
          try AudioComponent(reading: &c)
        } ?? []
      guard components.count <= 15 else {
        throw r.issue("components", "has more than 15 components")
      }
      self = .audio(AudioDescriptor(components: components))
    default: self = .segmentation(try SegmentationDescriptor(reading: &r))
    }
    try r.finish()
  }
}

extension AudioComponent {
  init(reading r: inout JSONFieldReader) throws(SCTE35Issue) {
    let isoCode: UInt32
    if let number = r.value("isoCode")?.intValue {
      isoCode = UInt32(try JSONFieldReader.uint(.int(number), bits: 24, path: r.name("isoCode")))
    } else {
      let code = Array((try r.string("isoCode") ?? "").utf8)
      guard code.count == 3 else {
        throw r.issue("isoCode", "is not a three-letter language code")
      }
      isoCode = UInt32(code[0]) << 16 | UInt32(code[1]) << 8 | UInt32(code[2])
    }
    self.init(
      componentTag: UInt8(try r.uint("componentTag", bits: 8)),
      isoCode: isoCode,
      bitStreamMode: UInt8(try r.uint("bitStreamMode", bits: 3, 0)),
      numChannels: UInt8(try r.uint("numChannels", bits: 4, 0)),
      fullSrvcAudio: try r.bool("fullSrvcAudio", false))
  }
}

extension SegmentationDescriptor {
  init(reading r: inout JSONFieldReader) throws(SCTE35Issue) {
    r.ignore(
      "programSegmentationFlag", "segmentationDurationFlag", "deliveryRestrictionsName",
      "deviceRestrictionsName", "segmentationMessage", "segmentationUpidTypeName",
      "segmentationUpidLength")
    self.init(segmentationEventId: UInt32(try r.uint("segmentationEventId", bits: 32)))
    segmentationEventCancelIndicator = try r.bool("segmentationEventCancelIndicator", false)
    segmentationEventIdComplianceIndicator = try r.bool(
      "segmentationEventIdComplianceIndicator", true)
    let restrictionKeys = [
      "webDeliveryAllowedFlag", "noRegionalBlackoutFlag", "archiveAllowedFlag",
      "deviceRestrictions",
    ]
    let restricted = restrictionKeys.contains { r.value($0) != nil }
    if !(try r.bool("deliveryNotRestrictedFlag", !restricted)) {
      deliveryRestrictions = DeliveryRestrictions(
        webDeliveryAllowedFlag: try r.bool("webDeliveryAllowedFlag", false),
        noRegionalBlackoutFlag: try r.bool("noRegionalBlackoutFlag", false),
        archiveAllowedFlag: try r.bool("archiveAllowedFlag", false),
        deviceRestrictions: UInt8(try r.uint("deviceRestrictions", bits: 2, 3)))
    }
    components = try r.objects("components") { (c) throws(SCTE35Issue) in
      SegmentationComponent(
        componentTag: UInt8(try c.uint("componentTag", bits: 8)),
        ptsOffset: try c.ticks("ptsOffset", bits: 33) ?? 0)
    }
    segmentationDuration = try r.ticks("segmentationDuration", bits: 40)
    let upidType = UInt8(try r.uint("segmentationUpidType", bits: 8, 0))
    let format = try r.string("segmentationUpidFormat")
    segmentationUpid = try SegmentationUPID(
      type: upidType, format: format, value: r.value("segmentationUpid"),
      path: r.name("segmentationUpid"))
    if segmentationEventCancelIndicator {
      r.ignore(
        "segmentationTypeId", "segmentNum", "segmentsExpected", "subSegmentNum",
        "subSegmentsExpected")
      return
    }
    segmentationTypeId = UInt8(try r.uint("segmentationTypeId", bits: 8))
    segmentNum = UInt8(try r.uint("segmentNum", bits: 8, 0))
    segmentsExpected = UInt8(try r.uint("segmentsExpected", bits: 8, 0))
    if r.value("subSegmentNum") != nil || r.value("subSegmentsExpected") != nil {
      subSegmentNum = UInt8(try r.uint("subSegmentNum", bits: 8, 0))
      subSegmentsExpected = UInt8(try r.uint("subSegmentsExpected", bits: 8, 0))
    }
  }
}

extension SegmentationUPID {
  /// A UPID of `type` from its JSON value in `format` (`text`, `hexbinary`, `eidr`, `uuid`,
  /// `mpu`, `atsc`, `mid`; inferred from the type and value when `nil`).
  init(type: UInt8, format: String?, value: JSONValue?, path: String) throws(SCTE35Issue) {
    guard let value else {
      self.init(type: type, bytes: [])
      return
    }
    let chosen = format ?? Self.impliedFormat(type: type, value: value)
    func text() throws(SCTE35Issue) -> String {
      guard let s = value.stringValue else { throw JSONFieldReader.issue(path, "is not a string") }
      return s
    }
    switch chosen {
    case "text": self.init(type: type, bytes: Array(try text().utf8))
    case "hexbinary": self.init(type: type, bytes: try JSONFieldReader.hex(try text(), path: path))
    case "eidr": self.init(type: type, bytes: try Self.eidrBytes(try text(), path: path))
    case "uuid":
      let bytes = try JSONFieldReader.hex(String(try text().filter { $0 != "-" }), path: path)
      guard bytes.count == 16 else { throw JSONFieldReader.issue(path, "is not a UUID") }
      self.init(type: type, bytes: bytes)
    case "mpu":
      var r = try JSONFieldReader(value, path: path)
      r.ignore("formatIdentifierText")
      guard let identifier = try r.identifier("formatIdentifier") else {
        throw r.issue("formatIdentifier", "is missing")
      }
      let head = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: identifier >> UInt32($0)) }
      self.init(type: type, bytes: head + (try r.hex("privateData")))
      try r.finish()
    case "atsc":
      var r = try JSONFieldReader(value, path: path)
      let atsc = ATSCContentIdentifier(
        tsid: UInt16(try r.uint("tsid", bits: 16)),
        reserved: UInt8(try r.uint("reserved", bits: 2, 3)),
        endOfDay: UInt8(try r.uint("endOfDay", bits: 5)),
        uniqueFor: UInt16(try r.uint("uniqueFor", bits: 9)),
        contentId: try r.hex("contentId"))
      try r.finish()
      self.init(type: type, bytes: atsc.bytes)
    case "mid":
      guard let elements = value.arrayValue else {
        throw JSONFieldReader.issue(path, "is not an array")
      }
      var bytes: [UInt8] = []
      for (i, element) in elements.enumerated() {
        var r = try JSONFieldReader(element, path: "\(path)[\(i)]")
        r.ignore("segmentationUpidTypeName", "segmentationUpidLength")
        let inner = try SegmentationUPID(
          type: UInt8(try r.uint("segmentationUpidType", bits: 8)),
          format: try r.string("segmentationUpidFormat"), value: r.value("segmentationUpid"),
          path: r.name("segmentationUpid"))
        try r.finish()
        guard inner.bytes.count <= 255 else {
          throw JSONFieldReader.issue("\(path)[\(i)]", "is longer than 255 bytes")
        }
        bytes += [inner.type, UInt8(inner.bytes.count)] + inner.bytes
      }
      self.init(type: type, bytes: bytes)
    default:
      throw JSONFieldReader.issue(path, "has the unknown segmentationUpidFormat '\(chosen)'")
    }
  }

  /// The format a value without `segmentationUpidFormat` is read in.
  static func impliedFormat(type: UInt8, value: JSONValue) -> String {
    if value.arrayValue != nil { return "mid" }
    if value.objectValue != nil { return type == 0x0B ? "atsc" : "mpu" }
    let text = value.stringValue ?? ""
    if isTextType(type) { return "text" }
    if type == 0x0A && text.hasPrefix("10.") { return "eidr" }
    if type == 0x10 && text.contains("-") { return "uuid" }
    return "hexbinary"
  }

  /// The 12 bytes of a canonical EIDR (`10.5240/7791-8534-2C23-9030-8610-5`); a check
  /// character, when present, must match.
  static func eidrBytes(_ text: String, path: String) throws(SCTE35Issue) -> [UInt8] {
    let parts = text.split(separator: "/", maxSplits: 1)
    guard parts.count == 2, parts[0].hasPrefix("10."), let prefix = UInt16(parts[0].dropFirst(3))
    else {
      throw JSONFieldReader.issue(path, "is not an EIDR (10.PREFIX/XXXX-XXXX-XXXX-XXXX-XXXX-C)")
    }
    let groups = parts[1].split(separator: "-")
    let digits = groups.prefix(5).joined()
    guard groups.count == 5 || groups.count == 6, digits.count == 20 else {
      throw JSONFieldReader.issue(path, "is not an EIDR (10.PREFIX/XXXX-XXXX-XXXX-XXXX-XXXX-C)")
    }
    let suffix = try JSONFieldReader.hex(digits, path: path)
    if groups.count == 6 {
      let expected = eidrCheck(digits.uppercased())
      guard groups[5].uppercased() == expected else {
        throw JSONFieldReader.issue(
          path, "has the check character '\(groups[5])' where '\(expected)' is due")
      }
    }
    return [UInt8(prefix >> 8), UInt8(prefix & 0xFF)] + suffix
  }
}
