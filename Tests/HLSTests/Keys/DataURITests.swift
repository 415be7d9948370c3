import ManifestCore
import Testing

@testable import HLS

@Suite struct DataURITests {
  @Test func base64WithMediaType() throws {
    let uri = try DataURI(parsing: "data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==")
    #expect(uri.mediaType == "text/plain")
    #expect(uri.parameters == [])
    #expect(uri.isBase64)
    #expect(uri.text == "Hello, World!")
  }

  @Test func rfc2397DefaultMediaTypeAndPercentEncoding() throws {
    let uri = try DataURI(parsing: "data:,A%20brief%20note")
    #expect(uri.mediaType == "text/plain")
    #expect(!uri.isBase64)
    #expect(uri.bytes == Array("A brief note".utf8))
  }

  @Test func parametersKeptInOrder() throws {
    let uri = try DataURI(
      parsing: "data:application/octet-stream;name=key%2Ebin;charset=utf-8;base64,AAEC")
    #expect(uri.mediaType == "application/octet-stream")
    #expect(
      uri.parameters == [
        DataURI.Parameter(name: "name", value: "key.bin"),
        DataURI.Parameter(name: "charset", value: "utf-8"),
      ])
    #expect(uri.charset == "utf-8")
    #expect(uri.bytes == [0, 1, 2])
  }

  @Test func percentEscapedBase64AndURLSafeAlphabet() throws {
    // Some packagers escape '+', '/' and '=' inside the base64.
    let escaped = try DataURI(parsing: "data:;base64,%2B%2F8%3D")
    #expect(escaped.bytes == [0xFB, 0xFF])
    let urlSafe = try DataURI(parsing: "data:;base64,-_8")
    #expect(urlSafe.bytes == [0xFB, 0xFF])
  }

  @Test func utf16TextAsPlayReadyTagsDeclareIt() throws {
    // "<W" in UTF-16LE, with and without a byte-order mark, and UTF-16BE by charset.
    #expect(try DataURI(parsing: "data:text/plain;charset=UTF-16;base64,PABXAA==").text == "<W")
    #expect(try DataURI(parsing: "data:text/plain;charset=UTF-16;base64,//48AFcA").text == "<W")
    #expect(try DataURI(parsing: "data:text/plain;charset=UTF-16BE;base64,ADwAVw==").text == "<W")
  }

  @Test func upperCaseScheme() throws {
    #expect(try DataURI(parsing: "DATA:text/plain,ok").bytes == Array("ok".utf8))
  }

  @Test(arguments: [
    ("https://example.com/key", "not a data: URI"),
    ("data:text/plain;base64", "data: URI has no ',' before its data"),
    ("data:,100%", "data: URI has a '%' not followed by two hex digits"),
    ("data:,%4g", "data: URI has a '%' not followed by two hex digits"),
    ("data:;base64,AA*A", "data: URI base64: '*' is not a base64 character at offset 2"),
    ("data:;base64,A", "data: URI base64: input ends with a lone base64 character at offset 1"),
  ])
  func errors(uri: String, message: String) {
    #expect(throws: DataURI.DecodingError(message: message)) { try DataURI(parsing: uri) }
  }
}
