import ManifestCore
import SCTE35
import Testing

/// The helpers the ad-break layer reads: OUT/IN, ids, durations, adjusted splice times.
@Suite struct SignalTests {
  private func section(_ payload: String) throws -> SpliceInfoSection {
    try SpliceInfoSection(payload)
  }

  @Test func spliceInsertOutAndIn() throws {
    let out = try section(SamplePayloads.workloadInsert)
    #expect(out.isAdBreakOut && !out.isAdBreakIn && !out.isCancel)
    #expect(out.spliceEventId == 1001)
    #expect(out.breakDuration == ExactDecimal(30))
    #expect(out.duration == ExactDecimal(30))
    #expect(out.ptsTime == 2_823_456)
    #expect(out.ptsTimeSeconds == ExactDecimal("31.371733333"))
    let back = try section(SamplePayloads.workloadIn)
    #expect(back.isAdBreakIn && !back.isAdBreakOut)
    #expect(back.spliceEventId == 1003)
    #expect(back.breakDuration == nil)
    #expect(back.duration == nil)
  }

  @Test func timeSignalStartAndEndTypes() throws {
    let start = try section(SamplePayloads.placementStart)
    #expect(start.isAdBreakOut && !start.isAdBreakIn)
    #expect(start.spliceEventId == nil)
    #expect(start.segmentationEventId == 0x4800_008E)
    #expect(start.segmentationDuration == ExactDecimal(307))
    #expect(start.duration == ExactDecimal(307))
    #expect(start.adBreakStartDescriptor?.segmentationTypeId == 0x34)
    #expect(start.adBreakDuration == ExactDecimal(307))
    let end = try section(SamplePayloads.placementEnd)
    #expect(end.isAdBreakIn && !end.isAdBreakOut)
    #expect(end.adBreakEndDescriptor?.segmentationTypeId == 0x35)
    #expect(end.segmentationEventId == 0x4800_008E)
    // Program End then Program Start: a segment ends and one starts, but no ad break.
    let both = try section(SamplePayloads.programEndStart)
    #expect(both.endDescriptor?.segmentationTypeId == 0x11)
    #expect(both.startDescriptor?.segmentationTypeId == 0x10)
    #expect(!both.isAdBreakIn && !both.isAdBreakOut)
    #expect(both.segmentationEventId == 0x4800_0019)
    // Program Overlap Start (0x17) is neither.
    let overlap = try section(SamplePayloads.programOverlapStart)
    #expect(overlap.startDescriptor == nil && overlap.endDescriptor == nil)
    #expect(!overlap.isAdBreakIn && !overlap.isAdBreakOut)
    #expect(overlap.segmentationEventId == 0x4800_0008)
  }

