import AdInsertion
import HLS
import ManifestCore
import SchemaTestSupport
import StrictXML
import Testing

@testable import DASH

/// MPDs that play: HLS fMP4/CMAF media playlists as SegmentList Representations in content and
/// ad Periods (issue 15 item 4), each checked against the schema's structure and read back.
@Suite struct HLSMPDWriterTests {
  private func media(_ text: String) throws -> MediaPlaylist {
    try #require(try Playlist.parse(Array(text.utf8)).media)
  }

  private func mpd(_ text: String, uri: String = "index.m3u8") throws -> String {
    let playlist = try media(text)
    let xml = DASHPeriodWriter().presentation(
      AdTimeline(playlist), media: HLSMPDWriter(media: playlist, uri: uri)
    ).xml
    #expect(MPDStructureCheck.problems(xml) == [])
    return xml
  }

  /// ffmpeg 5.1 `-f hls -hls_segment_type fmp4 -hls_flags single_file`: the map and the
  /// segments as byte ranges of one file; a CUE-OUT/CUE-IN break written into it.
  private let singleFile = """
    #EXTM3U
    #EXT-X-VERSION:7
    #EXT-X-TARGETDURATION:4
    #EXT-X-MEDIA-SEQUENCE:0
    #EXT-X-PLAYLIST-TYPE:VOD
    #EXT-X-MAP:URI="b.m4s",BYTERANGE="827@0"
    #EXTINF:4.000000,
    #EXT-X-BYTERANGE:12339@827
    b.m4s
    #EXT-X-CUE-OUT:4
    #EXTINF:4.000000,
    #EXT-X-BYTERANGE:12108@13166
    b.m4s
    #EXT-X-CUE-IN
    #EXTINF:4.000000,
    #EXT-X-BYTERANGE:12100@25274
    b.m4s
    #EXTINF:3.960000,
    #EXT-X-BYTERANGE:11523@37374
    b.m4s
    #EXT-X-ENDLIST

    """

