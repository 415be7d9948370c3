import ManifestCore
import Testing

@Suite struct JSONValueTests {
  @Test func writesKeysInOrderWithExactNumbers() throws {
    let value: JSONValue = [
      "uri": "seg 1.ts", "duration": .decimal(try #require(ExactDecimal("5.005"))),
      "gap": false, "map": nil, "parts": [1, 2],
    ]
    #expect(
      value.jsonString()
        == #"{"uri":"seg 1.ts","duration":5.005,"gap":false,"map":null,"parts":[1,2]}"#)
  }

  @Test func escapesStringsPerRFC8259() {
    let value = JSONValue.string("a\"b\\c\nd\u{01}é")
    #expect(value.jsonString() == #""a\"b\\c\nd\u0001é""#)
  }

  @Test func prettyPrintsWithTwoSpaces() {
    let value: JSONValue = ["a": [1], "b": [:]]
    #expect(value.jsonString(pretty: true) == "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}")
  }

  @Test func parsesWhatItWrites() throws {
    let text =
      #"{"s":"x\u00e9\ud83d\ude00","n":-12,"d":0.33334,"e":1e3,"t":true,"z":null,"a":[{}]}"#
    let value = try JSONValue.parse(text)
    #expect(value["s"]?.stringValue == "xé😀")
    #expect(value["n"]?.intValue == -12)
    #expect(value["d"]?.decimalValue == ExactDecimal("0.33334"))
    #expect(value["e"]?.doubleValue == 1000)
    #expect(value["t"]?.boolValue == true)
    #expect(value["z"]?.isNull == true)
    #expect(try JSONValue.parse(value.jsonString()) == value)
  }

  @Test func parseErrorsNameTheOffset() {
    #expect(throws: JSONValue.ParsingError(offset: 7, reason: "expected ',' or '}'")) {
      try JSONValue.parse(#"{"a":1 "b":2}"#)
    }
    #expect(throws: JSONValue.ParsingError(offset: 2, reason: "unexpected data after the document"))
    {
      try JSONValue.parse("1 2")
    }
    #expect(throws: JSONValue.ParsingError(offset: 3, reason: "nesting deeper than 2")) {
      try JSONValue.parse(Array("[[[1]]]".utf8), maximumDepth: 2)
    }
  }
}
