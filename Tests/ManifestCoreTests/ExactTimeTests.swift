import Testing

@testable import ManifestCore

@Suite struct ExactTimeTests {
  @Test func equalityAndHashIgnoreHowTheFractionIsWritten() throws {
    let half = try #require(ExactTime(numerator: 1, denominator: 2))
    #expect(half == ExactTime(milliseconds: 500))
    #expect(Set([half, ExactTime(milliseconds: 500)]).count == 1)
    #expect(try #require(ExactTime(numerator: 3, denominator: -6)) == -half)
    #expect(ExactTime(numerator: 1, denominator: 0) == nil)
  }

  @Test func ntscFrameArithmeticStaysExact() throws {
    // One frame at 30000/1001 fps, added 30000 times, is exactly 1001 seconds.
    let frame = try #require(ExactTime(numerator: 1001, denominator: 30000))
    var total = ExactTime.zero
    for _ in 0..<30000 { total += frame }
    #expect(total == ExactTime(seconds: 1001))
    #expect(frame.milliseconds == 33)
    #expect(frame.decimal == ExactDecimal("0.033366667"))
  }

  @Test func decimalScaleSaysWhetherTheDecimalTerminates() throws {
    #expect(ExactTime(milliseconds: 1500).decimalScale == 1)
    #expect(ExactTime(seconds: 3).decimalScale == 0)
    #expect(try #require(ExactTime(numerator: 1, denominator: 3)).decimalScale == nil)
    #expect(try #require(ExactTime(numerator: 1, denominator: 1 << 10)).decimalScale == nil)
    #expect(try #require(ExactTime(numerator: 7, denominator: 10_000_000)).decimalScale == 7)
  }

  @Test func orderingAcrossDenominators() throws {
    let a = try #require(ExactTime(numerator: 1001, denominator: 1000))
    let b = try #require(ExactTime(numerator: 24024, denominator: 24000))
    let c = try #require(ExactTime(numerator: 1002, denominator: 1000))
    #expect(a == b)
    #expect(b < c)
    #expect(!(c < a))
    #expect((c - a) == ExactTime(milliseconds: 1))
  }

  @Test func roundingHalfAwayFromZero() throws {
    #expect(try #require(ExactTime(numerator: 5, denominator: 10000)).milliseconds == 1)
    #expect(try #require(ExactTime(numerator: -5, denominator: 10000)).milliseconds == -1)
    #expect(try #require(ExactTime(numerator: 4, denominator: 10000)).milliseconds == 0)
    #expect(ExactTime(ExactDecimal("2.069")!).description == "2.069")
  }

  @Test func scaledByRatesReducesAndNeverTraps() throws {
    let ticks = ExactTime(seconds: 680_888_084_801)
    let seconds = ticks.scaled(by: 1, over: 10_000_000)
    #expect(seconds.description == "68088.8084801")
    let huge = ExactTime(seconds: Int64.max / 2)
    _ = huge + huge + huge
    _ = huge.scaled(by: 1001, over: 3)
  }
}
