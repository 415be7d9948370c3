import ManifestCore
import SCTE35
import Testing

/// decode → encode is byte for byte; encode → decode gives the model back.
@Suite struct RoundTripTests {
  @Test(arguments: SamplePayloads.all)
  func decodeEncodeIsByteExact(_ payload: String) throws {
    let bytes = TestBytes.of(payload)
    let section = try SpliceInfoSection(bytes: bytes)
    #expect(try section.encoded() == bytes)
    #expect(try section.base64Encoded() == Base64.encode(bytes))
  }

  @Test func hexEncodingIsTheRFC8216Form() throws {
    let section = try SpliceInfoSection(SamplePayloads.workloadInsert)
    #expect(
      try section.hexEncoded()
        == "0xFC302500000000000000FFF01405000003E97FEFFE002B1520FE002932E003E900000000F68642BA")
  }

  @Test func reservedBitsThatAreNotOnesSurvive() throws {
    // Clear the reserved bits of splice_time (byte 20: 0xFE → 0x80) and of break_duration
    // (byte 25) in the workload's splice_insert; both must come back as sent.
    var bytes = TestBytes.of(SamplePayloads.workloadInsert)
    bytes[20] = 0x80
    bytes[25] = 0x80
    bytes = TestBytes.withCRC(bytes)
    let section = try SpliceInfoSection(bytes: bytes)
    #expect(section.spliceInsert?.spliceTime?.reservedBits == 0)
    #expect(section.spliceInsert?.breakDuration?.reservedBits == 0)
    #expect(section.spliceInsert?.spliceTime?.ptsTime == 0x2B_1520)
    #expect(try section.encoded() == bytes)
  }

  @Test func builtSectionsEncodeAsEncodersWriteThem() throws {
    // The workload's splice_insert, built from the model.
    let insert = SpliceInfoSection(
      command: .spliceInsert(
        SpliceInsert(
          spliceEventId: 1001, outOfNetworkIndicator: true,
          spliceTime: SpliceTime(ptsTime: 2_823_456),
          breakDuration: BreakDuration(autoReturn: true, duration: 2_700_000), uniqueProgramId: 1001
        )))
    #expect(try insert.base64Encoded() == SamplePayloads.workloadInsert)
    // The workload's time_signal.
    let signal = SpliceInfoSection(
      command: .timeSignal(TimeSignal(spliceTime: SpliceTime(ptsTime: 123_456))),
      descriptors: [
        .segmentation(
          SegmentationDescriptor(
            segmentationEventId: 5000, segmentationDuration: 2_700_000,
            segmentationUpid: SegmentationUPID(type: 0x0F, bytes: Array("urn:ad:000000".utf8)),
            segmentationTypeId: 0x34, segmentNum: 1, segmentsExpected: 1))
      ])
    #expect(try signal.base64Encoded() == SamplePayloads.workloadSignal)
  }

  @Test func encodingRefusesValuesThatDoNotFit() {
    var section = SpliceInfoSection(command: .spliceNull)
    section.sapType = 4
    #expect(
      throws: SCTE35Issue(
        .error, code: "out-of-range", field: "sap_type", offset: 1,
        reason: "4 does not fit in 2 bits")
    ) {
      try section.encoded()
    }
    section.sapType = 3
    section.descriptors = [
      .segmentation(
        SegmentationDescriptor(
          segmentationEventId: 1,
          segmentationUpid: SegmentationUPID(type: 0x0F, bytes: Array(repeating: 0x41, count: 256)))
      )
    ]
    #expect(throws: SCTE35Issue.self) { try section.encoded() }
    section.descriptors = []
    section.command = .timeSignal(TimeSignal(spliceTime: SpliceTime(ptsTime: 1 << 33)))
    #expect(
      (try? section.encoded()) == nil)
  }

  @Test func randomSectionsRoundTrip() throws {
    var random = SplitMix64(seed: 0x5C7E_35)
    for _ in 0..<500 {
      let section = RandomSections.section(&random)
      let bytes = try section.encoded()
      let result = SpliceInfoSection.decode(bytes: bytes)
      #expect(result.error == nil)
      #expect(result.crcValid)
      #expect(result.section == section)
      #expect(try result.section?.encoded() == bytes)
    }
  }

  @Test func sectionsAreValues() throws {
    let original = try SpliceInfoSection(SamplePayloads.workloadSignal)
    var copy = original
    copy.tier = 5
    copy.descriptors.removeAll()
    #expect(original.tier == 0xFFF)
    #expect(original.descriptors.count == 1)
    #expect(copy != original)
    #expect(Set([original, original, copy]).count == 2)
  }
}

