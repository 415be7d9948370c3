import ManifestCore
import Testing

@testable import HLS

@Suite struct VariantSelectionTests {
  static let ladder = """
    #EXTM3U
    #EXT-X-VERSION:6
    # ladder v2
    #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="News"
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac",NAME="English",DEFAULT=YES,URI="a/aac.m3u8"
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="ec3",NAME="English 5.1",DEFAULT=YES,URI="a/ec3.m3u8"
    #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="unused",NAME="Commentary",URI="a/commentary.m3u8"
    #EXT-X-FOO-VENDOR:keep=me
    #EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,AUDIO="aac"
    v/360p.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=2400000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=1280x720,AUDIO="aac"
    v/720p.m3u8
    # HEVC
    #EXT-X-STREAM-INF:BANDWIDTH=4800000,CODECS="hvc1.2.4.L123.B0,ec-3",RESOLUTION=1920x1080,AUDIO="ec3"
    h/1080p.m3u8
    #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,CODECS="avc1.4d401e",RESOLUTION=640x360,URI="v/360p-if.m3u8"
    #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=300000,CODECS="avc1.4d401f",RESOLUTION=1280x720,URI="v/720p-if.m3u8"
    #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=500000,CODECS="hvc1.2.4.L123.B0",RESOLUTION=1920x1080,URI="h/1080p-if.m3u8"

    """

  func select(_ filter: VariantFilter, from text: String = ladder) throws -> VariantSelection {
    try Playlist.multivariant(text).selectVariants(filter)
  }

  @Test func noFilterKeepsThePlaylistByteForByte() throws {
    let selection = try select(VariantFilter())
    #expect(selection.edits == [])
    #expect(selection.bytes == Array(Self.ladder.utf8))
    #expect(selection.unmetCaps == nil)
  }

