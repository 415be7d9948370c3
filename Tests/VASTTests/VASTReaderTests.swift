import ManifestCore
import Testing
import VAST

/// VAST responses read into the model, as ad servers write them.
@Suite struct VASTReaderTests {
  /// Google Ad Manager style VAST 4.2 pod (Fixtures/gam-vast4-pod.xml).
  @Test func readsGoogleAdManagerPod() throws {
    let reading = try Fixture.vast("gam-vast4-pod.xml")
    let document = reading.document
    #expect(document.version == "4.2")
    #expect(document.location == SourceLocation(line: 5, column: 1, offset: 320))
    #expect(document.ads.map(\.id) == ["697200496", "697200501", "697200777"])
    #expect(document.ads.map(\.sequence) == [1, 2, nil])
    let first = try #require(document.ads.first)
    guard case .inline(let inline) = first.content else {
      Issue.record("not inline")
      return
    }
    #expect(inline.adSystem == "GDFP")
    #expect(inline.adTitle == "Spring Sale 15s")
    #expect(
      inline.impressions == [
        "https://securepubads.g.doubleclick.net/pcs/view?xai=AKAOjsv&sai=AMfl&sig=Cg0A&adurl=",
        "https://ad.doubleclick.net/ddm/trackimp/N1234.5678/B2468;dc_trk_aid=51;ord=[timestamp]",
      ])
    #expect(
      inline.errorURLs == [
        "https://pubads.g.doubleclick.net/pagead/interaction/?ai=B4Zx&label=videoplayfailed[ERRORCODE]"
      ])
    #expect(inline.creatives.count == 2)
    #expect(inline.creatives[0].id == "138381721867")
    #expect(inline.creatives[0].adID == "1")
    #expect(inline.creatives[1].content == .skipped("CompanionAds"))
    let linear = try #require(inline.creatives[0].linear)
    #expect(linear.duration == ExactDecimal(15))
    #expect(linear.location == SourceLocation(line: 16, column: 11, offset: linear.location.offset))
    #expect(linear.mediaFiles.count == 3)
    #expect(
      linear.mediaFiles[1]
        == VASTMediaFile(
          uri:
            "https://redirector.gvt1.com/api/manifest/hls_variant/id/5f1c/itag/0/source/gfp_video_ads/playlist/index.m3u8",
          type: "application/x-mpegURL", delivery: "streaming", width: 1280, height: 720,
          minBitrate: 310, maxBitrate: 2210, codec: "avc1.64001f,mp4a.40.2", id: "GDFP",
          location: linear.mediaFiles[1].location))
    #expect(linear.mediaFiles[0].bitrate == 469)
    #expect(linear.mediaFiles.map(\.isHLS) == [false, true, true])
    #expect(linear.hlsMediaFile?.maxBitrate == 5980)
    #expect(
      linear.trackingEvents.map(\.event) == [
        "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "progress",
        "progress", "mute",
      ])
    #expect(linear.trackingEvents[5].offset == .time(ExactDecimal(5)))
    #expect(linear.trackingEvents[6].offset == .percent(ExactDecimal(20)))
    #expect(
      linear.clickThrough
        == "https://pubads.g.doubleclick.net/pcs/click?xai=AKAOjsv&sai=AMfl&adurl=https://shop.example/spring"
    )
    #expect(linear.clickTracking == ["https://ad.doubleclick.net/ddm/trackclk/N1234.5678/B2468"])
    #expect(
      reading.diagnostics.map(\.line) == [
        "40:11: info: ad '697200496': a CompanionAds creative is skipped (only Linear creatives "
          + "are spliced)"
      ])
  }

  /// A VAST 2.0 response of the LiveRail era: the NonLinear creative is skipped with a
  /// warning, an unreadable Duration is reported where it is, the HLS rendition is found by its
  /// `.m3u8` URI with streaming delivery.
  @Test func readsVAST2WithNonLinearAndUnreadableDuration() throws {
    let reading = try Fixture.vast("vast2-inline-nonlinear.xml")
    #expect(reading.document.version == "2.0")
    guard case .inline(let inline) = reading.document.ads.first?.content else {
      Issue.record("not inline")
      return
    }
    #expect(inline.creatives.map(\.content.kind) == ["linear", "NonLinearAds"])
    let linear = try #require(inline.creatives[0].linear)
    #expect(linear.duration == nil)
    #expect(linear.trackingEvents.map(\.event) == ["fullscreen", "close"])
    #expect(
      linear.hlsMediaFile?.uri == "http://cdn.liverail.com/adasset/135/55012/hls.m3u8?token=a1")
    #expect(
      reading.diagnostics.map(\.line) == [
        "15:13: warning: ad 'lr-55012': Duration '30s' is not HH:MM:SS or HH:MM:SS.mmm; the ad's "
          + "duration is unknown",
        "26:11: warning: ad 'lr-55012': a NonLinearAds creative is skipped (only Linear "
          + "creatives are spliced)",
      ])
  }

  /// VAST 4 with the default namespace reads the same; elements VAST 4 added (AdServingId,
  /// Category, AdVerifications, UniversalAdId, Mezzanine) are not read and not reported.
  @Test func readsNamespacedVAST4() throws {
    let reading = try Fixture.vast("iab-vast4-inline.xml")
    #expect(reading.document.version == "4.3")
    #expect(reading.diagnostics.isEmpty)
    guard case .inline(let inline) = reading.document.ads.first?.content else {
      Issue.record("not inline")
      return
    }
    let linear = try #require(inline.creatives.first?.linear)
    #expect(linear.duration == ExactDecimal(significand: 165, scale: 1))
    #expect(linear.mediaFiles.map(\.uri).count == 2)
    #expect(linear.hlsMediaFile?.id == "5244")
  }

  /// Wrapper attributes: VAST 4 writes booleans as 0/1 or true/false.
  @Test func readsWrapperAttributes() throws {
    let outer = try Fixture.vast("iab-vast4-wrapper.xml").document
    guard case .wrapper(let wrapper) = outer.ads.first?.content else {
      Issue.record("not a wrapper")
      return
    }
    #expect(wrapper.adTagURI == "https://ads.example.com/tags/iab-vast4-wrapper-2.xml?cb=1234")
    #expect(wrapper.allowMultipleAds == false)
    #expect(wrapper.followAdditionalWrappers == true)
    #expect(wrapper.impressions == ["https://example.com/track/impression/outer"])
    #expect(wrapper.creatives.first?.linear?.trackingEvents.count == 2)
    let spring = try Fixture.vast("springserve-vast3-wrapper.xml").document
    guard case .wrapper(let springWrapper) = spring.ads.first?.content else {
      Issue.record("not a wrapper")
      return
    }
    #expect(springWrapper.allowMultipleAds == false)
    #expect(springWrapper.followAdditionalWrappers == true)
    #expect(springWrapper.adSystem == "SpringServe")
  }

  @Test func problemsAreReportedWhereTheyAre() throws {
    let text = """
      <VAST version="5.0">
        <Ad id="a1" sequence="first"><InLine><Creatives><Creative><Linear>
          <Tracking/><TrackingEvents><Tracking event="progress" offset="half">https://t/p</Tracking>
          <Tracking event="progress" offset="101%">https://t/q</Tracking>
          <Tracking event="start"> </Tracking></TrackingEvents>
        </Linear></Creative></Creatives></InLine></Ad>
        <Ad id="a2"><Wrapper><VASTAdTagURI><![CDATA[ ]]></VASTAdTagURI></Wrapper></Ad>
        <Ad><Extensions/></Ad>
        <Error><![CDATA[https://t/noad?e=[ERRORCODE]]]></Error>
      </VAST>
      """
    let reading = try VASTReader.read(Array(text.utf8))
    #expect(
      reading.diagnostics.map(\.line) == [
        "1:1: info: VAST version '5.0' is not one of 2.0, 3.0, 4.0, 4.1, 4.2, 4.3; read as VAST 4",
        "2:3: warning: ad 'a1': sequence 'first' is not a whole number; read as a stand-alone ad",
        "3:32: warning: ad 'a1': progress tracking offset 'half' is not HH:MM:SS(.mmm) or n%; "
          + "the event has no offset",
        "4:5: warning: ad 'a1': progress tracking offset '101%' is not HH:MM:SS(.mmm) or n%; the "
          + "event has no offset",
        "7:15: error: ad 'a2' is a Wrapper without a VASTAdTagURI; it is skipped",
        "8:3: warning: ad #3 has neither InLine nor Wrapper; it is skipped",
      ])
    #expect(reading.document.ads.count == 1)
    #expect(reading.document.ads[0].sequence == nil)
    #expect(reading.document.errorURLs == ["https://t/noad?e=[ERRORCODE]"])
    let tracking = reading.document.ads[0].linearTracking
    #expect(tracking == ["progress", "progress"])
  }

  @Test func unreadableDocumentsThrow() {
    #expect(
      throws: ParseError(
        code: "vast.root", message: "the root element is <VideoAdServingTemplate>, not <VAST>",
        location: SourceLocation(line: 1, column: 1, offset: 0))
    ) {
      _ = try VASTReader.read(Array("<VideoAdServingTemplate/>".utf8))
    }
    #expect(throws: ParseError.self) {
      _ = try VASTReader.read(Array("<VAST><Ad></VAST>".utf8))
    }
  }
}

extension VASTCreative.Content {
  var kind: String {
    switch self {
    case .linear: "linear"
    case .skipped(let name): name
    }
  }
}

extension VASTAd {
  var linearTracking: [String] {
    guard case .inline(let inline) = content else { return [] }
    return inline.creatives.compactMap(\.linear).flatMap { $0.trackingEvents.map(\.event) }
  }
}