  @Test func startTypesAndTheirEnds() {
    let all = (0...255).map(UInt8.init)
    let starts: [UInt8] = [
      0x10, 0x20, 0x22, 0x24, 0x26, 0x30, 0x32, 0x34, 0x36, 0x38, 0x3A, 0x3C, 0x3E, 0x40, 0x42,
      0x44, 0x46, 0x50,
    ]
    #expect(all.filter(SegmentationType.isStart) == starts)
    #expect(all.filter(SegmentationType.isEnd) == starts.map { $0 + 1 })
    #expect(SegmentationType.startTypes == Set(starts))
    #expect(!SegmentationType.isStart(0x17) && !SegmentationType.isEnd(0x18))
    // Every start type is a "… Start" of Table 23 and its end type the matching "… End".
    for start in starts {
      #expect(SegmentationType.message(start).hasSuffix(" Start"))
      #expect(
        SegmentationType.message(start + 1)
          == SegmentationType.message(start).dropLast(5) + "End")
    }
    #expect(SegmentationType.message(0x24) == "Opening Credit Start")
    #expect(SegmentationType.isKnown(0x27) && !SegmentationType.isKnown(0x28))
    #expect(SegmentationType.message(0x99) == "Reserved")
    #expect(SegmentationType.message(0x46) == "Distributor Ad Block Start")
  }

  @Test func adBreakTypesAreTheAdStartsOfTable23() {
    let all = (0...255).map(UInt8.init)
    let starts: [UInt8] = [0x22, 0x30, 0x32, 0x34, 0x36, 0x38, 0x3A, 0x3C, 0x3E, 0x44, 0x46]
    #expect(all.filter(SegmentationType.isAdBreakStart) == starts)
    #expect(all.filter(SegmentationType.isAdBreakEnd) == starts.map { $0 + 1 })
    #expect(SegmentationType.adBreakStartTypes == Set(starts))
    #expect(SegmentationType.adBreakStartTypes.isSubset(of: SegmentationType.startTypes))
    // Program and chapter boundaries are not ad breaks; overlay placement opportunities are.
    #expect(!SegmentationType.isAdBreakStart(0x10) && !SegmentationType.isAdBreakStart(0x20))
    #expect(!SegmentationType.isAdBreakEnd(0x11) && !SegmentationType.isAdBreakEnd(0x21))
    #expect(SegmentationType.isAdBreakStart(0x38) && SegmentationType.isAdBreakEnd(0x3B))
  }

  @Test func overlayPlacementOpportunityOpensAnAdBreak() {
    func cue(_ type: UInt8, duration: UInt64?) -> SpliceInfoSection {
      SpliceInfoSection(
        command: .timeSignal(TimeSignal(spliceTime: SpliceTime(ptsTime: 900_000))),
        descriptors: [
          .segmentation(
            SegmentationDescriptor(
              segmentationEventId: 77, segmentationDuration: duration, segmentationTypeId: type))
        ])
    }
    let overlay = cue(0x38, duration: 1_350_000)
    #expect(overlay.isAdBreakOut && !overlay.isAdBreakIn)
    #expect(overlay.adBreakDuration == ExactDecimal(15))
    #expect(overlay.segmentationEventId == 77)
    let overlayEnd = cue(0x39, duration: nil)
    #expect(overlayEnd.isAdBreakIn && !overlayEnd.isAdBreakOut)
    // A program start has a duration, but not an ad break's.
    let program = cue(0x10, duration: 2_700_000)
    #expect(!program.isAdBreakOut && program.startDescriptor?.segmentationEventId == 77)
    #expect(program.duration == ExactDecimal(30))
    #expect(program.adBreakDuration == nil)
  }

  @Test func ptsAdjustmentIsAddedModulo2To33() throws {
    let wrapped = try section(SamplePayloads.wrap)
    #expect(wrapped.ptsAdjustment == 180_000)
    guard case .timeSignal(let signal) = wrapped.command else {
      Issue.record("not a time_signal")
      return
    }
    #expect(signal.spliceTime.ptsTime == (1 << 33) - 90_000)
    #expect(wrapped.ptsTime == 90_000)
    #expect(wrapped.ptsTimeSeconds == ExactDecimal(1))
    #expect(signal.spliceTime.adjustedPTSTime(ptsAdjustment: 0) == (1 << 33) - 90_000)
  }

  @Test func immediateAndCancelledSplicesHaveNoTime() throws {
    #expect(try section(SamplePayloads.immediateIn).ptsTime == nil)
    let cancelled = try section(SamplePayloads.cancel)
    #expect(cancelled.ptsTime == nil)
    #expect(cancelled.isCancel)
    #expect(cancelled.spliceEventId == 1234)
    #expect(cancelled.segmentationEventId == 4321)
  }

  @Test func ticksAndSeconds() throws {
    #expect(PTS.seconds(2_700_000) == ExactDecimal(30))
    #expect(PTS.seconds(2_702_700) == ExactDecimal("30.03"))
    #expect(PTS.seconds(1) == ExactDecimal("0.000011111"))
    #expect(PTS.ticks(seconds: try #require(ExactDecimal("30.03"))) == 2_702_700)
    #expect(PTS.ticks(seconds: try #require(ExactDecimal("1.371733333"))) == 123_456)
    #expect(PTS.ticks(seconds: ExactDecimal(-1)) == nil)
  }

  @Test func crcCheckValue() {
    // The catalogued check value of CRC-32/MPEG-2 over "123456789".
    #expect(CRC32MPEG2.checksum(Array("123456789".utf8)) == 0x0376_E6E7)
    // A whole section including its CRC_32 checks to zero.
    #expect(CRC32MPEG2.checksum(TestBytes.of(SamplePayloads.mid)) == 0)
  }
}
