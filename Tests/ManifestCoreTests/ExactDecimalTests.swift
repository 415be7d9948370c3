import ManifestCore
import Testing

@Suite struct ExactDecimalTests {
  @Test(arguments: [
    ("5.005", 5005, 3), ("2", 2, 0), ("-0.25", -25, 2), (".5", 5, 1), ("5.", 5, 0),
    ("+3.10", 31, 1), ("0.000000000000000001", 1, 18), ("10.010", 1001, 2),
    // Trailing fraction zeros are not significant digits: 19 written digits, value 6.
    ("6.000000000000000000", 6, 0), ("6.0060000000000002", 60_060_000_000_000_002, 16),
    // Up to the Int64 significand: what a sum of two 18-digit values writes reads back.
    ("1234567890123456789", 1_234_567_890_123_456_789, 0),
    ("18600000000000018.02", 1_860_000_000_000_001_802, 2),
    ("9223372036854775807", .max, 0), ("-9223372036854775808", .min, 0),
  ])
  func parsesExactly(text: String, significand: Int64, scale: Int) throws {
    let value = try #require(ExactDecimal(text))
    #expect(value.significand == significand)
    #expect(value.scale == scale)
  }

  @Test(arguments: [
    "", "-", ".", "1.2.3", "1e5", " 1", "PT30S", "9223372036854775808", "-9223372036854775809",
    "12345678901234567890", "0x10", "0.1234567890123456789",
  ])
  func rejectsNonDecimals(text: String) {
    #expect(ExactDecimal(text) == nil)
  }

  @Test func sumsWithoutFloatingPointDrift() throws {
    var total = ExactDecimal.zero
    let step = try #require(ExactDecimal("5.005"))
    for _ in 0..<1000 { total += step }
    #expect(total.description == "5005")
    #expect(total == ExactDecimal(5005))
    let tenth = try #require(ExactDecimal("0.1"))
    #expect((tenth + tenth + tenth).description == "0.3")
  }

  @Test func comparesAndHashesByValueNotSpelling() throws {
    let a = try #require(ExactDecimal("2.000"))
    let b = try #require(ExactDecimal("2"))
    #expect(a == b)
    #expect(Set([a, b]).count == 1)
    #expect(try #require(ExactDecimal("1.9")) < b)
  }

  @Test func formatsShortestAndFixed() throws {
    let value = try #require(ExactDecimal("30.500"))
    #expect(value.description == "30.5")
    #expect(value.formatted(fractionDigits: 3) == "30.500")
    #expect(try #require(ExactDecimal("2.0005")).formatted(fractionDigits: 3) == "2.001")
    #expect(try #require(ExactDecimal("-0.05")).description == "-0.05")
  }

  @Test func roundsHalfAwayFromZeroForTargetDurationChecks() throws {
    #expect(try #require(ExactDecimal("6.5")).roundedToInteger == 7)
    #expect(try #require(ExactDecimal("6.499")).roundedToInteger == 6)
    #expect(try #require(ExactDecimal("-2.5")).roundedToInteger == -3)
  }

  @Test func ratioOfClockTicks() {
    #expect(ExactDecimal.ratio(2_700_000, 90_000).description == "30")
    #expect(ExactDecimal.ratio(450_450, 90_000).description == "5.005")
    #expect(ExactDecimal.ratio(1, 90_000).description == "0.000011111")
    #expect(ExactDecimal.ratio(-1, 3).description == "-0.333333333")
  }
}

/// Found by fuzzing (tools/fuzz): aligning scales wrapped, so large values compared wrongly.
@Suite struct ExactDecimalLargeValueTests {
  @Test func comparisonAcrossScalesIsExactForLargeSignificands() throws {
    let large = try #require(ExactDecimal("999999999999999999"))
    let half = try #require(ExactDecimal("0.5"))
    #expect(half < large)
    #expect(!(large < half))
    #expect(large != half)
    let negative = try #require(ExactDecimal("-999999999999999999"))
    #expect(negative < half)
    let wide = try #require(ExactDecimal("10000000000000000.0"))
    #expect(wide == ExactDecimal(10_000_000_000_000_000))
    #expect(wide < ExactDecimal(10_000_000_000_000_001))
  }

  @Test func negationAndRatioDoNotTrapAtTheEdges() {
    let minimum = ExactDecimal(significand: .min, scale: 0)
    #expect((-minimum).significand == .min)
    #expect(ExactDecimal.ratio(.max, .max - 1).description == "1")
    #expect(ExactDecimal.ratio(-7, 2).description == "-3.5")
    #expect(ExactDecimal.ratio(2, 3).description == "0.666666667")
    #expect(ExactDecimal.ratio(-2, 3).description == "-0.666666667")
  }
}