  @Test func codecsFilterDropsTheOtherFamilyWithItsAudioAndIFrames() throws {
    let selection = try select(VariantFilter(codecPrefixes: ["hvc1", "hev1"]))
    #expect(
      String(decoding: selection.bytes, as: UTF8.self) == """
        #EXTM3U
        #EXT-X-VERSION:6
        # ladder v2
        #EXT-X-SESSION-DATA:DATA-ID="com.example.title",VALUE="News"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="ec3",NAME="English 5.1",DEFAULT=YES,URI="a/ec3.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="unused",NAME="Commentary",URI="a/commentary.m3u8"
        #EXT-X-FOO-VENDOR:keep=me
        # HEVC
        #EXT-X-STREAM-INF:BANDWIDTH=4800000,CODECS="hvc1.2.4.L123.B0,ec-3",RESOLUTION=1920x1080,AUDIO="ec3"
        h/1080p.m3u8
        #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=500000,CODECS="hvc1.2.4.L123.B0",RESOLUTION=1920x1080,URI="h/1080p-if.m3u8"

        """)
    #expect(selection.variants.map(\.uri) == ["h/1080p.m3u8"])
    #expect(selection.iFrameVariants.map(\.uri) == ["h/1080p-if.m3u8"])
    #expect((try selection.playlist())?.diagnostics == [])
    #expect((try selection.playlist())?.renditions.map(\.groupID) == ["ec3", "unused"])
  }

  @Test func capsKeepWhatFitsAndIFramesNoLargerThanAKeptVariant() throws {
    let selection = try select(
      VariantFilter(maxBandwidth: 3_000_000, maxResolution: Resolution(width: 1280, height: 720)))
    #expect(selection.variants.map(\.uri) == ["v/360p.m3u8", "v/720p.m3u8"])
    #expect(selection.iFrameVariants.map(\.uri) == ["v/360p-if.m3u8", "v/720p-if.m3u8"])
    #expect((try selection.playlist())?.renditions.map(\.groupID) == ["aac", "unused"])
    #expect(selection.unmetCaps == nil)
  }

  @Test func sortAndFirstPickTheLowestForOffline() throws {
    let selection = try select(VariantFilter(order: .bandwidthAscending, first: 1))
    #expect(selection.variants.map(\.uri) == ["v/360p.m3u8"])
    #expect(selection.iFrameVariants.map(\.uri) == ["v/360p-if.m3u8"])
    let highest = try select(VariantFilter(order: .bandwidthDescending, first: 1))
    #expect(highest.variants.map(\.uri) == ["h/1080p.m3u8"])
  }

  @Test func sortRewritesTheKeptVariantsIntoTheirPlaces() throws {
    let selection = try select(VariantFilter(order: .bandwidthDescending))
    let lines = String(decoding: selection.bytes, as: UTF8.self).split(separator: "\n")
    let expected: [String] = [
      "#EXT-X-STREAM-INF:BANDWIDTH=4800000,CODECS=\"hvc1.2.4.L123.B0,ec-3\","
        + "RESOLUTION=1920x1080,AUDIO=\"ec3\"",
      "h/1080p.m3u8",
      "#EXT-X-STREAM-INF:BANDWIDTH=2400000,CODECS=\"avc1.4d401f,mp4a.40.2\","
        + "RESOLUTION=1280x720,AUDIO=\"aac\"",
      "v/720p.m3u8",
      "# HEVC",
      "#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS=\"avc1.4d401e,mp4a.40.2\","
        + "RESOLUTION=640x360,AUDIO=\"aac\"",
    ]
    #expect(lines[8...13].map(String.init) == expected)
    #expect(
      (try selection.playlist())?.variants.map(\.bandwidth) == [4_800_000, 2_400_000, 800_000])
    #expect(
      (try selection.playlist())?.iFrameVariants.map(\.bandwidth) == [500_000, 300_000, 90_000])
  }

  @Test func noVariantFitsTheCapsSoTheLowestIsKept() throws {
    let selection = try select(VariantFilter(maxBandwidth: 500_000))
    #expect(selection.unmetCaps == "BANDWIDTH <= 500000")
    #expect(selection.variants.map(\.uri) == ["v/360p.m3u8"])
    #expect(selection.iFrameVariants.map(\.uri) == ["v/360p-if.m3u8"])
    let small = try select(VariantFilter(maxResolution: Resolution(width: 320, height: 180)))
    #expect(small.unmetCaps == "RESOLUTION <= 320x180")
    #expect(small.variants.map(\.uri) == ["v/360p.m3u8"])
  }

  /// A per-title ladder as AWS Elemental MediaConvert writes it with HEVC and HDR10 outputs
  /// beside AVC: the HEVC PQ rung is cheaper than the lowest AVC SDR one.
  static let perTitleLadder = """
    #EXTM3U
    #EXT-X-VERSION:6
    #EXT-X-INDEPENDENT-SEGMENTS
    #EXT-X-STREAM-INF:BANDWIDTH=1102000,AVERAGE-BANDWIDTH=905000,CODECS="avc1.4d401f,mp4a.40.2",RESOLUTION=960x540,FRAME-RATE=29.970
    title_avc_540p.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=651000,AVERAGE-BANDWIDTH=540000,CODECS="avc1.4d401e,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=29.970
    title_avc_360p.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=410000,AVERAGE-BANDWIDTH=350000,CODECS="hvc1.2.4.L93.B0,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=29.970,VIDEO-RANGE=PQ
    title_hdr10_360p.m3u8
    #EXT-X-STREAM-INF:BANDWIDTH=300000,AVERAGE-BANDWIDTH=260000,CODECS="hvc1.2.4.L63.B0,mp4a.40.2",RESOLUTION=480x270,FRAME-RATE=29.970
    title_hevc_270p.m3u8

    """

  @Test func nothingFitsSoTheLowestOfTheMostCompatibleFamilyIsKept() throws {
    let selection = try select(
      VariantFilter(maxBandwidth: 200_000), from: Self.perTitleLadder)
    #expect(selection.unmetCaps == "BANDWIDTH <= 200000")
    #expect(selection.fallbackFamily == "AVC SDR")
    #expect(selection.variants.map(\.uri) == ["title_avc_360p.m3u8"])
    let small = try select(
      VariantFilter(maxResolution: Resolution(width: 320, height: 180)), from: Self.perTitleLadder)
    #expect(small.unmetCaps == "RESOLUTION <= 320x180")
    #expect(small.fallbackFamily == "AVC SDR")
    #expect(small.variants.map(\.uri) == ["title_avc_360p.m3u8"])
    // Without AVC, HEVC SDR comes before HEVC PQ.
    let hevc = try select(
      VariantFilter(maxBandwidth: 200_000, codecPrefixes: ["hvc1"]), from: Self.perTitleLadder)
    #expect(hevc.variants.map(\.uri) == ["title_hevc_270p.m3u8"])
    #expect(hevc.fallbackFamily == nil)
  }

  @Test func capsOfZeroAreNoCaps() throws {
    // AVPlayer: preferredPeakBitRate 0 and preferredMaximumResolution .zero mean no limit.
    let selection = try select(
      VariantFilter(maxBandwidth: 0, maxResolution: Resolution(width: 0, height: 0)),
      from: Self.perTitleLadder)
    #expect(selection.unmetCaps == nil)
    #expect(selection.variants.count == 4)
    #expect(VariantFilter(maxBandwidth: 0).hasCaps == false)
    #expect(
      VariantFilter(maxBandwidth: 0, maxResolution: Resolution(width: 640, height: 360))
        .capDescription == "RESOLUTION <= 640x360")
  }

  @Test func theLowestRungKeepsItsTies() throws {
    let text = """
      #EXTM3U
      #EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,AUDIO="a1"
      en.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,AUDIO="a2"
      fr.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=3000000,RESOLUTION=1280x720,AUDIO="a1"
      hd.m3u8
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a1",NAME="en",URI="a1.m3u8"
      #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a2",NAME="fr",URI="a2.m3u8"

      """
    let selection = try select(VariantFilter(maxBandwidth: 100_000), from: text)
    #expect(selection.variants.map(\.uri) == ["en.m3u8", "fr.m3u8"])
    #expect((try selection.playlist())?.renditions.count == 2)
  }

  @Test func variantsWithoutResolutionAreNotCappedByIt() throws {
    let playlist = try VariantSamples.multivariant("audio-only-and-no-resolution.m3u8")
    let selection = try playlist.selectVariants(
      VariantFilter(maxResolution: Resolution(width: 640, height: 360)))
    #expect(selection.variants.map(\.uri) == ["audio/64k/index.m3u8", "video/400k/index.m3u8"])
    #expect(selection.unmetCaps == nil)
  }

  @Test func filtersThatMatchNothingFail() {
    #expect(
      throws: VariantSelectionError(
        "no variant matches codecs starting with av01; the variants have avc1.4d401e, mp4a.40.2, "
          + "avc1.4d401f, hvc1.2.4.L123.B0, ec-3")
    ) { try select(VariantFilter(codecPrefixes: ["av01"])) }
    #expect(
      throws: VariantSelectionError(
        "no variant matches BANDWIDTH >= 9000000 and VIDEO-RANGE=PQ; the highest BANDWIDTH is "
          + "4800000; VIDEO-RANGE SDR")
    ) { try select(VariantFilter(minBandwidth: 9_000_000, videoRange: "PQ")) }
    #expect(throws: VariantSelectionError("the playlist has no variant streams (EXT-X-STREAM-INF)"))
    {
      try select(
        VariantFilter(), from: "#EXTM3U\n#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=9,URI=\"i.m3u8\"\n")
    }
  }

  @Test func filtersBeforeCaps() throws {
    // The caps fall back among the variants the filters kept, not the whole ladder.
    let selection = try select(VariantFilter(maxBandwidth: 1_000_000, codecPrefixes: ["hvc1"]))
    #expect(selection.variants.map(\.uri) == ["h/1080p.m3u8"])
    #expect(selection.unmetCaps == "BANDWIDTH <= 1000000")
  }

  @Test func appleLadderHDRAndCodecFilters() throws {
    let playlist = try VariantSamples.multivariant("apple-avc-hevc-hdr.m3u8")
    let hdr = try playlist.selectVariants(VariantFilter(videoRange: "PQ"))
    #expect(
      hdr.variants.map(\.uri) == ["hdr10/1080p/prog_index.m3u8", "hdr10/2160p/prog_index.m3u8"])
    #expect(hdr.iFrameVariants.map(\.uri) == ["hdr10/2160p/iframe_index.m3u8"])
    #expect(
      (try hdr.playlist())?.renditions.map(\.groupID) == ["ec3-51", "subs", "cc"])
    #expect((try hdr.playlist())?.sessionData.count == 1)
    #expect((try hdr.playlist())?.sessionKeys.count == 1)
    let text = String(decoding: hdr.bytes, as: UTF8.self)
    #expect(text.contains("\n#EXT-X-EXAMPLE-LADDER-ID:spring-ep01-v3\n"))
    #expect(text.contains("\n# HEVC, SDR, with 5.1 audio\n"))
    let sdr = try playlist.selectVariants(VariantFilter(videoRange: "SDR", first: 2))
    #expect(sdr.variants.map(\.uri) == ["avc/234p/prog_index.m3u8", "avc/360p/prog_index.m3u8"])
    #expect(sdr.iFrameVariants.map(\.uri) == ["avc/234p/iframe_index.m3u8"])
    #expect(
      (try sdr.playlist())?.renditions.map(\.groupID) == ["aac-stereo", "aac-stereo", "subs", "cc"])
  }

  @Test func iFrameStreamsFollowTheVideoGroupTheyName() throws {
    let text = """
      #EXTM3U
      #EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="cam1",NAME="Main",DEFAULT=YES
      #EXT-X-MEDIA:TYPE=VIDEO,GROUP-ID="cam2",NAME="Wide",DEFAULT=YES
      #EXT-X-STREAM-INF:BANDWIDTH=2000000,VIDEO="cam1"
      main.m3u8
      #EXT-X-STREAM-INF:BANDWIDTH=2100000,VIDEO="cam2"
      wide.m3u8
      #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,VIDEO="cam1",URI="main-if.m3u8"
      #EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=210000,VIDEO="cam2",URI="wide-if.m3u8"

      """
    let selection = try select(VariantFilter(maxBandwidth: 2_050_000), from: text)
    #expect(selection.variants.map(\.uri) == ["main.m3u8"])
    #expect(selection.iFrameVariants.map(\.uri) == ["main-if.m3u8"])
    #expect((try selection.playlist())?.renditions.map(\.groupID) == ["cam1"])
  }
}
