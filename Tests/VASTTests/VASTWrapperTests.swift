import ManifestCore
import Testing
import VAST

/// Wrapper chains: matched by last path segment or in order, tracking merged, failures named.
@Suite struct VASTWrapperTests {
  /// IAB Tech Lab style VAST 4 chain of two wrappers: each VASTAdTagURI's last path segment
  /// names the next file, whatever order the files come in; every wrapper's impressions,
  /// tracking, click tracking and errors are added after the inline ad's, innermost first.
  @Test func chainMatchedByLastPathSegment() throws {
    let pod = VASTAdDecision.pod(
      response: try Fixture.file("iab-vast4-wrapper.xml"),
      wrapperTargets: [
        try Fixture.file("freewheel-vast3-inline.xml"), try Fixture.file("iab-vast4-inline.xml"),
        try Fixture.file("iab-vast4-wrapper-2.xml"),
      ])
    #expect(pod.diagnostics.isEmpty)
    let ad = try #require(pod.ads.first)
    #expect(pod.ads.count == 1)
    #expect(ad.id == "20013")
    #expect(ad.mediaURI == "https://iab-publicfiles.s3.amazonaws.com/vast/hls/intro/master.m3u8")
    #expect(ad.duration == ExactDecimal("16.5"))
    #expect(
      ad.impressions == [
        "https://example.com/track/impression/inline",
        "https://example.com/track/impression/middle",
        "https://example.com/track/impression/outer",
      ])
    #expect(
      ad.trackingLines == [
        "start https://example.com/tracking/inline/start",
        "firstQuartile https://example.com/tracking/inline/firstQuartile",
        "progress@8.25 https://example.com/tracking/inline/progress-50pct",
        "complete https://example.com/tracking/middle/complete",
        "start https://example.com/tracking/outer/start",
        "progress@10 https://example.com/tracking/outer/progress-10",
      ])
    #expect(ad.clickThrough == "https://iabtechlab.com")
    #expect(
      ad.clickTracking == [
        "https://example.com/tracking/inline/click", "https://example.com/tracking/middle/click",
      ])
    #expect(
      ad.errorURLs == ["https://example.com/error/inline", "https://example.com/error/outer"])
    #expect(ad.file == "iab-vast4-inline.xml")
    #expect(ad.location.line == 5)
  }

  /// SpringServe wrapper to FreeWheel inline: the tag URI names no file, so the next document
  /// given is taken.
  @Test func chainMatchedInOrder() throws {
    let pod = try VASTAdDecision.pod(reading: [
      Fixture.source("springserve-vast3-wrapper.xml"), Fixture.source("freewheel-vast3-inline.xml"),
    ])
    #expect(pod.diagnostics.isEmpty)
    let ad = try #require(pod.ads.first)
    #expect(ad.id == "27443.8871902")
    #expect(ad.mediaURI == "https://cdn.fwmrm.net/adassets/27443/8871902/master.m3u8")
    #expect(ad.duration == ExactDecimal("30.03"))
    #expect(
      ad.impressions == [
        "https://7cee0.v.fwmrm.net/ad/l/1?s=g015&n=507668&t=1701388800&adid=27443&reid=8871902&et=i",
        "https://tracker.springserve.com/i?ssid=184920&lid=7712",
      ])
    #expect(
      ad.trackingLines == [
        "creativeView https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=defaultImpression&et=i",
        "midpoint https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=midPoint&et=i",
        "complete https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=complete&et=i",
        "progress@3.003 https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=progress10",
        "progress@20 https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=progress20s",
        "start https://tracker.springserve.com/e?ssid=184920&ev=start",
        "firstQuartile https://tracker.springserve.com/e?ssid=184920&ev=q1",
        "complete https://tracker.springserve.com/e?ssid=184920&ev=complete",
      ])
    #expect(ad.clickThrough == "https://www.autos.example/q4")
    #expect(ad.clickTracking == ["https://tracker.springserve.com/c?ssid=184920"])
    #expect(ad.errorURLs.count == 2)
  }

  @Test func unresolvedChainIsAnError() throws {
    let pod = VASTAdDecision.pod(response: try Fixture.file("springserve-vast3-wrapper.xml"))
    #expect(pod.ads.isEmpty)
    #expect(
      pod.diagnostics.map(\.line) == [
        "springserve-vast3-wrapper.xml:6:3: error: ad 'ss-184920': wrapper chain unresolved: no "
          + "VAST document given for VASTAdTagURI 'https://vid.springserve.com/vast/184920?w=1920&"
          + "h=1080&cb=8270561&ip=203.0.113.7' (matched by its last path segment '184920', else "
          + "the next unused document in the order given) [vast.wrapper.unresolved]"
      ])
  }

  /// A chain that comes back to a document it has visited stops there.
  @Test func loopStops() throws {
    let text = """
      <VAST version="3.0"><Ad id="w"><Wrapper><VASTAdTagURI>https://a/loop.xml</VASTAdTagURI>\
      </Wrapper></Ad></VAST>
      """
    let document = try VASTReader.read(Array(text.utf8)).document
    let loop = VASTFile(name: "loop.xml", document: document)
    let pod = VASTAdDecision.pod(response: loop, wrapperTargets: [loop])
    #expect(pod.ads.isEmpty)
    #expect(
      pod.diagnostics.map(\.line) == [
        "loop.xml:1:21: warning: ad 'w': wrapper chain unresolved: no VAST document given for "
          + "VASTAdTagURI 'https://a/loop.xml' (matched by its last path segment 'loop.xml', else "
          + "the next unused document in the order given) [vast.wrapper.unresolved]",
        "loop.xml:1:21: error: ad 'w': wrapper chain unresolved: the VAST document 'loop.xml' for "
          + "VASTAdTagURI 'https://a/loop.xml' gives no playable ad [vast.wrapper.unresolved]",
      ])
  }

  @Test func chainLengthIsBounded() throws {
    let pod = VASTAdDecision.pod(
      response: try Fixture.file("iab-vast4-wrapper.xml"),
      wrapperTargets: [
        try Fixture.file("iab-vast4-wrapper-2.xml"), try Fixture.file("iab-vast4-inline.xml"),
      ], maximumWrapperDepth: 1)
    #expect(pod.ads.isEmpty)
    #expect(
      pod.diagnostics.map(\.line) == [
        "iab-vast4-wrapper-2.xml:4:3: warning: ad '20012': the wrapper chain is longer than 1 "
          + "wrappers; it is not followed [vast.wrapper.too-deep]",
        "iab-vast4-wrapper.xml:6:3: error: ad '20011': wrapper chain unresolved: the VAST "
          + "document 'iab-vast4-wrapper-2.xml' for VASTAdTagURI "
          + "'https://ads.example.com/tags/iab-vast4-wrapper-2.xml?cb=1234' gives no playable ad [vast.wrapper.unresolved]",
      ])
  }

  /// A wrapper to a pod gives the whole pod only with `allowMultipleAds`; a wrapper that
  /// forbids further wrappers stops at the next one.
  @Test func allowMultipleAdsAndFollowAdditionalWrappers() throws {
    func wrapper(_ attributes: String, _ uri: String) throws -> VASTFile {
      let text = """
        <VAST version="4.0"><Ad id="w"><Wrapper \(attributes)><VASTAdTagURI>\(uri)</VASTAdTagURI>\
        <Impression>https://t/w</Impression></Wrapper></Ad></VAST>
        """
      return VASTFile(name: "w.xml", document: try VASTReader.read(Array(text.utf8)).document)
    }
    let gam = try Fixture.file("gam-vast4-pod.xml")
    let all = VASTAdDecision.pod(
      response: try wrapper("allowMultipleAds=\"true\"", "https://x/gam-vast4-pod.xml"),
      wrapperTargets: [gam])
    #expect(all.ads.map(\.id) == ["697200496", "697200777"])
    #expect(all.ads.map { $0.impressions.last } == ["https://t/w", "https://t/w"])
    let one = VASTAdDecision.pod(
      response: try wrapper("", "https://x/gam-vast4-pod.xml"), wrapperTargets: [gam])
    #expect(one.ads.map(\.id) == ["697200496"])
    let stop = VASTAdDecision.pod(
      response: try wrapper("followAdditionalWrappers=\"false\"", "https://x/next"),
      wrapperTargets: [
        try Fixture.file("springserve-vast3-wrapper.xml"),
        try Fixture.file("freewheel-vast3-inline.xml"),
      ])
    #expect(stop.ads.isEmpty)
    #expect(
      stop.diagnostics.first?.line
        == "springserve-vast3-wrapper.xml:6:3: warning: ad 'ss-184920' is a wrapper, but the "
        + "wrapper that led to it has followAdditionalWrappers=\"false\" [vast.wrapper.not-followed]"
    )
  }

  /// Wrappers that name the same document share its resolution: each gets its ad with its
  /// own tracking, and what resolving the document found is reported once.
  @Test func sharedTargetIsResolvedOnce() throws {
    let slots = (1...3).map { n in
      """
      <Ad id="w\(n)" sequence="\(n)"><Wrapper><VASTAdTagURI>https://x/gam-vast4-pod.xml?slot=\(n)\
      </VASTAdTagURI><Impression>https://t/w\(n)</Impression></Wrapper></Ad>
      """
    }
    let text = "<VAST version=\"4.0\">" + slots.joined() + "</VAST>"
    let response = VASTFile(
      name: "pod.xml", document: try VASTReader.read(Array(text.utf8)).document)
    let pod = VASTAdDecision.pod(
      response: response, wrapperTargets: [try Fixture.file("gam-vast4-pod.xml")])
    #expect(pod.ads.map(\.id) == ["697200496", "697200496", "697200496"])
    #expect(
      pod.ads.map { $0.impressions.last } == ["https://t/w1", "https://t/w2", "https://t/w3"])
    #expect(pod.diagnostics.map(\.diagnostic.location.line) == [56])
  }

  /// A file that cannot be read is named in the error.
  @Test func unreadableFileIsNamed() throws {
    #expect(
      throws: VASTFileError(
        file: "broken.xml",
        error: ParseError(
          code: "xml.not-well-formed",
          message: "Opening and ending tag mismatch: Ad line 1 and VAST",
          location: SourceLocation(line: 1, column: 11, offset: 10)))
    ) {
      _ = try VASTAdDecision.pod(reading: [
        Fixture.source("freewheel-vast3-inline.xml"),
        VASTSource(name: "broken.xml", bytes: Array("<VAST><Ad></VAST>".utf8)),
      ])
    }
  }
}
