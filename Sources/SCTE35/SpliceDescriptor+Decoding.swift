extension BitReader {
  /// One splice_descriptor() (SCTE 35 §10.2) starting at the reader's position, within the
  /// descriptor loop. Unknown tags and private identifiers become `.unknown` with a warning.
  /// With `upToEnd`, a descriptor_length past what is left is read as what is left.
  mutating func spliceDescriptor(warnings: inout [SCTE35Issue], upToEnd: Bool = false)
    throws(DecodeFailure) -> SpliceDescriptor
  {
    let start = byteOffset
    let tag = try uint8("splice_descriptor_tag")
    let lengthOffset = byteOffset
    var length = Int(try uint8("descriptor_length"))
    if length > bytesLeft && upToEnd { length = bytesLeft }
    guard length <= bytesLeft else { throw overflow("descriptor_length", at: lengthOffset, length) }
    let end = byteOffset + length
    let saved = narrow(to: length, scope: .descriptor(tag: tag, length: length))
    defer {
      restore(saved)
      seek(toByte: end)
    }
    let identifier: UInt32? = try length >= 4 ? uint32("identifier") : nil
    guard identifier == SpliceDescriptor.cueIdentifier, tag <= 4 else {
      seek(toByte: start + 2)
      let bytes = try byteArray(length, "descriptor")
      warnings.append(Self.unknownDescriptorWarning(tag, identifier, start))
      return .unknown(UnknownDescriptor(tag: tag, bytes: bytes))
    }
    let descriptor: SpliceDescriptor
    switch tag {
    case 0x00:
      descriptor = .avail(AvailDescriptor(providerAvailId: try uint32("provider_avail_id")))
    case 0x01: descriptor = .dtmf(try dtmfDescriptor())
    case 0x02: descriptor = .segmentation(try segmentationDescriptor(warnings: &warnings))
    case 0x03:
      let seconds = try bits(48, "TAI_seconds")
      let nanoseconds = try uint32("TAI_ns")
      descriptor = .time(
        TimeDescriptor(taiSeconds: seconds, taiNs: nanoseconds, utcOffset: try uint16("UTC_offset"))
      )
    default: descriptor = .audio(try audioDescriptor())
    }
    if bytesLeft > 0 {
      warnings.append(
        .warning(
          "unused-bytes", "descriptor_length", start + 1,
          "\(length) bytes declared but \(Self.descriptorName(tag))() uses \(length - bytesLeft); "
            + "\(bytesLeft) byte\(bytesLeft == 1 ? "" : "s") ignored"))
    }
    return descriptor
  }

  static func descriptorName(_ tag: UInt8) -> String {
    switch tag {
    case 0x00: "avail_descriptor"
    case 0x01: "DTMF_descriptor"
    case 0x02: "segmentation_descriptor"
    case 0x03: "time_descriptor"
    case 0x04: "audio_descriptor"
    default: "splice_descriptor"
    }
  }

  static func unknownDescriptorWarning(_ tag: UInt8, _ identifier: UInt32?, _ offset: Int)
    -> SCTE35Issue
  {
    guard let identifier, identifier == SpliceDescriptor.cueIdentifier else {
      let name = identifier.map { "'\(FourCC.display($0))'" } ?? "none"
      return .warning(
        "private-descriptor", "identifier", offset + 2,
        "descriptor tag \(tag) has identifier \(name), not 'CUEI'; kept as private bytes")
    }
    return .warning(
      "unknown-descriptor", "splice_descriptor_tag", offset,
      "tag \(tag) is reserved; the descriptor is kept as bytes")
  }

  /// DTMF_descriptor() (SCTE 35 §10.3.2) after the identifier.
  mutating func dtmfDescriptor() throws(DecodeFailure) -> DTMFDescriptor {
    let preroll = try uint8("preroll")
    let count = Int(try bits(3, "dtmf_count"))
    let reserved = try bits(5, "reserved")
    let chars = try byteArray(count, "DTMF_char")
    return DTMFDescriptor(
      preroll: preroll, dtmfChars: chars, reservedBits: Self.unusual(reserved, 5).map(UInt8.init))
  }

  /// audio_descriptor() (SCTE 35 §10.3.5) after the identifier.
  mutating func audioDescriptor() throws(DecodeFailure) -> AudioDescriptor {
    let count = Int(try bits(4, "audio_count"))
    let reserved = try bits(4, "reserved")
    var components: [AudioComponent] = []
    for _ in 0..<count {
      let tag = try uint8("component_tag")
      let iso = UInt32(try bits(24, "ISO_code"))
      let mode = UInt8(try bits(3, "Bit_Stream_Mode"))
      let channels = UInt8(try bits(4, "Num_Channels"))
      let full = try flag("Full_Srvc_Audio")
      components.append(
        AudioComponent(
          componentTag: tag, isoCode: iso, bitStreamMode: mode, numChannels: channels,
          fullSrvcAudio: full))
    }
    return AudioDescriptor(
      components: components, reservedBits: Self.unusual(reserved, 4).map(UInt8.init))
  }

  /// segmentation_descriptor() (SCTE 35 §10.3.3) after the identifier. Fields are read into
  /// locals and the value built once.
  mutating func segmentationDescriptor(warnings: inout [SCTE35Issue]) throws(DecodeFailure)
    -> SegmentationDescriptor
  {
    let eventId = try uint32("segmentation_event_id")
    let head = try bits(8, "segmentation_event_cancel_indicator")
    let cancel = head & 0x80 != 0
    let compliance = head & 0x40 != 0
    let reserved1 = head & 0x3F
    guard !cancel else {
      return SegmentationDescriptor(
        segmentationEventId: eventId, segmentationEventCancelIndicator: true,
        segmentationEventIdComplianceIndicator: compliance,
        reservedBits: Self.unusual(reserved1 << 5 | 0x1F, 11).map(UInt16.init))
    }
    let flags = try bits(8, "program_segmentation_flag")
    let programSegmentation = flags & 0x80 != 0
    let durationFlag = flags & 0x40 != 0
    var restrictions: DeliveryRestrictions? = nil
    var reserved2: UInt64 = 0x1F
    if flags & 0x20 != 0 {
      reserved2 = flags & 0x1F
    } else {
      restrictions = DeliveryRestrictions(
        webDeliveryAllowedFlag: flags & 0x10 != 0, noRegionalBlackoutFlag: flags & 0x08 != 0,
        archiveAllowedFlag: flags & 0x04 != 0, deviceRestrictions: UInt8(flags & 3))
    }
    var components: [SegmentationComponent]? = nil
    if !programSegmentation {
      let count = Int(try uint8("component_count"))
      var list: [SegmentationComponent] = []
      list.reserveCapacity(count)
      for _ in 0..<count {
        let tag = try uint8("component_tag")
        let reserved = try bits(7, "reserved")
        list.append(
          SegmentationComponent(
            componentTag: tag, ptsOffset: try bits(33, "pts_offset"),
            reservedBits: Self.unusual(reserved, 7).map(UInt8.init)))
      }
      components = list
    }
    let duration = try durationFlag ? bits(40, "segmentation_duration") : nil
    let upid = try segmentationUpid(warnings: &warnings)
    let typeOffset = byteOffset
    let typeId = try uint8("segmentation_type_id")
    if !SegmentationType.isKnown(typeId) {
      warnings.append(
        .warning(
          "reserved-value", "segmentation_type_id", typeOffset,
          "0x\(Self.hex2(typeId)) is not in Table 23"))
    }
    let segmentNum = try uint8("segment_num")
    let segmentsExpected = try uint8("segments_expected")
    var subSegmentNum: UInt8? = nil
    var subSegmentsExpected: UInt8? = nil
    if SegmentationType.hasSubSegments(typeId), bytesLeft >= 2 {
      subSegmentNum = try uint8("sub_segment_num")
      subSegmentsExpected = try uint8("sub_segments_expected")
    }
    return SegmentationDescriptor(
      segmentationEventId: eventId, segmentationEventCancelIndicator: false,
      segmentationEventIdComplianceIndicator: compliance, deliveryRestrictions: restrictions,
      components: components, segmentationDuration: duration, segmentationUpid: upid,
      segmentationTypeId: typeId, segmentNum: segmentNum, segmentsExpected: segmentsExpected,
      subSegmentNum: subSegmentNum, subSegmentsExpected: subSegmentsExpected,
      reservedBits: Self.unusual(reserved1 << 5 | reserved2, 11).map(UInt16.init))
  }

  /// `segmentation_upid_type`, `segmentation_upid_length` and `segmentation_upid()`, with
  /// warnings for lengths Table 21 does not allow and MIDs that do not parse.
  mutating func segmentationUpid(warnings: inout [SCTE35Issue]) throws(DecodeFailure)
    -> SegmentationUPID
  {
    let type = try uint8("segmentation_upid_type")
    let lengthOffset = byteOffset
    let length = Int(try uint8("segmentation_upid_length"))
    guard length <= bytesLeft else {
      throw overflow("segmentation_upid_length", at: lengthOffset, length)
    }
    let upid = SegmentationUPID(type: type, bytes: try byteArray(length, "segmentation_upid"))
    Self.checkUPID(upid, lengthOffset: lengthOffset, warnings: &warnings)
    return upid
  }

  /// Warnings for a UPID whose length Table 21 does not allow, or a MID that does not parse.
  static func checkUPID(
    _ upid: SegmentationUPID, lengthOffset: Int, warnings: inout [SCTE35Issue]
  ) {
    if let required = SegmentationUPID.requiredLength(upid.type), required != upid.bytes.count {
      warnings.append(
        .warning(
          "upid-length", "segmentation_upid_length", lengthOffset,
          "\(upid.bytes.count) bytes for \(upid.typeName) (0x\(hex2(upid.type))), "
            + "which has \(required)"))
    }
    guard upid.type == 0x0D else { return }
    guard let nested = upid.mid else {
      warnings.append(
        .warning(
          "bad-mid", "segmentation_upid", lengthOffset + 1,
          "the MID() entries do not add up to segmentation_upid_length \(upid.bytes.count)"))
      return
    }
    var offset = lengthOffset + 1
    for inner in nested {
      checkUPID(inner, lengthOffset: offset + 1, warnings: &warnings)
      offset += 2 + inner.bytes.count
    }
  }

  /// Two upper-case hex digits.
  static func hex2(_ value: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
  }
}