  @Test func byteRangesBecomeInitializationRangeAndMediaRanges() throws {
    let xml = try mpd(singleFile, uri: "media/b.m3u8")
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:scte35="urn:scte:scte35:2013:xml" \
      profiles="urn:mpeg:dash:profile:isoff-live:2011" type="static" \
      mediaPresentationDuration="PT15.96S" minBufferTime="PT4S">
        <Period id="CONTENT_0" duration="PT4S" start="PT0S">
          <AdaptationSet id="0" contentType="video" mimeType="video/mp4">
            <Representation id="video0" bandwidth="24678">
              <SegmentList timescale="1000">
                <Initialization sourceURL="media/b.m4s" range="0-826"/>
                <SegmentTimeline>
                  <S t="0" d="4000"/>
                </SegmentTimeline>
                <SegmentURL media="media/b.m4s" mediaRange="827-13165"/>
              </SegmentList>
            </Representation>
          </AdaptationSet>
        </Period>
        <Period id="MSN-1" duration="PT4S" start="PT4S">
          <AssetIdentifier schemeIdUri="urn:com:vodafone:vtv:ssai:2019" value="ad"/>
          <AdaptationSet id="0" contentType="video" mimeType="video/mp4">
            <Representation id="video0" bandwidth="24678">
              <SegmentList timescale="1000" presentationTimeOffset="4000">
                <Initialization sourceURL="media/b.m4s" range="0-826"/>
                <SegmentTimeline>
                  <S t="4000" d="4000"/>
                </SegmentTimeline>
                <SegmentURL media="media/b.m4s" mediaRange="13166-25273"/>
              </SegmentList>
            </Representation>
          </AdaptationSet>
        </Period>
        <Period id="CONTENT_2" duration="PT7.96S" start="PT8S">
          <AdaptationSet id="0" contentType="video" mimeType="video/mp4">
            <Representation id="video0" bandwidth="24678">
              <SegmentList timescale="1000" presentationTimeOffset="8000">
                <Initialization sourceURL="media/b.m4s" range="0-826"/>
                <SegmentTimeline>
                  <S t="8000" d="4000"/>
                  <S d="3960"/>
                </SegmentTimeline>
                <SegmentURL media="media/b.m4s" mediaRange="25274-37373"/>
                <SegmentURL media="media/b.m4s" mediaRange="37374-48896"/>
              </SegmentList>
            </Representation>
          </AdaptationSet>
        </Period>
      </MPD>
      """
    #expect(xml == expected)
  }

  /// AAC at 48 kHz in 4 s segments, as ffmpeg cuts audio: 1024-sample frames make segments of
  /// 4.010667 and 3.989333 s, exact only at a microsecond timescale.
  @Test func theTimescaleMakesEveryDurationExact() throws {
    let xml = try mpd(
      """
      #EXTM3U
      #EXT-X-VERSION:7
      #EXT-X-TARGETDURATION:4
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-MAP:URI="init_2.mp4"
      #EXTINF:4.010667,
      seg0.m4s
      #EXTINF:3.989333,
      seg1.m4s
      #EXTINF:4.010667,
      seg2.m4s
      #EXT-X-ENDLIST

      """)
    let root = try StrictXMLReader.read(Array(xml.utf8))
    let list = try #require(
      root.firstElement(named: "Period")?.firstElement(named: "AdaptationSet")?
        .firstElement(named: "Representation")?.firstElement(named: "SegmentList"))
    #expect(list.attribute("timescale") == "1000000")
    let entries = try #require(list.firstElement(named: "SegmentTimeline")).elements(named: "S")
    #expect(entries.map { $0.attribute("t") } == ["0", nil, nil])
    #expect(entries.map { $0.attribute("d") } == ["4010667", "3989333", "4010667"])
    #expect(
      list.elements(named: "SegmentURL").map { $0.attribute("media") } == [
        "seg0.m4s", "seg1.m4s", "seg2.m4s",
      ])
    #expect(HLSMPDWriter.timescale(for: [try #require(ExactDecimal("3.003"))]) == 1000)
    #expect(
      HLSMPDWriter.timescale(for: [try #require(ExactDecimal("0.0000000001"))]) == 1_000_000_000)
  }

  @Test func frameRatesAreFrameRateTypes() throws {
    func rate(_ text: String) throws -> String {
      HLSMPDWriter.frameRate(try #require(ExactDecimal(text)))
    }
    #expect(try rate("25.000") == "25")
    #expect(try rate("29.970") == "30000/1001")
    #expect(try rate("23.976") == "24000/1001")
    #expect(try rate("59.940") == "60000/1001")
    #expect(try rate("12.5") == "25/2")
  }

  /// A multivariant playlist as ffmpeg 5.1 writes it with `-var_stream_map "v:0,agroup:aud
  /// v:1,agroup:aud a:0,agroup:aud,language:en"`: two video variants, an English AAC rendition
  /// that is also listed as an audio-only variant.
  @Test func aMultivariantPlaylistGivesEveryVariantAndAudioRendition() throws {
    let multivariant = try #require(
      try Playlist.parse(
        Array(
          """
          #EXTM3U
          #EXT-X-VERSION:7
          #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="group_aud",NAME="audio_2",DEFAULT=YES,LANGUAGE="en",\
          URI="vEnglish/index.m3u8"
          #EXT-X-STREAM-INF:BANDWIDTH=510400,RESOLUTION=320x180,CODECS="avc1.42c014,mp4a.40.2",\
          AUDIO="group_aud",FRAME-RATE=29.970
          v0/index.m3u8

          #EXT-X-STREAM-INF:BANDWIDTH=235400,RESOLUTION=160x90,CODECS="avc1.42c00c,mp4a.40.2",\
          AUDIO="group_aud"
          v1/index.m3u8

          #EXT-X-STREAM-INF:BANDWIDTH=70400,CODECS="mp4a.40.2",AUDIO="group_aud"
          vEnglish/index.m3u8

          """.utf8)
      ).multivariant)
    func playlist(_ map: String) throws -> MediaPlaylist {
      try media(
        """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:4
        #EXT-X-PLAYLIST-TYPE:VOD
        #EXT-X-MAP:URI="\(map)"
        #EXTINF:4.000000,
        seg0.m4s
        #EXT-X-CUE-OUT:4
        #EXTINF:4.000000,
        seg1.m4s
        #EXT-X-CUE-IN
        #EXTINF:4.000000,
        seg2.m4s
        #EXT-X-ENDLIST

        """)
    }
    let writer = HLSMPDWriter(
      multivariant: multivariant, uri: "master.m3u8",
      playlists: [
        "v0/index.m3u8": try playlist("init_0.mp4"), "v1/index.m3u8": try playlist("init_1.mp4"),
        "vEnglish/index.m3u8": try playlist("init_2.mp4"),
      ])
    #expect(writer.tracks.map(\.kind) == [.video, .video, .audio])
    #expect(writer.isSegmentedMP4)
    let first = try #require(writer.tracks.first?.playlist)
    let xml = DASHPeriodWriter().presentation(AdTimeline(first), media: writer).xml
    #expect(MPDStructureCheck.problems(xml) == [])
    let root = try StrictXMLReader.read(Array(xml.utf8))
    let periods = root.elements(named: "Period")
    #expect(periods.map { $0.attribute("id") } == ["CONTENT_0", "MSN-1", "CONTENT_2"])
    for period in periods {
      let sets = period.elements(named: "AdaptationSet")
      #expect(sets.map { $0.attribute("contentType") } == ["video", "audio"])
      #expect(sets.map { $0.attribute("lang") } == [nil, "en"])
      let video = sets[0].elements(named: "Representation")
      #expect(video.map { $0.attribute("id") } == ["video0", "video1"])
      #expect(video.map { $0.attribute("bandwidth") } == ["510400", "235400"])
      #expect(video.map { $0.attribute("codecs") } == ["avc1.42c014", "avc1.42c00c"])
      #expect(video.map { $0.attribute("width") } == ["320", "160"])
      #expect(video.map { $0.attribute("frameRate") } == ["30000/1001", nil])
      let audio = try #require(sets[1].firstElement(named: "Representation"))
      #expect(audio.attribute("codecs") == "mp4a.40.2")
      #expect(audio.attribute("bandwidth") == "70400")
      #expect(
        audio.firstElement(named: "SegmentList")?.firstElement(named: "Initialization")?
          .attribute("sourceURL") == "vEnglish/init_2.mp4")
    }
  }

  /// A live window as AWS Elemental MediaPackage writes it (PROGRAM-DATE-TIME on every
  /// segment, CUE-OUT/CUE-IN), reloaded one segment later.
  private func live(from sequence: Int) -> String {
    var lines = [
      "#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:2",
      "#EXT-X-MEDIA-SEQUENCE:\(sequence)", #"#EXT-X-MAP:URI="init.mp4""#,
    ]
    for number in sequence..<(sequence + 6) {
      if number == 103 { lines.append("#EXT-X-CUE-OUT:4") }
      if number == 105 { lines.append("#EXT-X-CUE-IN") }
      let seconds = 2 * (number - 100)
      lines.append(
        "#EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:\(seconds < 10 ? "0" : "")\(seconds).000Z")
      lines += ["#EXTINF:2.000,", "seg\(number).m4s"]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func aLiveWindowIsDynamicOnTheProgramDateTimeClock() throws {
    let first = try mpd(live(from: 100))
    let root = try StrictXMLReader.read(Array(first.utf8))
    #expect(root.attribute("type") == "dynamic")
    #expect(root.attribute("availabilityStartTime") == "1970-01-01T00:00:00Z")
    #expect(root.attribute("publishTime") == "2025-11-29T00:00:12.000Z")
    #expect(root.attribute("minimumUpdatePeriod") == "PT2S")
    #expect(root.attribute("timeShiftBufferDepth") == "PT12S")
    let periods = root.elements(named: "Period")
    #expect(periods.map { $0.attribute("id") } == ["CONTENT_D0", "MSN-103", "CONTENT_105"])
    #expect(periods.map { $0.attribute("start") } == ["PT0S", "PT1764374406S", "PT1764374410S"])
    #expect(periods.map { $0.attribute("duration") } == [nil, nil, nil])
    let ad = try #require(
      periods[1].firstElement(named: "AdaptationSet")?.firstElement(named: "Representation")?
        .firstElement(named: "SegmentList"))
    #expect(ad.attribute("presentationTimeOffset") == "1764374406000")
    #expect(
      ad.firstElement(named: "SegmentTimeline")?.elements(named: "S").map {
        [$0.attribute("t"), $0.attribute("d"), $0.attribute("r")]
      } == [["1764374406000", "2000", "1"]])

    // One segment later the break, the content after it and every segment's time are the same.
    let reloaded = try StrictXMLReader.read(Array(try mpd(live(from: 101)).utf8))
    let again = reloaded.elements(named: "Period")
    #expect(again.map { $0.attribute("id") } == ["CONTENT_D0", "MSN-103", "CONTENT_105"])
    #expect(again.map { $0.attribute("start") } == ["PT0S", "PT1764374406S", "PT1764374410S"])
    #expect(reloaded.attribute("availabilityStartTime") == "1970-01-01T00:00:00Z")
    #expect(reloaded.attribute("publishTime") == "2025-11-29T00:00:14.000Z")
    let times = { (period: XMLTreeElement) in
      period.firstElement(named: "AdaptationSet")?.firstElement(named: "Representation")?
        .firstElement(named: "SegmentList")?.firstElement(named: "SegmentTimeline")?
        .elements(named: "S").map { $0.attribute("t") }
    }
    #expect(times(again[1]) == times(periods[1]))
    #expect(times(again[0]) == [Optional("1764374402000")])
  }

  /// A program date-time that jumps at the break (an SSAI server stitching the ad after a
  /// DISCONTINUITY with the ad decision's wall clock): the ad Period starts at its own date.
  @Test func aLivePeriodStartsAtItsFirstSegmentsDateTime() throws {
    let xml = try mpd(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:2
      #EXT-X-MEDIA-SEQUENCE:7
      #EXT-X-MAP:URI="init.mp4"
      #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:00.000Z
      #EXTINF:2.000,
      a.m4s
      #EXT-X-DISCONTINUITY
      #EXT-X-CUE-OUT:2
      #EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:01:00.500Z
      #EXTINF:2.000,
      ad.m4s
      #EXT-X-CUE-IN

      """)
    let root = try StrictXMLReader.read(Array(xml.utf8))
    let periods = root.elements(named: "Period")
    #expect(periods.map { $0.attribute("start") } == ["PT0S", "PT1764374460.5S"])
    #expect(
      periods[1].firstElement(named: "AdaptationSet")?.firstElement(named: "Representation")?
        .firstElement(named: "SegmentList")?.attribute("presentationTimeOffset")
        == "1764374460500")
  }

  /// URIs are the producer's text: markup in them is escaped, the MPD's structure unchanged.
  @Test func markupInURIsIsEscaped() throws {
    let xml = try mpd(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-MAP:URI="i.mp4?a=1&b=\u{1}"
      #EXTINF:4,
      s.m4s?x="/><SegmentURL media="evil.m4s
      #EXT-X-ENDLIST

      """)
    #expect(xml.contains("<Initialization sourceURL=\"i.mp4?a=1&amp;b=\u{FFFD}\"/>"))
    let root = try StrictXMLReader.read(Array(xml.utf8))
    let list = try #require(
      root.firstElement(named: "Period")?.firstElement(named: "AdaptationSet")?
        .firstElement(named: "Representation")?.firstElement(named: "SegmentList"))
    #expect(
      list.elements(named: "SegmentURL").map { $0.attribute("media") } == [
        #"s.m4s?x="/><SegmentURL media="evil.m4s"#
      ])
  }

  @Test func mpegTSMediaAreNotSegmentedMP4() throws {
    let playlist = try media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\na.ts\n#EXT-X-ENDLIST\n")
    #expect(!HLSMPDWriter(media: playlist, uri: "a.m3u8").isSegmentedMP4)
    #expect(HLSMPDWriter(tracks: []).isSegmentedMP4 == false)
  }

  /// The check finds what it is for: each near miss is one problem.
  @Test func theStructureCheckFindsOrderAttributesAndDurations() {
    let head =
      #"<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="p" type="static" "#
      + #"mediaPresentationDuration="PT4S" minBufferTime="PT2S">"#
    #expect(MPDStructureCheck.problems(head + #"<Period id="a" start="PT0S"/></MPD>"#) == [])
    #expect(
      MPDStructureCheck.problems(
        head + #"<Period><AdaptationSet/><AssetIdentifier schemeIdUri="u"/></Period></MPD>"#)
        == ["MPD/Period: AssetIdentifier after AdaptationSet"])
    #expect(
      MPDStructureCheck.problems(head + #"<Period start="P4S"/></MPD>"#)
        == ["MPD/Period: @start 'P4S' is not an xs:duration"])
    #expect(
      MPDStructureCheck.problems(
        head
          + #"<Period><AdaptationSet><Representation id="r"><SegmentList timescale="1">"#
          + #"<SegmentURL media="a"/><SegmentTimeline/></SegmentList></Representation>"#
          + #"</AdaptationSet></Period></MPD>"#)
        == [
          "MPD/Period/AdaptationSet/Representation[r]: no @bandwidth",
          "MPD/Period/AdaptationSet/Representation[r]/SegmentList: SegmentTimeline after SegmentURL",
        ])
    #expect(
      MPDStructureCheck.problems(
        #"<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="p" minBufferTime="PT2S">"#
          + #"<Period/></MPD>"#) == ["MPD: a static MPD without mediaPresentationDuration"])
    #expect(
      MPDStructureCheck.problems(
        head + #"<Period><AdaptationSet><Representation id="r" bandwidth="1" frameRate="29.97"/>"#
          + #"</AdaptationSet></Period></MPD>"#)
        == ["MPD/Period/AdaptationSet/Representation[r]: @frameRate '29.97' is not a FrameRateType"]
    )
  }

  /// A replacing HLS Interstitial (Harmonic VOS360's server-guided shape) in a CMAF playlist:
  /// its ad Period holds the Alternative MPD event beside the segments it replaces, and the MPD
  /// keeps the schema's structure.
  @Test func interstitialPeriodHoldsTheAlternativeMPDEvent() throws {
    var text = """
      #EXTM3U
      #EXT-X-VERSION:7
      #EXT-X-TARGETDURATION:2
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-MAP:URI="init.mp4"
      #EXT-X-PROGRAM-DATE-TIME:2025-06-01T20:00:00.000Z

      """
    for i in 0..<6 {
      if i == 2 {
        text +=
          #"#EXT-X-DATERANGE:ID="vos-ad-1",CLASS="com.apple.hls.interstitial",START-DATE="2025-06-01T20:00:04.000Z",DURATION=4.000,CUE="ONCE",X-ASSET-URI="https://ads.example.com/vos360/pods/1/index.m3u8",X-RESUME-OFFSET=4.000,X-RESTRICT="SKIP,JUMP",X-SNAP="OUT,IN""#
          + "\n"
      }
      text += "#EXTINF:2.000,\nseg\(i).m4s\n"
    }
    text += "#EXT-X-ENDLIST\n"
    let xml = try mpd(text)
    let period = try #require(
      xml.components(separatedBy: "<Period ").first { $0.hasPrefix(#"id="vos-ad-1""#) })
    #expect(
      period.contains(
        """
            <EventStream schemeIdUri="urn:mpeg:dash:event:alternativeMPD:replace:2025" timescale="1000">
              <Event id="0" duration="4000">
                <ReplacePresentation uri="https://ads.example.com/vos360/pods/1/index.m3u8" executeOnce="true" noJump="1"/>
              </Event>
            </EventStream>
            <AdaptationSet
        """))
    #expect(period.contains(#"<SegmentURL media="seg3.m4s"/>"#))
  }
}
