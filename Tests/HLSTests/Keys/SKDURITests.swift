import Testing

@testable import HLS

@Suite struct SKDURITests {
  @Test func hostAndPathAsWritten() throws {
    let uri = try #require(SKDURI("skd://fps.example.com/assets/Spring%20Ep01"))
    #expect(uri.contentID == "fps.example.com/assets/Spring%20Ep01")
    #expect(uri.query == nil)
    #expect(uri.fragment == nil)
  }

  @Test func contentIDForms() throws {
    // Integrations post the host and path, or (EZDRM-style paths) only the last segment.
    let uri = try #require(SKDURI("skd://fps.example.com/keys/9eb4050de44b4802?v=2"))
    #expect(uri.contentID(.hostPath) == "fps.example.com/keys/9eb4050de44b4802")
    #expect(uri.contentID(.lastPath) == "9eb4050de44b4802")
    #expect(try #require(SKDURI("skd://twelve")).contentID(.lastPath) == "twelve")
    #expect(try #require(SKDURI("skd://host/asset/")).contentID(.lastPath) == "asset")
    #expect(try #require(SKDURI("skd://")).contentID(.lastPath) == "")
  }

  @Test func keyIDAndIVPairAsShakaWritesIt() throws {
    // shaka-packager --hls_key_uri skd://KEY_ID:IV
    let uri = try #require(
      SKDURI("skd://9eb4050d-e44b-4802-932e-27d75083e266:8FAE680D94CF70CC820379F822E70970"))
    #expect(
      uri.contentID == "9eb4050d-e44b-4802-932e-27d75083e266:8FAE680D94CF70CC820379F822E70970")
  }

  @Test func queryKeptSeparately() throws {
    let uri = try #require(SKDURI("skd://twelve?kid=9eb4050de44b4802&token=a%2Fb#frag"))
    #expect(uri.contentID == "twelve")
    #expect(uri.query == "kid=9eb4050de44b4802&token=a%2Fb")
    #expect(uri.fragment == "frag")
  }

  @Test func schemeCaseAndMissingSlashes() throws {
    #expect(try #require(SKDURI("SKD://Asset-42")).contentID == "Asset-42")
    #expect(try #require(SKDURI("skd:asset-42")).contentID == "asset-42")
    #expect(try #require(SKDURI("skd://")).contentID == "")
  }

  @Test func otherSchemesAreNotSKD() {
    #expect(SKDURI("https://keys.example.com/skd://x") == nil)
    #expect(SKDURI("data:text/plain;base64,AAAA") == nil)
    #expect(SKDURI("sk") == nil)
  }
}
