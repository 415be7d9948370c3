import HTTPLoading
import Testing

@Suite struct HTTPHeaderFieldTests {
  @Test func nameAndValueAreSplitAtTheFirstColonAndTrimmed() throws {
    let field = try HTTPHeaderField.parse("Authorization:  Bearer a:b \t").get()
    #expect(field == HTTPHeaderField(name: "Authorization", value: "Bearer a:b"))
    #expect(field.line == "Authorization: Bearer a:b")
    #expect(
      try HTTPHeaderField.parse("X-Empty:").get() == HTTPHeaderField(name: "X-Empty", value: ""))
  }

  @Test func controlCharactersAreRefused() {
    for text in ["X-A: b\r\nX-Injected: 1", "X-A: b\n", "X-A: b\0", "X-A: \u{7F}"] {
      #expect(
        throws: HTTPHeaderField.HeaderError(
          message: "a header cannot hold CR, LF or other control characters")
      ) { try HTTPHeaderField.parse(text).get() }
    }
  }

  @Test func aNameMustBeAToken() {
    #expect(
      throws: HTTPHeaderField.HeaderError(
        message: "'Bad Name' is not a header name (RFC 9110 §5.1 token)")
    ) { try HTTPHeaderField.parse("Bad Name: x").get() }
    #expect(
      throws: HTTPHeaderField.HeaderError(message: "a header is 'Name: value', got 'no-colon'")
    ) { try HTTPHeaderField.parse("no-colon").get() }
    #expect(throws: HTTPHeaderField.HeaderError.self) { try HTTPHeaderField.parse(": x").get() }
  }
}
