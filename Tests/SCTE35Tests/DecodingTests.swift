import ManifestCore
import SCTE35
import Testing

/// Field-by-field decoding of real and assembled payloads; the values of the public samples are
/// the ones threefive 3.1.5 reports (tools/scte35/compare_threefive.py).
@Suite struct DecodingTests {
  private func decode(_ payload: String) throws -> SpliceInfoSection {
    let result = SpliceInfoSection.decode(payload)
    #expect(result.error == nil)
    #expect(result.crcValid)
    return try #require(result.section)
  }

  @Test func timeSignalPlacementOpportunityStart() throws {
    let section = try decode(SamplePayloads.placementStart)
    #expect(section.tableId == 0xFC)
    #expect(section.sapType == 3)
    #expect(section.protocolVersion == 0)
    #expect(section.ptsAdjustment == 0)
    #expect(section.cwIndex == 0xFF)
    #expect(section.tier == 0xFFF)
    #expect(
      section.command == .timeSignal(TimeSignal(spliceTime: SpliceTime(ptsTime: 1_924_989_008))))
    #expect(section.descriptors.count == 1)
    let d = try #require(section.descriptors.first?.segmentation)
    #expect(d.segmentationEventId == 0x4800_008E)
    #expect(!d.segmentationEventCancelIndicator)
    #expect(d.segmentationEventIdComplianceIndicator)
    #expect(d.programSegmentationFlag)
    #expect(
      d.deliveryRestrictions
        == DeliveryRestrictions(
          webDeliveryAllowedFlag: false, noRegionalBlackoutFlag: true, archiveAllowedFlag: true,
          deviceRestrictions: 3))
    #expect(d.segmentationDuration == 27_630_000)
    #expect(d.segmentationDurationSeconds == ExactDecimal(307))
    #expect(
      d.segmentationUpid
        == SegmentationUPID(type: 0x08, bytes: [0, 0, 0, 0, 0x2C, 0xA0, 0xA1, 0x8A]))
    #expect(d.segmentationUpid.airingId == 0x2CA0_A18A)
    #expect(d.segmentationUpid.typeName == "TI")
    #expect(d.segmentationTypeId == 0x34)
    #expect(d.segmentationMessage == "Provider Placement Opportunity Start")
    #expect(d.segmentNum == 2)
    #expect(d.segmentsExpected == 0)
    #expect(d.subSegmentNum == nil)
    #expect(d.subSegmentsExpected == nil)
  }

  @Test func spliceInsertOutWithAvailDescriptor() throws {
    let section = try decode(SamplePayloads.spliceInsertOut)
    let insert = try #require(section.spliceInsert)
    #expect(
      insert
        == SpliceInsert(
          spliceEventId: 0x4800_008F, outOfNetworkIndicator: true,
          spliceTime: SpliceTime(ptsTime: 1_936_310_318),
          breakDuration: BreakDuration(autoReturn: true, duration: 5_426_421)))
    #expect(insert.breakDuration?.seconds == ExactDecimal("60.293566667"))
    #expect(section.descriptors == [.avail(AvailDescriptor(providerAvailId: 309))])
  }

  @Test func programEndThenProgramStart() throws {
    let section = try decode(SamplePayloads.programEndStart)
    #expect(section.ptsTime == 2_051_901_622)
    let d = section.segmentationDescriptors
    #expect(d.map(\.segmentationTypeId) == [0x11, 0x10])
    #expect(d.map(\.segmentationEventId) == [0x4800_0018, 0x4800_0019])
    #expect(d.map(\.segmentationUpid.airingId) == [0x2CCB_C344, 0x2CA4_DBA0])
    #expect(d.map(\.segmentationMessage) == ["Program End", "Program Start"])
  }

  @Test func threeDescriptorsInOrder() throws {
    let section = try decode(SamplePayloads.threeDescriptors)
    #expect(section.segmentationDescriptors.map(\.segmentationTypeId) == [0x35, 0x11, 0x10])
    #expect(
      try decode(SamplePayloads.blackoutOverride).segmentationDescriptors.map(\.segmentationTypeId)
        == [0x18, 0x11])
    #expect(
      try decode(SamplePayloads.programOverlapStart).segmentationDescriptors.first?
        .segmentationMessage == "Program Overlap Start")
  }

  @Test func mpuUPID() throws {
    let d = try #require(try decode(SamplePayloads.mpuBreakStart).segmentationDescriptors.first)
    #expect(d.segmentationEventId == 56561)
    #expect(d.segmentationTypeId == 0x22)
    let mpu = try #require(d.segmentationUpid.mpu)
    #expect(mpu.formatIdentifier == 0x4F56_4C59)  // "OVLY"
    #expect(mpu.privateData == [0x49])
    #expect(d.segmentationUpid.displayValue == "OVLY 0x49")
  }

  @Test func spliceInsertInWithoutDuration() throws {
    let section = try decode(SamplePayloads.spliceInsertIn)
    #expect(
      section.spliceInsert
        == SpliceInsert(
          spliceEventId: 1, spliceTime: SpliceTime(ptsTime: 5_400_000), uniqueProgramId: 1))
    #expect(section.descriptors.isEmpty)
  }

  @Test func immediateSpliceWithPTSAdjustment() throws {
    let section = try decode(SamplePayloads.immediateIn)
    #expect(section.ptsAdjustment == 207_000)
    let insert = try #require(section.spliceInsert)
    #expect(insert.spliceImmediateFlag)
    #expect(insert.spliceTime == nil)
    #expect(insert.uniqueProgramId == 39321)
    #expect(insert.availNum == 1 && insert.availsExpected == 1)
    let d = try #require(section.segmentationDescriptors.first)
    #expect(d.segmentationUpid == SegmentationUPID(type: 1, bytes: []))
    #expect(d.deliveryRestrictions?.deviceRestrictionsName == "Restrict Group 0")
    #expect(section.ptsTime == nil)
  }

  @Test func midWithNestedUPIDsAndSubSegments() throws {
    let d = try #require(try decode(SamplePayloads.mid).segmentationDescriptors.first)
    #expect(d.segmentationTypeId == 0x30)
    #expect(d.segmentNum == 1 && d.segmentsExpected == 2)
    #expect(d.subSegmentNum == 1 && d.subSegmentsExpected == 3)
    let nested = try #require(d.segmentationUpid.mid)
    #expect(nested.map(\.type) == [0x03, 0x0F, 0x08])
    #expect(nested.map(\.typeName) == ["Ad-ID", "URI", "TI"])
    #expect(nested[0].text == "ABCD0123456H")
    #expect(nested[1].text == "urn:ad:123")
    #expect(nested[2].airingId == 0x2CA0_A18A)
    #expect(
      d.segmentationUpid.displayValue
        == "Ad-ID: ABCD0123456H; URI: urn:ad:123; TI: 0x000000002ca0a18a")
  }

  @Test func legacySpliceCommandLength() throws {
    let section = try decode(SamplePayloads.legacyLength)
    #expect(section.legacySpliceCommandLength)
    #expect(
      section.spliceInsert
        == SpliceInsert(
          spliceEventId: 77, outOfNetworkIndicator: true, spliceTime: SpliceTime(ptsTime: 900_000),
          breakDuration: BreakDuration(autoReturn: true, duration: 1_800_000), uniqueProgramId: 5,
          availNum: 1, availsExpected: 2))
  }

  @Test func encryptedSectionIsReported() throws {
    let result = SpliceInfoSection.decode(SamplePayloads.encrypted)
    let section = try #require(result.section)
    #expect(result.error == nil)
    #expect(section.encryptedPacket)
    #expect(section.encryptionAlgorithm == 1)
    #expect(section.cwIndex == 5)
    #expect(
      section.encrypted
        == EncryptedPart(
          spliceCommandLength: 5,
          bytes: [
            0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0x00, 0x11, 0x22, 0x33, 0x44, 0x55,
            0x66, 0x77,
          ]))
    #expect(section.command == .spliceNull)
    #expect(
      result.warnings.map(\.message) == [
        "encrypted_packet at byte 4: the section is encrypted (encryption_algorithm 1, "
          + "DES – ECB mode, cw_index 5); the command and descriptors cannot be decoded"
      ])
  }

  @Test func spliceSchedule() throws {
    guard case .spliceSchedule(let schedule) = try decode(SamplePayloads.schedule).command else {
      Issue.record("not a splice_schedule")
      return
    }
    #expect(
      schedule.events == [
        SpliceScheduleEvent(
          spliceEventId: 501, outOfNetworkIndicator: true, utcSpliceTime: 1_300_000_000,
          breakDuration: BreakDuration(autoReturn: true, duration: 5_400_000), uniqueProgramId: 9,
          availNum: 1, availsExpected: 1),
        SpliceScheduleEvent(
          spliceEventId: 502, spliceEventCancelIndicator: true, utcSpliceTime: nil),
        SpliceScheduleEvent(
          spliceEventId: 503, utcSpliceTime: nil,
          components: [
            SpliceScheduleComponent(componentTag: 1, utcSpliceTime: 1_300_000_100),
            SpliceScheduleComponent(componentTag: 2, utcSpliceTime: 1_300_000_200),
          ], uniqueProgramId: 10),
      ])
  }

  @Test func dtmfTimeAndAudioDescriptors() throws {
    let section = try decode(SamplePayloads.descriptors)
    #expect(section.command == .spliceNull)
    #expect(
      section.descriptors == [
        .dtmf(DTMFDescriptor(preroll: 50, dtmfChars: Array("12#".utf8))),
        .time(TimeDescriptor(taiSeconds: 1_700_000_000, taiNs: 500_000_000, utcOffset: 37)),
        .audio(
          AudioDescriptor(components: [
            AudioComponent(
              componentTag: 1, isoCode: 0x656E67, bitStreamMode: 0, numChannels: 2,
              fullSrvcAudio: true),
            AudioComponent(
              componentTag: 2, isoCode: 0x737061, bitStreamMode: 7, numChannels: 6,
              fullSrvcAudio: false),
          ])),
      ])
    if case .audio(let audio) = section.descriptors[2] {
      #expect(audio.components.map(\.language) == ["eng", "spa"])
    }
  }

  @Test func componentModes() throws {
    let section = try decode(SamplePayloads.components)
    #expect(
      section.spliceInsert?.components == [
        SpliceInsertComponent(componentTag: 0x21, spliceTime: SpliceTime(ptsTime: 1000)),
        SpliceInsertComponent(componentTag: 0x22, spliceTime: SpliceTime(ptsTime: 2000)),
      ])
    #expect(section.spliceInsert?.breakDuration?.duration == 900_000)
    let d = try #require(section.segmentationDescriptors.first)
    #expect(
      d.components == [
        SegmentationComponent(componentTag: 0x21, ptsOffset: 0),
        SegmentationComponent(componentTag: 0x22, ptsOffset: 90),
      ])
    #expect(
      d.deliveryRestrictions
        == DeliveryRestrictions(
          webDeliveryAllowedFlag: true, noRegionalBlackoutFlag: false, archiveAllowedFlag: true,
          deviceRestrictions: 2))
    #expect(d.segmentationUpid.text == "SIGNAL:abc")
    #expect(d.segmentationUpid.typeName == "ADI")
    #expect(d.segmentationTypeId == 0x36)
    #expect(d.subSegmentNum == 0 && d.subSegmentsExpected == 0)
  }

  @Test func privateCommandAndPrivateDescriptor() throws {
    let result = SpliceInfoSection.decode(SamplePayloads.privateCommand)
    let section = try #require(result.section)
    #expect(
      section.command
        == .privateCommand(
          PrivateCommand(identifier: 0x4142_4344, privateBytes: [0xDE, 0xAD, 0xBE, 0xEF])))
    #expect(
      section.descriptors == [
        .unknown(UnknownDescriptor(tag: 0x10, bytes: Array("WXYZ".utf8) + [0x01, 0x02]))
      ])
    #expect(section.descriptors.first?.identifier == 0x5758_595A)
    #expect(
      result.warnings.map(\.message) == [
        "identifier at byte 26: descriptor tag 16 has identifier 'WXYZ', not 'CUEI'; kept as "
          + "private bytes"
      ])
  }

  @Test func cancelledEvents() throws {
    let section = try decode(SamplePayloads.cancel)
    #expect(
      section.spliceInsert == SpliceInsert(spliceEventId: 1234, spliceEventCancelIndicator: true))
    #expect(
      section.segmentationDescriptors == [
        SegmentationDescriptor(segmentationEventId: 4321, segmentationEventCancelIndicator: true)
      ])
    #expect(section.isCancel)
    #expect(!section.isAdBreakOut && !section.isAdBreakIn)
  }

  @Test func upidViews() throws {
    let eidr = try #require(try decode(SamplePayloads.eidr).segmentationDescriptors.first)
    #expect(eidr.segmentationUpid.eidr == "10.5240/7791-8534-2C23-9030-8610-5")
    let uuid = try #require(try decode(SamplePayloads.uuid).segmentationDescriptors.first)
    #expect(uuid.segmentationUpid.uuid == "aa85bbb6-5c43-4b6a-bebb-ee3b13eb7999")
    let atsc = try #require(try decode(SamplePayloads.atsc).segmentationDescriptors.first)
    #expect(
      atsc.segmentationUpid.atsc
        == ATSCContentIdentifier(
          tsid: 241, reserved: 3, endOfDay: 23, uniqueFor: 511, contentId: Array("human012".utf8)))
    let mpu = try #require(try decode(SamplePayloads.mpu).segmentationDescriptors.first)
    #expect(mpu.segmentationUpid.mpu?.formatIdentifier == 0x5254_4C4E)
    #expect(mpu.segmentationUpid.mpu?.privateData == [0x31, 0x48])
    #expect(mpu.segmentationDurationSeconds == ExactDecimal(60))
    let ads = try #require(try decode(SamplePayloads.ads).segmentationDescriptors.first)
    #expect(ads.segmentationUpid.text == "ad=1&b=<2>")
    #expect(ads.segmentationMessage == "Call Ad Server")
  }

  @Test func alignmentStuffingIsKept() throws {
    #expect(try decode(SamplePayloads.stuffing).alignmentStuffing == [0xFF, 0xFF])
  }

  @Test func hexAndBase64FormsDecodeAlike() throws {
    let fromBase64 = try decode(SamplePayloads.workloadInsert)
    let hex =
      "0xFC302500000000000000FFF01405000003E97FEFFE002B1520FE002932E003E9000000" + "00F68642BA"
    #expect(try decode(hex) == fromBase64)
    #expect(try decode(String(hex.dropFirst(2)).lowercased()) == fromBase64)
    #expect(
      try decode(
        " 0Xfc3025 00000000000000 fff01405000003e97feffe002b1520fe002932e003e9000000"
          + "00f68642ba\n") == fromBase64)
    let urlSafe = String(
      SamplePayloads.workloadSignal.map { $0 == "/" ? "_" : $0 == "+" ? "-" : $0 })
    #expect(try decode(urlSafe) == (try decode(SamplePayloads.workloadSignal)))
    #expect(try decode(String(SamplePayloads.workloadInsert.dropLast(2))) == fromBase64)
    #expect(try SpliceInfoSection(SamplePayloads.workloadInsert) == fromBase64)
  }

  @Test func payloadEncodingIsRecognised() {
    func encoding(_ text: String) -> SCTE35Payload.Encoding? {
      let bytes = Array(text.utf8)
      return SCTE35Payload.encoding(of: bytes, 0..<bytes.count)
    }
    #expect(encoding("0xFC30") == .hex)
    #expect(encoding(" fc30 ") == .hex)
    #expect(encoding("/DA5") == .base64)
    #expect(encoding("fcg0") == .base64)
    #expect(encoding("  ") == nil)
  }
}
