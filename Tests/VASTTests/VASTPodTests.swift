import ManifestCore
import Testing
import VAST

/// Pods, the ad buffet, HLS media choice and the diagnostics of ads that cannot play.
@Suite struct VASTPodTests {
  /// Google Ad Manager pod: ad 1 plays with its richest HLS rendition; ad 2 has only MP4, so the
  /// stand-alone ad takes its place, with a warning naming both.
  @Test func podWithBuffetFallback() throws {
    let pod = VASTAdDecision.pod(response: try Fixture.file("gam-vast4-pod.xml"))
    #expect(pod.ads.map(\.id) == ["697200496", "697200777"])
    let first = try #require(pod.ads.first)
    #expect(
      first.mediaURI
        == "https://redirector.gvt1.com/api/manifest/hls_variant/id/5f1c/itag/0/source/gfp_video_ads/hd/index.m3u8"
    )
    #expect(first.duration == ExactDecimal(15))
    #expect(first.impressions.count == 2)
    #expect(
      first.trackingLines == [
        "start https://pubads.g.doubleclick.net/pagead/interaction/?ai=B4Zx&label=part2viewed&ad_mt=[AD_MT]",
        "firstQuartile https://pubads.g.doubleclick.net/pagead/interaction/?ai=B4Zx&label=videoplaytime25",
        "midpoint https://pubads.g.doubleclick.net/pagead/interaction/?ai=B4Zx&label=videoplaytime50",
        "thirdQuartile https://pubads.g.doubleclick.net/pagead/interaction/?ai=B4Zx&label=videoplaytime75",
        "complete https://pubads.g.doubleclick.net/pagead/interaction/?ai=B4Zx&label=videoplaytime100",
        "progress@5 https://pubads.g.doubleclick.net/pagead/interaction/?ai=B4Zx&label=progress5",
        "progress@3 https://pubads.g.doubleclick.net/pagead/interaction/?ai=B4Zx&label=progress20pct",
        "mute https://pubads.g.doubleclick.net/pagead/interaction/?ai=B4Zx&label=admute",
      ])
    #expect(
      first.clickThrough
        == "https://pubads.g.doubleclick.net/pcs/click?xai=AKAOjsv&sai=AMfl&adurl=https://shop.example/spring"
    )
    #expect(first.clickTracking == ["https://ad.doubleclick.net/ddm/trackclk/N1234.5678/B2468"])
    #expect(first.errorURLs.count == 1)
    #expect(first.file == "gam-vast4-pod.xml")
    #expect(first.location.line == 6)
    #expect(pod.ads[1].duration == ExactDecimal(6))
    #expect(
      pod.diagnostics.map(\.line) == [
        "gam-vast4-pod.xml:56:11: warning: ad '697200501' has no usable HLS MediaFile (type "
          + "application/x-mpegURL or application/vnd.apple.mpegurl, or a streaming .m3u8 URI): "
          + "its MediaFiles are video/mp4; stand-alone ad '697200777' plays in its place [vast.media.no-hls]"
      ])
    #expect(!pod.hasErrors)
  }

  static func ad(_ id: String, sequence: Int?, hls: Bool = true, duration: String = "00:00:10")
    -> String
  {
    let seq = sequence.map { " sequence=\"\($0)\"" } ?? ""
    let type = hls ? "application/x-mpegURL" : "video/mp4"
    return """
      <Ad id="\(id)"\(seq)><InLine><Impression>https://t/\(id)</Impression><Creatives><Creative>\
      <Linear><Duration>\(duration)</Duration><MediaFiles><MediaFile delivery="streaming" \
      type="\(type)" width="1280" height="720">https://cdn/\(id)/x</MediaFile></MediaFiles>\
      </Linear></Creative></Creatives></InLine></Ad>
      """
  }

  static func pod(_ ads: [String]) throws -> VASTPod {
    let text = "<VAST version=\"4.2\">\n" + ads.joined(separator: "\n") + "\n</VAST>"
    let reading = try VASTReader.read(Array(text.utf8))
    return VASTAdDecision.pod(response: VASTFile(name: "r.xml", document: reading.document))
  }

  /// Pod ads play in ascending sequence (document order among equal ones), gaps allowed;
  /// stand-alone ads do not play when every pod ad can.
  @Test func podOrderFollowsSequence() throws {
    let pod = try Self.pod([
      Self.ad("c", sequence: 7), Self.ad("solo", sequence: nil), Self.ad("a", sequence: 1),
      Self.ad("b1", sequence: 3), Self.ad("b2", sequence: 3),
    ])
    #expect(pod.ads.map(\.id) == ["a", "b1", "b2", "c"])
    #expect(pod.diagnostics.isEmpty)
  }

  /// Without sequenced ads, the first stand-alone ad plays; a later one replaces it when it
  /// cannot play.
  @Test func standAloneAdsPlayOneAtATime() throws {
    #expect(
      try Self.pod([Self.ad("x", sequence: nil), Self.ad("y", sequence: nil)]).ads.map(\.id)
        == ["x"])
    let fallback = try Self.pod([
      Self.ad("x", sequence: nil, hls: false), Self.ad("y", sequence: nil, hls: false),
      Self.ad("z", sequence: nil),
    ])
    #expect(fallback.ads.map(\.id) == ["z"])
    #expect(
      fallback.diagnostics.map(\.line) == [
        "r.xml:3:77: info: ad 'y' has no usable HLS MediaFile (type application/x-mpegURL or "
          + "application/vnd.apple.mpegurl, or a streaming .m3u8 URI): its MediaFiles are "
          + "video/mp4 (a stand-alone fallback, not used) [vast.media.no-hls]",
        "r.xml:2:77: warning: ad 'x' has no usable HLS MediaFile (type application/x-mpegURL or "
          + "application/vnd.apple.mpegurl, or a streaming .m3u8 URI): its MediaFiles are "
          + "video/mp4; stand-alone ad 'z' plays in its place [vast.media.no-hls]",
      ])
  }

  /// A pod ad that cannot play and has no fallback is an error naming the ad.
  @Test func unplayablePodAdIsAnError() throws {
    let pod = try Self.pod([Self.ad("a", sequence: 1), Self.ad("b", sequence: 2, hls: false)])
    #expect(pod.ads.map(\.id) == ["a"])
    #expect(pod.hasErrors)
    #expect(pod.diagnostics.count == 1)
    #expect(pod.diagnostics.first?.diagnostic.severity == .error)
    #expect(pod.diagnostics.first?.diagnostic.location.line == 3)
    #expect(
      pod.diagnostics.first?.diagnostic.message
        == "ad 'b' has no usable HLS MediaFile (type application/x-mpegURL or "
        + "application/vnd.apple.mpegurl, or a streaming .m3u8 URI): its MediaFiles are video/mp4")
  }

  @Test func adWithoutLinearCreativeOrMediaIsNamed() throws {
    let text = """
      <VAST version="3.0">
      <Ad sequence="1"><InLine><Creatives><Creative><CompanionAds/></Creative></Creatives></InLine></Ad>
      <Ad id="m" sequence="2"><InLine><Creatives><Creative><Linear><Duration>00:00:05</Duration>
      </Linear></Creative></Creatives></InLine></Ad>
      </VAST>
      """
    let reading = try VASTReader.read(Array(text.utf8))
    let pod = VASTAdDecision.pod(response: VASTFile(name: "v.xml", document: reading.document))
    #expect(pod.ads.isEmpty)
    #expect(
      pod.diagnostics.map(\.line) == [
        "v.xml:2:1: error: ad #1 has no Linear creative to splice [vast.creative.no-linear]",
        "v.xml:3:54: error: ad 'm' has no usable HLS MediaFile (type application/x-mpegURL or "
          + "application/vnd.apple.mpegurl, or a streaming .m3u8 URI): it has no MediaFile [vast.media.no-hls]",
      ])
  }

  /// Percentage progress needs the duration; without one the event keeps no offset and says so.
  @Test func percentProgressWithoutDuration() throws {
    let text = """
      <VAST version="3.0"><Ad id="p"><InLine><Creatives><Creative><Linear>
      <TrackingEvents><Tracking event="progress" offset="25%">https://t/25</Tracking></TrackingEvents>
      <MediaFiles><MediaFile delivery="streaming" type="application/x-mpegURL">https://c/p.m3u8</MediaFile></MediaFiles>
      </Linear></Creative></Creatives></InLine></Ad></VAST>
      """
    let reading = try VASTReader.read(Array(text.utf8))
    let pod = VASTAdDecision.pod(response: VASTFile(name: "p.xml", document: reading.document))
    #expect(pod.ads.first?.trackingLines == ["progress https://t/25"])
    #expect(
      pod.diagnostics.map(\.line) == [
        "p.xml:2:17: warning: ad 'p': progress tracking at 25% has no time: the ad's Duration is "
          + "unknown [vast.tracking.no-duration]"
      ])
  }

  /// HLS media files: by MIME type (any case), or a streaming `.m3u8` URI; among several,
  /// streaming first, then pixels, then bitrate, then document order.
  @Test func hlsMediaFileChoice() {
    func file(
      _ uri: String, _ type: String?, _ delivery: String? = "streaming", _ w: Int? = nil,
      _ h: Int? = nil, bitrate: Int? = nil
    ) -> VASTMediaFile {
      VASTMediaFile(uri: uri, type: type, delivery: delivery, width: w, height: h, bitrate: bitrate)
    }
    #expect(file("a", "APPLICATION/X-MPEGURL").isHLS)
    #expect(file("a", "application/vnd.apple.mpegurl", "progressive").isHLS)
    #expect(file("https://c/a.M3U8?x=1#t", "video/MP2T").isHLS)
    #expect(file("https://c/a.m3u8", nil, nil).isHLS)
    #expect(!file("https://c/a.m3u8", "video/mp4", "progressive").isHLS)
    #expect(!file("https://c/a.mp4?f=.m3u8", "video/mp4").isHLS)
    let linear = VASTLinear(mediaFiles: [
      file("mp4", "video/mp4", "progressive", 1920, 1080),
      file("sd", "application/x-mpegURL", "streaming", 640, 360, bitrate: 900),
      file("hd-progressive", "application/x-mpegURL", "progressive", 1920, 1080),
      file("hd", "application/x-mpegURL", "streaming", 1920, 1080, bitrate: 4000),
      file("hd-same", "application/x-mpegURL", "streaming", 1920, 1080, bitrate: 4000),
      file("huge", "application/x-mpegURL", "streaming", Int.max, Int.max),
    ])
    #expect(linear.hlsMediaFile?.uri == "huge")
    #expect(VASTLinear(mediaFiles: Array(linear.mediaFiles.prefix(5))).hlsMediaFile?.uri == "hd")
    #expect(VASTLinear(mediaFiles: Array(linear.mediaFiles.prefix(1))).hlsMediaFile == nil)
  }

  /// A response with no ad (VAST 4.x §2.3.6.4) gives an empty pod and a warning.
  @Test func noAdResponse() throws {
    let reading = try VASTReader.read(
      Array("<VAST version=\"4.0\"><Error>https://t/e?c=[ERRORCODE]</Error></VAST>".utf8))
    let pod = VASTAdDecision.pod(response: VASTFile(name: "empty.xml", document: reading.document))
    #expect(pod.ads.isEmpty)
    #expect(
      pod.diagnostics.map(\.line) == [
        "empty.xml:1:1: warning: the VAST response has no ads [vast.response.empty]"
      ])
  }
}
