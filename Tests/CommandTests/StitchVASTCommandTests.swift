import AdInsertion
import HLS
import M3U8Commands
import Testing
import ToolSupport

/// `m3u8-tool stitch --vast` and `--vmap` (docs/stitching.md, "From VAST and VMAP"): ad
/// decisions written the way SpringServe, FreeWheel, Google Ad Manager and IMA write them, their
/// MediaFiles pointing at ad playlists beside them, stitched into AWS MediaPackage TS content.
@Suite struct StitchVASTCommandTests {
  // AWS MediaPackage TS VOD with a 12 s CUE-OUT break.
  static let marked = StitchCommandTests.content
  // The same packager's VOD without markers.
  static let plain = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXTINF:6.000,
    index_1.ts
    #EXTINF:6.000,
    index_2.ts
    #EXTINF:6.000,
    index_3.ts
    #EXTINF:6.000,
    index_4.ts
    #EXT-X-ENDLIST

    """

  /// An ad playlist as ffmpeg's HLS muxer writes it: `count` segments of `seconds`.
  static func adPlaylist(_ name: String, count: Int, seconds: String) -> String {
    var lines = [
      "#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:\(seconds.prefix(1))",
      "#EXT-X-PLAYLIST-TYPE:VOD",
    ]
    for n in 0..<count { lines += ["#EXTINF:\(seconds),", "\(name)\(n).ts"] }
    return (lines + ["#EXT-X-ENDLIST", ""]).joined(separator: "\n")
  }

  // SpringServe's VAST 3.0 wrapper: its impression and tracking, a cache-busting
  // VASTAdTagURI with no file name (so it takes the next file given).
  static let springServeWrapper = """
    <?xml version="1.0" encoding="UTF-8"?>
    <VAST version="3.0">
      <Ad id="ss-184920">
        <Wrapper>
          <AdSystem version="1.0">SpringServe</AdSystem>
          <VASTAdTagURI><![CDATA[https://vid.springserve.com/vast/184920?w=1920&h=1080&cb=8270561]]></VASTAdTagURI>
          <Error><![CDATA[https://tracker.springserve.com/error?ssid=184920&code=[ERRORCODE]]]></Error>
          <Impression><![CDATA[https://tracker.springserve.com/i?ssid=184920]]></Impression>
          <Creatives>
            <Creative>
              <Linear>
                <TrackingEvents>
                  <Tracking event="start"><![CDATA[https://tracker.springserve.com/e?ssid=184920&ev=start]]></Tracking>
                  <Tracking event="firstQuartile"><![CDATA[https://tracker.springserve.com/e?ssid=184920&ev=q1]]></Tracking>
                  <Tracking event="mute"><![CDATA[https://tracker.springserve.com/e?ssid=184920&ev=mute]]></Tracking>
                </TrackingEvents>
              </Linear>
            </Creative>
          </Creatives>
        </Wrapper>
      </Ad>
    </VAST>

    """
  // FreeWheel's VAST 3.0 inline answer: progress by percentage and by time, a lower-case HLS
  // MIME type beside a progressive MP4, the MediaFile relative to the response.
  static let freeWheelInline = """
    <?xml version="1.0" encoding="UTF-8"?>
    <VAST version="3.0">
      <Ad id="27443.8871902">
        <InLine>
          <AdSystem>FreeWheel</AdSystem>
          <AdTitle>Auto Q4 12</AdTitle>
          <Error><![CDATA[https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&errorCode=[ERRORCODE]]]></Error>
          <Impression id="FWi"><![CDATA[https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&et=i]]></Impression>
          <Creatives>
            <Creative id="8871902" AdID="27443" sequence="1">
              <Linear>
                <Duration>00:00:12.000</Duration>
                <TrackingEvents>
                  <Tracking event="creativeView"><![CDATA[https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=view]]></Tracking>
                  <Tracking event="midpoint"><![CDATA[https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=midPoint]]></Tracking>
                  <Tracking event="complete"><![CDATA[https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=complete]]></Tracking>
                  <Tracking event="progress" offset="75%"><![CDATA[https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=progress75]]></Tracking>
                </TrackingEvents>
                <VideoClicks>
                  <ClickThrough><![CDATA[https://www.autos.example/q4]]></ClickThrough>
                </VideoClicks>
                <MediaFiles>
                  <MediaFile delivery="progressive" type="video/mp4" width="1920" height="1080"><![CDATA[https://cdn.fwmrm.net/adassets/27443/1080p.mp4]]></MediaFile>
                  <MediaFile delivery="streaming" type="application/x-mpegurl" width="1920" height="1080"><![CDATA[../ads/fw/index.m3u8]]></MediaFile>
                </MediaFiles>
              </Linear>
            </Creative>
          </Creatives>
        </InLine>
      </Ad>
    </VAST>

    """
  // Google Ad Manager's VAST 4.2 pod: two ads written out of sequence order.
  static let gamPod = """
    <?xml version="1.0" encoding="UTF-8"?>
    <VAST xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="4.2">
      <Ad id="697200501" sequence="2">
        <InLine>
          <AdSystem>GDFP</AdSystem>
          <AdTitle>Bumper 6s</AdTitle>
          <Impression><![CDATA[ https://securepubads.g.doubleclick.net/pcs/view?xai=B ]]></Impression>
          <Creatives>
            <Creative id="138381721901" sequence="1">
              <Linear>
                <Duration>00:00:06</Duration>
                <TrackingEvents>
                  <Tracking event="complete"><![CDATA[https://pubads.g.doubleclick.net/pagead/interaction/?ai=B&label=videoplaytime100]]></Tracking>
                </TrackingEvents>
                <MediaFiles>
                  <MediaFile delivery="streaming" type="application/vnd.apple.mpegurl" width="1280" height="720"><![CDATA[../ads/gam/bumper.m3u8]]></MediaFile>
                </MediaFiles>
              </Linear>
            </Creative>
          </Creatives>
        </InLine>
      </Ad>
      <Ad id="697200496" sequence="1">
        <InLine>
          <AdSystem>GDFP</AdSystem>
          <AdTitle>Spring Sale 6s</AdTitle>
          <Impression><![CDATA[https://securepubads.g.doubleclick.net/pcs/view?xai=A]]></Impression>
          <Creatives>
            <Creative id="138381721867" adId="1" sequence="1">
              <Linear>
                <Duration>00:00:06</Duration>
                <TrackingEvents>
                  <Tracking event="start"><![CDATA[https://pubads.g.doubleclick.net/pagead/interaction/?ai=A&label=part2viewed]]></Tracking>
                  <Tracking event="firstQuartile"><![CDATA[https://pubads.g.doubleclick.net/pagead/interaction/?ai=A&label=videoplaytime25]]></Tracking>
                  <Tracking event="thirdQuartile"><![CDATA[https://pubads.g.doubleclick.net/pagead/interaction/?ai=A&label=videoplaytime75]]></Tracking>
                </TrackingEvents>
                <MediaFiles>
                  <MediaFile delivery="streaming" type="application/x-mpegURL" width="1280" height="720"><![CDATA[../ads/gam/sale.m3u8]]></MediaFile>
                </MediaFiles>
              </Linear>
            </Creative>
          </Creatives>
        </InLine>
      </Ad>
    </VAST>

    """

  static let adFiles: [String: String] = [
    "ads/fw/index.m3u8": adPlaylist("fw", count: 2, seconds: "6.000000"),
    "ads/gam/sale.m3u8": adPlaylist("sale", count: 2, seconds: "3.000000"),
    "ads/gam/bumper.m3u8": adPlaylist("bumper", count: 1, seconds: "6.000000"),
  ]

  /// `StitchCommandTests.run` with the ad playlists beside the files.
  static func run(_ arguments: [String], files: [String: String]) -> (Int32, String, String, ToolIO)
  {
    StitchCommandTests.run(arguments, files: files.merging(adFiles) { a, _ in a })
  }

  /// What `AdTimeline` (`m3u8-tool ads`) reads back from a stitched playlist: each marked
  /// break's start and duration, then each ad (a beacon signal) with its length and its events
  /// at the start of the segment each falls in, in seconds from the ad's start.
  static func timeline(_ playlist: String) -> [String] {
    guard let media = try? Playlist.parse(Array(playlist.utf8)).media else { return ["unread"] }
    let timeline = AdTimeline(media)
    var lines = timeline.breaks.filter { $0.dialect != .beacon }.map {
      "\($0.dialect.rawValue) break at \($0.start) s for \($0.duration) s"
    }
    for signal in timeline.breaks.flatMap(\.signals) where signal.dialect == .beacon {
      let events = signal.beacons.map { "\($0.event ?? "?")@\($0.offset)" }
      lines.append(
        "ad \(signal.declaredSeconds.map { "\($0)" } ?? "?") s: " + events.joined(separator: " "))
    }
    return lines
  }

  // IMA's VMAP 1.0 for a VOD asset: a pre-roll with VAST 3 inline, a mid-roll at 12 s naming
  // Ad Manager's pod by AdTagURI (given with --vast, matched by its last path segment) with
  // breakStart and breakEnd tracking, a nonlinear overlay at 75 %, and a post-roll.
  static let imaVMAP = """
    <?xml version="1.0" encoding="UTF-8"?>
    <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
      <vmap:AdBreak timeOffset="start" breakType="linear" breakId="preroll">
        <vmap:AdSource id="preroll-ad-1" allowMultipleAds="false" followRedirects="true">
          <vmap:VASTAdData>
            <VAST version="3.0">
              <Ad id="pre-1">
                <InLine>
                  <AdSystem>GDFP</AdSystem>
                  <AdTitle>Preroll 6s</AdTitle>
                  <Impression><![CDATA[https://securepubads.g.doubleclick.net/pcs/view?xai=pre1]]></Impression>
                  <Creatives>
                    <Creative id="9001">
                      <Linear>
                        <Duration>00:00:06</Duration>
                        <MediaFiles>
                          <MediaFile delivery="streaming" type="application/x-mpegURL" width="1280" height="720"><![CDATA[../ads/gam/bumper.m3u8]]></MediaFile>
                        </MediaFiles>
                      </Linear>
                    </Creative>
                  </Creatives>
                </InLine>
              </Ad>
            </VAST>
          </vmap:VASTAdData>
        </vmap:AdSource>
      </vmap:AdBreak>
      <vmap:AdBreak timeOffset="00:00:12.000" breakType="linear" breakId="midroll-1">
        <vmap:AdSource id="midroll-1-ad-1" allowMultipleAds="true" followRedirects="true">
          <vmap:AdTagURI templateType="vast3"><![CDATA[https://pubads.g.doubleclick.net/gampad/ads/gam-pod.xml?iu=/1234/vod&correlator=88]]></vmap:AdTagURI>
        </vmap:AdSource>
        <vmap:TrackingEvents>
          <vmap:Tracking event="breakStart"><![CDATA[https://pubads.g.doubleclick.net/pagead/conversion/?ai=mid&label=vmap_request_ad_break_start]]></vmap:Tracking>
          <vmap:Tracking event="breakEnd"><![CDATA[https://pubads.g.doubleclick.net/pagead/conversion/?ai=mid&label=vmap_request_ad_break_end]]></vmap:Tracking>
        </vmap:TrackingEvents>
      </vmap:AdBreak>
      <vmap:AdBreak timeOffset="75%" breakType="nonlinear" breakId="overlay">
        <vmap:AdSource id="overlay-1">
          <vmap:AdTagURI templateType="vast3"><![CDATA[https://pubads.g.doubleclick.net/gampad/ads/gam-pod.xml?iu=/1234/overlay]]></vmap:AdTagURI>
        </vmap:AdSource>
      </vmap:AdBreak>
      <vmap:AdBreak timeOffset="end" breakType="linear" breakId="postroll">
        <vmap:AdSource id="postroll-ad-1" allowMultipleAds="false" followRedirects="true">
          <vmap:VASTAdData>
            <VAST version="3.0">
              <Ad id="post-1">
                <InLine>
                  <AdSystem>GDFP</AdSystem>
                  <AdTitle>Postroll 12s</AdTitle>
                  <Impression><![CDATA[https://securepubads.g.doubleclick.net/pcs/view?xai=post1]]></Impression>
                  <Creatives>
                    <Creative>
                      <Linear>
                        <Duration>00:00:12</Duration>
                        <TrackingEvents>
                          <Tracking event="complete"><![CDATA[https://pubads.g.doubleclick.net/pagead/interaction/?ai=post1&label=videoplaytime100]]></Tracking>
                        </TrackingEvents>
                        <MediaFiles>
                          <MediaFile delivery="streaming" type="application/x-mpegURL" width="1280" height="720"><![CDATA[../ads/fw/index.m3u8]]></MediaFile>
                        </MediaFiles>
                      </Linear>
                    </Creative>
                  </Creatives>
                </InLine>
              </Ad>
            </VAST>
          </vmap:VASTAdData>
        </vmap:AdSource>
      </vmap:AdBreak>
    </vmap:VMAP>

    """

  static let wrapperFiles = [
    "index.m3u8": marked, "vast/springserve-wrapper.xml": springServeWrapper,
    "vast/fw-inline.xml": freeWheelInline,
  ]

  @Test func vast3WrapperToInlineFillsTheMarkedBreak() {
    let (status, out, err, _) = Self.run(
      [
        "stitch", "--vast", "vast/springserve-wrapper.xml", "--vast", "vast/fw-inline.xml",
        "index.m3u8",
      ], files: Self.wrapperFiles)
    #expect(status == 0)
    #expect(
      err == "vast/fw-inline.xml:3:3: warning: ad '27443.8871902': tracking without a time in "
        + "the stream not written: mute [stitch.event.untimed]\n")
    #expect(
      out == """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXTINF:6.000,
        index_1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-OUT:12
        #EXT-X-BEACON:AD_LENGTH=12
        #EXT-X-BEACON:EVENT=impression,URL=https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&et=i
        #EXT-X-BEACON:EVENT=impression,URL=https://tracker.springserve.com/i?ssid=184920
        #EXT-X-BEACON:EVENT=creativeView,URL=https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=view
        #EXT-X-BEACON:EVENT=start,URL=https://tracker.springserve.com/e?ssid=184920&ev=start
        #EXT-X-BEACON:EVENT=firstQuartile,URL=https://tracker.springserve.com/e?ssid=184920&ev=q1
        #EXTINF:6,
        ads/fw/fw0.ts
        #EXT-X-BEACON:EVENT=midpoint,URL=https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=midPoint
        #EXT-X-BEACON:EVENT=progress,URL=https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=progress75
        #EXTINF:6,
        ads/fw/fw1.ts
        #EXT-X-BEACON:EVENT=complete,URL=https://7cee0.v.fwmrm.net/ad/l/1?adid=27443&cn=complete
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-IN
        #EXTINF:6.000,
        index_4.ts
        #EXT-X-ENDLIST

        """)
    #expect(
      Self.timeline(out) == [
        "cue-out break at 6 s for 12 s",
        "ad 12 s: impression@0 impression@0 creativeView@0 start@0 firstQuartile@0 midpoint@6 "
          + "progress@6 complete@12",
      ])
  }

  @Test func vast4PodIsAPreRollOfContentWithoutMarkers() {
    let (status, out, err, _) = Self.run(
      ["stitch", "--vast", "vast/gam-pod.xml", "plain.m3u8"],
      files: ["plain.m3u8": Self.plain, "vast/gam-pod.xml": Self.gamPod])
    #expect(status == 0)
    #expect(err == "")
    #expect(
      out == """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-CUE-OUT:12
        #EXT-X-BEACON:AD_LENGTH=6
        #EXT-X-BEACON:EVENT=impression,URL=https://securepubads.g.doubleclick.net/pcs/view?xai=A
        #EXT-X-BEACON:EVENT=start,URL=https://pubads.g.doubleclick.net/pagead/interaction/?ai=A&label=part2viewed
        #EXT-X-BEACON:EVENT=firstQuartile,URL=https://pubads.g.doubleclick.net/pagead/interaction/?ai=A&label=videoplaytime25
        #EXTINF:3,
        ads/gam/sale0.ts
        #EXT-X-BEACON:EVENT=thirdQuartile,URL=https://pubads.g.doubleclick.net/pagead/interaction/?ai=A&label=videoplaytime75
        #EXTINF:3,
        ads/gam/sale1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-BEACON:AD_LENGTH=6
        #EXT-X-BEACON:EVENT=impression,URL=https://securepubads.g.doubleclick.net/pcs/view?xai=B
        #EXTINF:6,
        ads/gam/bumper0.ts
        #EXT-X-BEACON:EVENT=complete,URL=https://pubads.g.doubleclick.net/pagead/interaction/?ai=B&label=videoplaytime100
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-IN
        #EXTINF:6.000,
        index_1.ts
        #EXTINF:6.000,
        index_2.ts
        #EXTINF:6.000,
        index_3.ts
        #EXTINF:6.000,
        index_4.ts
        #EXT-X-ENDLIST

        """)
    #expect(
      Self.timeline(out) == [
        "cue-out break at 0 s for 12 s",
        "ad 6 s: impression@0 start@0 firstQuartile@0 thirdQuartile@3",
        "ad 6 s: impression@0 complete@6",
      ])
  }

  @Test func vmapPreMidAndPostRolls() {
    let (status, out, err, _) = Self.run(
      ["stitch", "--vmap", "vmap/ima.xml", "--vast", "vast/gam-pod.xml", "plain.m3u8"],
      files: [
        "plain.m3u8": Self.plain, "vast/gam-pod.xml": Self.gamPod, "vmap/ima.xml": Self.imaVMAP,
      ])
    #expect(status == 0)
    #expect(
      err == "vmap/ima.xml:37:3: warning: AdBreak 'overlay': breakType 'nonlinear' is not "
        + "linear: skipped [stitch.vmap.break-type]\n")
    #expect(
      out == """
        #EXTM3U
        #EXT-X-VERSION:3
        #EXT-X-TARGETDURATION:6
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-CUE-OUT:6
        #EXT-X-BEACON:AD_LENGTH=6
        #EXT-X-BEACON:EVENT=impression,URL=https://securepubads.g.doubleclick.net/pcs/view?xai=pre1
        #EXTINF:6,
        ads/gam/bumper0.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-IN
        #EXTINF:6.000,
        index_1.ts
        #EXTINF:6.000,
        index_2.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-OUT:12
        #EXT-X-BEACON:AD_LENGTH=6
        #EXT-X-BEACON:EVENT=impression,URL=https://securepubads.g.doubleclick.net/pcs/view?xai=A
        #EXT-X-BEACON:EVENT=start,URL=https://pubads.g.doubleclick.net/pagead/interaction/?ai=A&label=part2viewed
        #EXT-X-BEACON:EVENT=breakStart,URL=https://pubads.g.doubleclick.net/pagead/conversion/?ai=mid&label=vmap_request_ad_break_start
        #EXT-X-BEACON:EVENT=firstQuartile,URL=https://pubads.g.doubleclick.net/pagead/interaction/?ai=A&label=videoplaytime25
        #EXTINF:3,
        ads/gam/sale0.ts
        #EXT-X-BEACON:EVENT=thirdQuartile,URL=https://pubads.g.doubleclick.net/pagead/interaction/?ai=A&label=videoplaytime75
        #EXTINF:3,
        ads/gam/sale1.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-BEACON:AD_LENGTH=6
        #EXT-X-BEACON:EVENT=impression,URL=https://securepubads.g.doubleclick.net/pcs/view?xai=B
        #EXTINF:6,
        ads/gam/bumper0.ts
        #EXT-X-BEACON:EVENT=complete,URL=https://pubads.g.doubleclick.net/pagead/interaction/?ai=B&label=videoplaytime100
        #EXT-X-BEACON:EVENT=breakEnd,URL=https://pubads.g.doubleclick.net/pagead/conversion/?ai=mid&label=vmap_request_ad_break_end
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-IN
        #EXTINF:6.000,
        index_3.ts
        #EXTINF:6.000,
        index_4.ts
        #EXT-X-DISCONTINUITY
        #EXT-X-CUE-OUT:12
        #EXT-X-BEACON:AD_LENGTH=12
        #EXT-X-BEACON:EVENT=impression,URL=https://securepubads.g.doubleclick.net/pcs/view?xai=post1
        #EXTINF:6,
        ads/fw/fw0.ts
        #EXTINF:6,
        ads/fw/fw1.ts
        #EXT-X-BEACON:EVENT=complete,URL=https://pubads.g.doubleclick.net/pagead/interaction/?ai=post1&label=videoplaytime100
        #EXT-X-CUE-IN
        #EXT-X-ENDLIST

        """)
    #expect(
      Self.timeline(out) == [
        "cue-out break at 0 s for 6 s",
        "cue-out break at 18 s for 12 s",
        "cue-out break at 42 s for 12 s",
        "ad 6 s: impression@0",
        "ad 6 s: impression@0 start@0 breakStart@0 firstQuartile@0 thirdQuartile@3",
        "ad 6 s: impression@0 complete@6 breakEnd@6",
        "ad 12 s: impression@0 complete@12",
      ])
  }

  @Test func aVASTWithoutAnHLSMediaFileWritesNothing() {
    let mp4Only = Self.freeWheelInline.replacingOccurrences(
      of: "type=\"application/x-mpegurl\"", with: "type=\"video/mp4\""
    ).replacingOccurrences(
      of: "../ads/fw/index.m3u8", with: "https://cdn.fwmrm.net/adassets/27443/720p.mp4")
    let (status, out, err, io) = Self.run(
      ["stitch", "--vast", "fw.xml", "--output-dir", "out", "index.m3u8"],
      files: ["index.m3u8": Self.marked, "fw.xml": mp4Only])
    #expect(status == 2)
    #expect(out == "")
    #expect(io.writtenFiles.isEmpty)
    #expect(
      err == "fw.xml:11:11: error: ad '27443.8871902' has no usable HLS MediaFile (type "
        + "application/x-mpegURL or application/vnd.apple.mpegurl, or a streaming .m3u8 URI): "
        + "its MediaFiles are video/mp4, video/mp4 [vast.media.no-hls]\n")
  }

  @Test func anUnreadableVMAPOffsetWritesNothing() {
    let vmap = Self.imaVMAP.replacingOccurrences(
      of: "timeOffset=\"00:00:12.000\"", with: "timeOffset=\"12s\"")
    let (status, out, err, io) = Self.run(
      [
        "stitch", "--vmap", "vmap/ima.xml", "--vast", "vast/gam-pod.xml", "--output-dir", "out",
        "plain.m3u8",
      ],
      files: ["plain.m3u8": Self.plain, "vast/gam-pod.xml": Self.gamPod, "vmap/ima.xml": vmap])
    #expect(status == 2)
    #expect(out == "")
    #expect(io.writtenFiles.isEmpty)
    #expect(
      err == "vmap/ima.xml:28:3: error: break 'midroll-1': timeOffset '12s' is not start, end, "
        + "HH:MM:SS(.mmm), n% or #n (VMAP 1.0.1 §2.3.1); it is left out [vmap.time-offset]\n")
  }

  @Test func anUnresolvedWrapperChainWritesNothing() {
    let (status, out, err, io) = Self.run(
      ["stitch", "--vast", "vast/springserve-wrapper.xml", "--output-dir", "out", "index.m3u8"],
      files: Self.wrapperFiles)
    #expect(status == 2)
    #expect(out == "")
    #expect(io.writtenFiles.isEmpty)
    #expect(
      err == "vast/springserve-wrapper.xml:3:3: error: ad 'ss-184920': wrapper chain unresolved: "
        + "no VAST document given for VASTAdTagURI "
        + "'https://vid.springserve.com/vast/184920?w=1920&h=1080&cb=8270561' (matched by its "
        + "last path segment '184920', else the next unused document in the order given) "
        + "[vast.wrapper.unresolved]\n")
  }

  @Test func oneDecisionOnly() {
    let (status, out, err, _) = Self.run(
      ["stitch", "--plan", "plan.json", "--vast", "vast/fw-inline.xml", "index.m3u8"],
      files: Self.wrapperFiles)
    #expect(status == 2)
    #expect(out == "")
    #expect(
      err == """
        m3u8-tool stitch: error: give one of --plan PLAN.json, --vast FILE... or --vmap FILE (--vast with --vmap: the files its AdTagURIs name) [cli.usage]
        Run 'm3u8-tool stitch --help' for usage.

        """)
  }

  /// An IMA-style VMAP whose one break fills the content's first marked break (`#1`), its ad
  /// named by an AdTagURI whose file is beside the VMAP file.
  static let positionVMAP = """
    <?xml version="1.0" encoding="UTF-8"?>
    <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
      <vmap:AdBreak timeOffset="#1" breakType="linear" breakId="cue-1">
        <vmap:AdSource id="cue-1-ad" allowMultipleAds="false" followRedirects="true">
          <vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example.com/fw/fw-inline.xml?slot=cue1]]></vmap:AdTagURI>
        </vmap:AdSource>
      </vmap:AdBreak>
    </vmap:VMAP>

    """

  @Test func aVMAPPositionFillsTheMarkedBreakWithTheFileBesideIt() {
    let (status, out, err, _) = Self.run(
      ["stitch", "--vmap", "vmap/ima.xml", "index.m3u8"],
      files: [
        "index.m3u8": Self.marked, "vmap/ima.xml": Self.positionVMAP,
        "vmap/fw-inline.xml": Self.freeWheelInline,
      ])
    #expect(status == 0)
    #expect(err == "")
    #expect(out.contains("#EXTINF:6,\nads/fw/fw0.ts\n"))
    #expect(
      Self.timeline(out) == [
        "cue-out break at 6 s for 12 s",
        "ad 12 s: impression@0 creativeView@0 midpoint@6 progress@6 complete@12",
      ])
  }

  @Test func aVMAPPositionPastTheMarkedBreaksWritesNothing() {
    let vmap = Self.positionVMAP.replacingOccurrences(of: "\"#1\"", with: "\"#2\"")
    let (status, out, err, io) = Self.run(
      ["stitch", "--vmap", "vmap/ima.xml", "--output-dir", "out", "index.m3u8"],
      files: [
        "index.m3u8": Self.marked, "vmap/ima.xml": vmap, "vmap/fw-inline.xml": Self.freeWheelInline,
      ])
    #expect(status == 2)
    #expect(out == "")
    #expect(io.writtenFiles.isEmpty)
    #expect(
      err == "vmap/ima.xml:3:3: error: AdBreak 'cue-1': #2 names the content's marked break 2; "
        + "the content has 1 [stitch.vmap.position]\n")
  }

  @Test func aVASTFileOverTheInputLimitIsRefused() {
    let (status, _, err, _) = Self.run(
      ["stitch", "--max-input-bytes", "1000", "--vast", "vast/fw-inline.xml", "index.m3u8"],
      files: Self.wrapperFiles)
    #expect(status == 2)
    #expect(
      err == "vast/fw-inline.xml:1:1: error: cannot read: larger than 1000 bytes "
        + "(--max-input-bytes) [limit.input-bytes]\n")
  }

  @Test func aVASTPodGoesIntoEveryVariantOfAMultivariantContent() {
    // AWS MediaPackage's multivariant playlist over two TS renditions with the same break.
    let master = """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=2200000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"
      720p/index.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"
      360p/index.m3u8

      """
    let (status, out, err, io) = Self.run(
      [
        "stitch", "--vast", "vast/fw-inline.xml", "--markers", "beacon", "--output-dir", "out",
        "master.m3u8",
      ],
      files: [
        "master.m3u8": master, "720p/index.m3u8": Self.marked, "360p/index.m3u8": Self.marked,
        "vast/fw-inline.xml": Self.freeWheelInline,
      ])
    #expect(status == 0)
    #expect(out == "")
    #expect(err == "")
    #expect(
      io.writtenFiles.keys.sorted() == [
        "out/360p/index.m3u8", "out/720p/index.m3u8", "out/master.m3u8",
      ])
    for name in ["out/360p/index.m3u8", "out/720p/index.m3u8"] {
      let text = String(decoding: io.writtenFiles[name] ?? [], as: UTF8.self)
      #expect(
        Self.timeline(text) == [
          "ad 12 s: impression@0 creativeView@0 midpoint@6 progress@6 complete@12"
        ])
      #expect(text.contains("#EXTINF:6,\n../../ads/fw/fw0.ts\n"))
    }
  }
}
