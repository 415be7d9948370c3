import ManifestCore
import Testing

/// Checked `*`, `adding(_:)` and `subtracting(_:)`, and `+`/`-` that never wrap (issue 13 item 5).
@Suite struct ExactDecimalCheckedTests {
  private func decimal(_ text: String) throws -> ExactDecimal {
    try #require(ExactDecimal(text))
  }

  @Test func multipliesExactly() throws {
    // A 4-second thumbnail interval taken 1001 times; a 30000/1001 fps frame of 1.001 s × 3.
    #expect(try (decimal("4") * decimal("1001")).description == "4004")
    #expect(try (decimal("1.001") * decimal("3")).description == "3.003")
    #expect(try (decimal("-0.25") * decimal("0.5")).description == "-0.125")
    #expect(try (decimal("0.2") * decimal("0.5")).description == "0.1")
    #expect(try (decimal("0") * decimal("999999999999999999")).description == "0")
  }

  @Test func multiplicationThatNeedsTrailingZerosDroppedStillFits() throws {
    // 5 × 2e18 needs a 128-bit significand at scale 18 before the trailing zeros go: exactly 10.
    let large = ExactDecimal(significand: 2_000_000_000_000_000_000, scale: 0)
    let product = try decimal("0.000000000000000005") * large
    #expect(product.description == "10")
  }

  @Test func multiplicationOverflowIsAnError() throws {
    let large = try decimal("999999999999999999")
    #expect(throws: ExactDecimal.Overflow(operation: "*", lhs: large, rhs: ExactDecimal(10))) {
      try large * ExactDecimal(10)
    }
    let fine = try decimal("0.000000001")
    let error = #expect(throws: ExactDecimal.Overflow.self) {
      try fine.multiplied(by: decimal("0.0000000001"))
    }
    #expect(error?.description == "decimal overflow: 0.000000001 * 0.0000000001")
  }

  @Test func checkedSumsAndDifferences() throws {
    #expect(try decimal("5.005").adding(decimal("0.000001")).description == "5.005001")
    #expect(try decimal("5.005").subtracting(decimal("10")).description == "-4.995")
    let large = try decimal("999999999999999999")
    let tiny = try decimal("0.000000000001")
    #expect(throws: ExactDecimal.Overflow(operation: "+", lhs: large, rhs: tiny)) {
      try large.adding(tiny)
    }
    let most = ExactDecimal(significand: .max, scale: 0)
    #expect(throws: ExactDecimal.Overflow(operation: "-", lhs: -most, rhs: ExactDecimal(2))) {
      try (-most).subtracting(ExactDecimal(2))
    }
  }

  /// Found while reviewing `+` for issue 13: aligning 999999999999999999 to scale 12 wrapped.
  @Test func plusRoundsTheFinerOperandInsteadOfWrapping() throws {
    let large = try decimal("999999999999999999")
    let tiny = try decimal("0.000000000001")
    #expect((large + tiny) == large)
    #expect(try (large + decimal("0.6")).description == "1000000000000000000")
    #expect((tiny - large) == -large)
  }

  @Test func plusSaturatesPastTheLargestWholeNumber() {
    let most = ExactDecimal(significand: .max, scale: 0)
    #expect((most + most).significand == .max)
    #expect((-most - most).significand == -Int64.max)
    #expect((most - (-most)).significand == .max)
  }

  @Test func dateTimeArithmeticDoesNotWrap() throws {
    let early = try #require(DateTime("1700-01-01T00:00:00Z"))
    let late = try #require(DateTime("2250-01-01T00:00:00Z"))
    // 550 years is more nanoseconds than Int64 holds: the difference is kept to 10 ns.
    #expect(late.seconds(since: early).description == "17356291200")
    // Issue 17 item 8 (changed behaviour: this clamped at 2262): the sum is exact.
    let later = late.adding(seconds: ExactDecimal(17_356_291_200))
    #expect(later.description == "2800-01-01T00:00:00Z")
  }

  /// Found reviewing checked arithmetic: `PT…H` multiplied the significand by 3600 with `&*`.
  @Test func xsDurationsTooLongForExactSecondsAreNoDuration() {
    #expect(XSDuration.parse("PT999999999999999999H") == nil)
    #expect(XSDuration.parse("P999999999999999D") == nil)
    #expect(XSDuration.parse("PT2562047788015216H") == nil)
    #expect(XSDuration.parse("PT2562047788015H")?.description == "9223372036854000")
  }
}