/// A small deterministic generator (SplitMix64) for property tests.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random but valid sections covering every command, descriptor and UPID shape.
enum RandomSections {
  static func section(_ r: inout SplitMix64) -> SpliceInfoSection {
    let descriptorCount = Int.random(in: 0...3, using: &r)
    return SpliceInfoSection(
      command: command(&r), descriptors: (0..<descriptorCount).map { _ in descriptor(&r) },
      ptsAdjustment: UInt64.random(in: 0...PTS.mask, using: &r),
      tier: UInt16.random(in: 0...0xFFF, using: &r), sapType: UInt8.random(in: 0...3, using: &r),
      cwIndex: UInt8.random(in: 0...255, using: &r))
  }

  static func time(_ r: inout SplitMix64) -> SpliceTime {
    SpliceTime(ptsTime: Bool.random(using: &r) ? UInt64.random(in: 0...PTS.mask, using: &r) : nil)
  }

  static func duration(_ r: inout SplitMix64) -> BreakDuration? {
    Bool.random(using: &r)
      ? BreakDuration(
        autoReturn: Bool.random(using: &r), duration: UInt64.random(in: 0...PTS.mask, using: &r))
      : nil
  }

  static func command(_ r: inout SplitMix64) -> SpliceCommand {
    switch Int.random(in: 0..<6, using: &r) {
    case 0: return .spliceNull
    case 1: return .bandwidthReservation
    case 2: return .timeSignal(TimeSignal(spliceTime: time(&r)))
    case 3:
      return .privateCommand(
        PrivateCommand(
          identifier: UInt32.random(in: 0...UInt32.max, using: &r), privateBytes: bytes(&r, 0...8)))
    case 4:
      let immediate = Bool.random(using: &r)
      let componentMode = Bool.random(using: &r)
      return .spliceInsert(
        SpliceInsert(
          spliceEventId: UInt32.random(in: 0...UInt32.max, using: &r),
          spliceEventCancelIndicator: false, outOfNetworkIndicator: Bool.random(using: &r),
          spliceImmediateFlag: immediate, eventIdComplianceFlag: Bool.random(using: &r),
          spliceTime: componentMode || immediate ? nil : time(&r),
          components: componentMode
            ? (0..<Int.random(in: 0...3, using: &r)).map { i in
              SpliceInsertComponent(componentTag: UInt8(i), spliceTime: immediate ? nil : time(&r))
            } : nil,
          breakDuration: duration(&r), uniqueProgramId: UInt16.random(in: 0...0xFFFF, using: &r),
          availNum: UInt8.random(in: 0...255, using: &r),
          availsExpected: UInt8.random(in: 0...255, using: &r)))
    default:
      let events = (0..<Int.random(in: 0...3, using: &r)).map { i -> SpliceScheduleEvent in
        if Int.random(in: 0..<4, using: &r) == 0 {
          return SpliceScheduleEvent(
            spliceEventId: UInt32(i), spliceEventCancelIndicator: true, utcSpliceTime: nil)
        }
        let componentMode = Bool.random(using: &r)
        return SpliceScheduleEvent(
          spliceEventId: UInt32(i), outOfNetworkIndicator: Bool.random(using: &r),
          utcSpliceTime: componentMode ? nil : UInt32.random(in: 0...UInt32.max, using: &r),
          components: componentMode
            ? [
              SpliceScheduleComponent(
                componentTag: 7, utcSpliceTime: UInt32.random(in: 0...UInt32.max, using: &r))
            ]
            : nil,
          breakDuration: duration(&r), uniqueProgramId: 3, availNum: 1, availsExpected: 2)
      }
      return .spliceSchedule(SpliceSchedule(events: events))
    }
  }

