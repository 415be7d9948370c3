import ManifestCore
import Testing

@Suite struct URLResolutionTests {
  private static let base = "http://a/b/c/d;p?q"

  /// RFC 3986 §5.4.1 normal examples and §5.4.2 abnormal examples.
  @Test(arguments: [
    ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"),
    ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
    ("../../g", "http://a/g"), ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"), ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"), ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g#s/../x", "http://a/b/c/g#s/../x"), ("http:g", "http:g"),
  ])
  func rfc3986Examples(reference: String, expected: String) {
    #expect(URLResolution.resolve(reference, against: Self.base) == expected)
  }

  @Test func resolvesSpriteURLsAgainstATrackURLOrADirectory() {
    #expect(
      URLResolution.resolve(
        "../img/sheet-0001.jpg#xywh=160,0,160,90",
        against: "https://cdn.example/vod/track/thumbs.vtt")
        == "https://cdn.example/vod/img/sheet-0001.jpg#xywh=160,0,160,90")
    #expect(
      URLResolution.resolve("sheet.jpg", against: "https://cdn.example/vod/")
        == "https://cdn.example/vod/sheet.jpg")
    #expect(
      URLResolution.resolve("sheet.jpg", against: "https://cdn.example")
        == "https://cdn.example/sheet.jpg")
    #expect(URLResolution.resolve("a/../s.jpg", against: "media/thumbs.vtt") == "media/s.jpg")
    #expect(URLResolution.resolve("s.jpg", against: "thumbs.vtt") == "s.jpg")
  }

  @Test func absoluteReferences() {
    #expect(URLResolution.isAbsolute("https://x/y.jpg"))
    #expect(URLResolution.isAbsolute("data:image/png;base64,AAAA"))
    #expect(!URLResolution.isAbsolute("img/y.jpg"))
    #expect(!URLResolution.isAbsolute("//cdn/y.jpg"))
  }
}
