import ManifestCore
import Testing

@testable import VAST

/// The time forms of VAST `Duration` and progress `offset`, and of VMAP `timeOffset`.
@Suite struct VASTClockTests {
  @Test(arguments: [
    ("00:00:15", "15"), ("00:00:15.000", "15"), ("00:00:06.006", "6.006"),
    (" 00:01:30.5 \n", "90.5"), ("01:00:00", "3600"), ("0:00:30", "30"), ("123:00:00", "442800"),
    ("00:00:00.123456789", "0.123456789"),
  ])
  func readsClockTimes(text: String, seconds: String) {
    #expect(VASTClock.seconds(text) == ExactDecimal(seconds))
  }

  @Test(arguments: [
    "", "30", "30s", "00:30", "00:00:60", "00:60:00", "00:0:30", "00:00:3", "00:00:30.",
    "00:00:30,5", "-0:00:30", "00:00:30.5.5", "1234567:00:00", "00:00:+1", "aa:bb:cc",
  ])
  func refusesOtherTimes(text: String) {
    #expect(VASTClock.seconds(text) == nil)
  }

  @Test func readsPercentages() {
    #expect(VASTClock.percent("25%") == ExactDecimal(25))
    #expect(VASTClock.percent("12.5%") == ExactDecimal("12.5"))
    #expect(VASTClock.percent("0%") == ExactDecimal.zero)
    #expect(VASTClock.percent("100%") == ExactDecimal(100))
    #expect(VASTClock.percent("100.1%") == nil)
    #expect(VASTClock.percent("-5%") == nil)
    #expect(VASTClock.percent("%") == nil)
    #expect(VASTClock.percent("25") == nil)
  }

  /// A percentage of a duration is exact: 20% of 15 s is 3 s, 10% of 30.03 s is 3.003 s.
  @Test func percentOfDurationIsExact() {
    #expect(VASTClock.fraction(ExactDecimal(20), of: ExactDecimal(15)) == ExactDecimal(3))
    #expect(
      VASTClock.fraction(ExactDecimal(10), of: ExactDecimal("30.03") ?? .zero)
        == ExactDecimal("3.003"))
    #expect(
      VASTClock.fraction(
        ExactDecimal(significand: 1, scale: 17), of: ExactDecimal(significand: 1, scale: 1))
        == nil)
  }

  @Test(arguments: [
    ("start", VMAPTimeOffset.start), ("end", .end), (" 00:10:00.000 ", .time(ExactDecimal(600))),
    ("50%", .percent(ExactDecimal(50))), ("#1", .position(1)), ("#12", .position(12)),
  ])
  func readsVMAPTimeOffsets(text: String, offset: VMAPTimeOffset) {
    #expect(VMAPTimeOffset(text) == offset)
  }

  @Test(arguments: ["", "Start", "#0", "#", "#-1", "#1.5", "600", "10:00", "150%", "middle"])
  func refusesOtherVMAPTimeOffsets(text: String) {
    #expect(VMAPTimeOffset(text) == nil)
  }

  @Test func timeOffsetsDescribeThemselves() {
    #expect(
      [
        VMAPTimeOffset.start, .end, .time(ExactDecimal("600.5") ?? .zero),
        .percent(ExactDecimal(25)), .position(2),
      ]
      .map(\.description) == ["start", "end", "600.5", "25%", "#2"])
  }
}