  static func descriptor(_ r: inout SplitMix64) -> SpliceDescriptor {
    switch Int.random(in: 0..<6, using: &r) {
    case 0:
      return .avail(AvailDescriptor(providerAvailId: UInt32.random(in: 0...UInt32.max, using: &r)))
    case 1:
      return .dtmf(
        DTMFDescriptor(
          preroll: 10, dtmfChars: Array("0123456".utf8.prefix(Int.random(in: 0...7, using: &r)))))
    case 2:
      return .time(
        TimeDescriptor(
          taiSeconds: UInt64.random(in: 0...(1 << 48 - 1), using: &r),
          taiNs: UInt32.random(in: 0...999_999_999, using: &r), utcOffset: 37))
    case 3:
      return .audio(
        AudioDescriptor(
          components: (0..<Int.random(in: 0...3, using: &r)).map { i in
            AudioComponent(
              componentTag: UInt8(i), isoCode: 0x656E67, bitStreamMode: UInt8(i), numChannels: 2,
              fullSrvcAudio: i == 0)
          }))
    case 4:
      return .unknown(
        UnknownDescriptor(
          tag: UInt8.random(in: 0x10...0xEF, using: &r),
          bytes: Array("PRIV".utf8) + bytes(&r, 0...6)))
    default: return .segmentation(segmentation(&r))
    }
  }

  static func segmentation(_ r: inout SplitMix64) -> SegmentationDescriptor {
    if Int.random(in: 0..<5, using: &r) == 0 {
      return SegmentationDescriptor(segmentationEventId: 9, segmentationEventCancelIndicator: true)
    }
    let type = [0x10, 0x11, 0x22, 0x23, 0x30, 0x31, 0x34, 0x35, 0x36, 0x37, 0x44, 0x01][
      Int.random(in: 0..<12, using: &r)]
    let subSegments = SegmentationType.hasSubSegments(UInt8(type)) && Bool.random(using: &r)
    return SegmentationDescriptor(
      segmentationEventId: UInt32.random(in: 0...UInt32.max, using: &r),
      segmentationEventIdComplianceIndicator: Bool.random(using: &r),
      deliveryRestrictions: Bool.random(using: &r)
        ? DeliveryRestrictions(
          webDeliveryAllowedFlag: Bool.random(using: &r),
          noRegionalBlackoutFlag: Bool.random(using: &r),
          archiveAllowedFlag: Bool.random(using: &r),
          deviceRestrictions: UInt8.random(in: 0...3, using: &r))
        : nil,
      components: Bool.random(using: &r)
        ? [
          SegmentationComponent(
            componentTag: 1, ptsOffset: UInt64.random(in: 0...PTS.mask, using: &r))
        ] : nil,
      segmentationDuration: Bool.random(using: &r)
        ? UInt64.random(in: 0...(1 << 40 - 1), using: &r) : nil,
      segmentationUpid: upid(&r, nested: true), segmentationTypeId: UInt8(type),
      segmentNum: UInt8.random(in: 0...255, using: &r),
      segmentsExpected: UInt8.random(in: 0...255, using: &r),
      subSegmentNum: subSegments ? 1 : nil, subSegmentsExpected: subSegments ? 2 : nil)
  }

  static func upid(_ r: inout SplitMix64, nested: Bool) -> SegmentationUPID {
    switch Int.random(in: 0..<(nested ? 7 : 6), using: &r) {
    case 0: return SegmentationUPID(type: 0, bytes: [])
    case 1: return SegmentationUPID(type: 0x03, bytes: Array("ABCD0123456H".utf8))
    case 2: return SegmentationUPID(type: 0x0F, bytes: Array("urn:uuid:x".utf8))
    case 3: return SegmentationUPID(type: 0x08, bytes: bytes(&r, 8...8))
    case 4: return SegmentationUPID(type: 0x0C, bytes: Array("ABCD".utf8) + bytes(&r, 0...4))
    case 5: return SegmentationUPID(type: 0x0A, bytes: bytes(&r, 12...12))
    default:
      let inner = (0..<Int.random(in: 1...3, using: &r)).map { _ in upid(&r, nested: false) }
      return SegmentationUPID(
        type: 0x0D, bytes: inner.flatMap { [$0.type, UInt8($0.bytes.count)] + $0.bytes })
    }
  }

  static func bytes(_ r: inout SplitMix64, _ count: ClosedRange<Int>) -> [UInt8] {
    (0..<Int.random(in: count, using: &r)).map { _ in UInt8.random(in: 0...255, using: &r) }
  }
}
