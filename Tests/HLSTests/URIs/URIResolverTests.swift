import Testing

@testable import HLS

@Suite struct URIResolverTests {
  static let base = "http://a/b/c/d;p?q"

  /// RFC 3986 §5.4.1.
  @Test(arguments: [
    ("g:h", "g:h"), ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"), ("//g", "http://g"), ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q#s"), ("g#s", "http://a/b/c/g#s"),
    ("g?y#s", "http://a/b/c/g?y#s"), (";x", "http://a/b/c/;x"), ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y#s"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"), ("..", "http://a/b/"), ("../", "http://a/b/"),
    ("../g", "http://a/b/g"), ("../..", "http://a/"), ("../../", "http://a/"),
    ("../../g", "http://a/g"),
  ])
  func normalExamples(reference: String, expected: String) {
    #expect(URIResolver.resolve(reference, against: Self.base) == expected)
  }

  /// RFC 3986 §5.4.2 (strict parser for `http:g`).
  @Test(arguments: [
    ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"),
    ("/../g", "http://a/g"), ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"), ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"), ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g#s/./x"), ("g#s/../x", "http://a/b/c/g#s/../x"),
    ("http:g", "http:g"),
  ])
  func abnormalExamples(reference: String, expected: String) {
    #expect(URIResolver.resolve(reference, against: Self.base) == expected)
  }

  /// RFC 3986 §5.2.4's two worked examples.
  @Test func removeDotSegments() {
    #expect(URIResolver.removeDotSegments("/a/b/c/./../../g") == "/a/g")
    #expect(URIResolver.removeDotSegments("mid/content=5/../6") == "mid/6")
  }

  @Test func playlistShapedReferences() {
    let master = "https://cdn.example.com/vod/spring/master.m3u8?token=abc"
    #expect(
      URIResolver.resolve("video/1080p/index.m3u8", against: master)
        == "https://cdn.example.com/vod/spring/video/1080p/index.m3u8")
    #expect(
      URIResolver.resolve("../keys/k1.bin?v=2", against: master)
        == "https://cdn.example.com/vod/keys/k1.bin?v=2")
    #expect(
      URIResolver.resolve("https://other.example/a/../b.ts", against: master)
        == "https://other.example/a/../b.ts")
    #expect(
      URIResolver.resolve("//edge.example.net/seg.ts", against: master)
        == "https://edge.example.net/seg.ts")
    #expect(
      URIResolver.resolve("seg.ts", against: "https://cdn.example.com")
        == "https://cdn.example.com/seg.ts")
  }

  @Test func schemeURIsAreLeftAlone() {
    for uri in ["data:text/plain;base64,AAAA", "skd://9eb4050d", "SKD://x/../y", "urn:uuid:1"] {
      #expect(URIResolver.resolve(uri, against: Self.base) == uri)
      #expect(URIResolver.hasScheme(uri))
    }
    #expect(!URIResolver.hasScheme("./seg:1.ts"))
    #expect(!URIResolver.hasScheme("1seg:x"))
    #expect(!URIResolver.hasScheme("/a:b"))
    #expect(!URIResolver.hasScheme("segment.ts"))
  }

  @Test func componentsKeepUndefinedApartFromEmpty() {
    let empty = URIResolver.Components("http://h/p?#")
    #expect(empty.scheme == "http")
    #expect(empty.authority == "h")
    #expect(empty.path == "/p")
    #expect(empty.query == "")
    #expect(empty.fragment == "")
    #expect(empty.recomposed == "http://h/p?#")
    let bare = URIResolver.Components("p")
    #expect(bare.query == nil)
    #expect(bare.fragment == nil)
    #expect(bare.recomposed == "p")
  }
}

@Suite struct RelativeBaseTests {
  @Test(arguments: [
    ("video/1080p.m3u8", "samples/drm/master.m3u8", "samples/drm/video/1080p.m3u8"),
    ("../audio/en.m3u8", "samples/drm/master.m3u8", "samples/audio/en.m3u8"),
    ("../../../a.m3u8", "samples/drm/master.m3u8", "../a.m3u8"),
    ("seg-1.ts?token=x#t=2", "video/720p.m3u8", "video/seg-1.ts?token=x#t=2"),
    ("./x/../y.ts", "master.m3u8", "y.ts"),
    ("..", "a/b/master.m3u8", "a/"),
    ("./", "a/b/master.m3u8", "a/b/"),
    ("../b.ts", "../up/master.m3u8", "../b.ts"),
    ("/abs/a.m3u8", "rel/master.m3u8", "/abs/a.m3u8"),
    ("https://cdn.example/a.m3u8", "rel/master.m3u8", "https://cdn.example/a.m3u8"),
    ("x.m3u8", "/srv/media/master.m3u8", "/srv/media/x.m3u8"),
  ])
  func filePathBases(reference: String, base: String, expected: String) {
    #expect(URIResolver.resolve(reference, against: base) == expected)
  }
}
