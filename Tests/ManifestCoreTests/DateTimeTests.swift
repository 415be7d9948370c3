import ManifestCore
import Testing

@Suite struct DateTimeTests {
  @Test func parsesUTCWithMilliseconds() throws {
    let t = try #require(DateTime("2025-11-29T00:00:02.000Z"))
    #expect(t.epochNanoseconds == 1_764_374_402_000_000_000)
    #expect(t.description == "2025-11-29T00:00:02.000Z")
  }

  @Test func parsesOffsetsAndKeepsTheirSpelling() throws {
    let t = try #require(DateTime("2025-11-29T01:00:02.5+01:00"))
    #expect(t.epochNanoseconds == 1_764_374_402_500_000_000)
    #expect(t.description == "2025-11-29T01:00:02.5+01:00")
    let compact = try #require(DateTime("2025-11-28T19:00:02-0500"))
    #expect(compact == DateTime("2025-11-29T00:00:02Z"))
  }

  @Test(arguments: [
    "2025-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2025-11-29", "2025-11-29T24:00:00Z",
    "2025-11-29T00:00:00.Z", "2025-11-29T00:00:00Zjunk", "yesterday",
  ])
  func rejectsMalformedDates(text: String) {
    #expect(DateTime(text) == nil)
  }

  @Test func datesBeyondTheNanosecondRangeAreRejectedNotTrapped() {
    #expect(DateTime("9999-12-31T23:59:59Z") == nil)
    #expect(DateTime("1600-01-01T00:00:00Z") == nil)
    #expect(DateTime("2262-04-11T23:47:16.854775807Z")?.epochNanoseconds == Int64.max)
  }

  @Test func leapDayAndPreEpochDates() throws {
    #expect(DateTime("2024-02-29T12:00:00Z") != nil)
    let t = try #require(DateTime("1969-12-31T23:59:59.250Z"))
    #expect(t.epochNanoseconds == -750_000_000)
    #expect(t.description == "1969-12-31T23:59:59.250Z")
  }

  /// Found by fuzzing (tools/fuzz, fuzz-hls; also fixed on main from a fuzzed audit): a year past
  /// 2262 overflowed the nanosecond count.
  @Test func instantsTheNanosecondCountCannotHoldAreRejected() throws {
    #expect(DateTime("4050-11-29T00:00:00Z") == nil)
    #expect(DateTime("0001-01-01T00:00:00Z") == nil)
    #expect(DateTime("2262-04-11T23:47:17Z") == nil)
    #expect(DateTime("1677-09-21T00:12:43.999Z") == nil)
    let last = try #require(DateTime("2262-04-11T23:47:16.854775807Z"))
    #expect(last.epochNanoseconds == Int64.max)
    #expect(last.description == "2262-04-11T23:47:16.854775807Z")
    let first = try #require(DateTime("1677-09-21T00:12:44Z"))
    #expect(first.epochNanoseconds == -9_223_372_036_000_000_000)
    #expect(first.description == "1677-09-21T00:12:44Z")
  }

  @Test func valuesAtTheEdgeOfTheRangePrintWithoutTrapping() {
    let edge = DateTime(epochNanoseconds: .max, utcOffsetMinutes: 60, fractionDigits: 0)
    #expect(edge.description == "2262-04-12T00:47:16+01:00")
    let start = DateTime(epochNanoseconds: .min, utcOffsetMinutes: -60, fractionDigits: 3)
    #expect(start.description == "1677-09-20T23:12:43.145-01:00")
  }

  @Test func arithmeticIsExact() throws {
    let start = try #require(DateTime("2025-11-29T00:00:00.000Z"))
    let later = start.adding(seconds: try #require(ExactDecimal("5.005")))
    #expect(later.description == "2025-11-29T00:00:05.005Z")
    #expect(later.seconds(since: start).description == "5.005")
  }

  @Test func durationsInXSForm() throws {
    #expect(XSDuration.format(seconds: ExactDecimal(120)) == "PT120S")
    #expect(XSDuration.format(seconds: try #require(ExactDecimal("5.005"))) == "PT5.005S")
    #expect(XSDuration.parse("PT1H2M3.5S")?.description == "3723.5")
    #expect(XSDuration.parse("P1DT1S")?.description == "86401")
    #expect(XSDuration.parse("PT") == nil)
    #expect(XSDuration.parse("30") == nil)
  }
}
