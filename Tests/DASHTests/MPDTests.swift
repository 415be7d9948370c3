import AdInsertion
import DASH
import HLS
import ManifestCore
import Testing
import Thumbnails

/// The one MPD model: ad Periods from an ad timeline and a thumbnail AdaptationSet together.
@Suite struct MPDTests {
  /// A VOD playlist with one 12-second break, as AWS Elemental MediaLive marks it
  /// (`EXT-X-CUE-OUT:<duration>` … `EXT-X-CUE-IN`).
  private let playlist = """
    #EXTM3U
    #EXT-X-VERSION:3
    #EXT-X-TARGETDURATION:6
    #EXT-X-MEDIA-SEQUENCE:0
    #EXTINF:6.000,
    seg0.ts
    #EXTINF:6.000,
    seg1.ts
    #EXT-X-CUE-OUT:12.000
    #EXTINF:6.000,
    ad0.ts
    #EXTINF:6.000,
    ad1.ts
    #EXT-X-CUE-IN
    #EXTINF:6.000,
    seg2.ts
    #EXTINF:6.000,
    seg3.ts
    #EXT-X-ENDLIST

    """

  private func timeline() throws -> AdTimeline {
    let media = try #require(try Playlist.parse(Array(playlist.utf8)).media)
    return AdTimeline(media)
  }

  /// 2 × 2 thumbnails every 2.5 s: one sheet covers 10 s.
  private func thumbnails() throws -> DASHImageAdaptationSet {
    let grid = try SpriteGrid(
      template: SpriteURLTemplate("sprites/sheet-~index~.jpg"), columns: 2, rows: 2,
      interval: #require(ExactDecimal("2.5")), thumbnailSize: PixelSize(width: 160, height: 90))
    return DASHImageAdaptationSet(grid: grid, bandwidth: 8000)
  }

  @Test func oneMPDCarriesAdPeriodsAndTheImageAdaptationSet() throws {
    var mpd = DASHPeriodWriter().presentation(try timeline())
    try thumbnails().addToContentPeriods(of: &mpd)
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:scte35="urn:scte:scte35:2013:xml" \
      profiles="urn:mpeg:dash:profile:isoff-live:2011" type="static" \
      mediaPresentationDuration="PT36S" minBufferTime="PT6S">
        <Period id="CONTENT_0" duration="PT12S" start="PT0S">
          <AdaptationSet contentType="image" mimeType="image/jpeg">
            <SegmentTemplate media="sprites/sheet-$Number$.jpg" timescale="1" duration="10" \
      startNumber="1"/>
            <Representation id="thumbnails" bandwidth="8000" width="320" height="180">
              <EssentialProperty schemeIdUri="http://dashif.org/thumbnail_tile" value="2x2"/>
            </Representation>
          </AdaptationSet>
        </Period>
        <Period id="MSN-2" duration="PT12S" start="PT12S">
          <AssetIdentifier schemeIdUri="urn:com:vodafone:vtv:ssai:2019" value="ad"/>
        </Period>
        <Period id="CONTENT_4" duration="PT12S" start="PT24S">
          <AdaptationSet contentType="image" mimeType="image/jpeg">
            <SegmentTemplate media="sprites/sheet-$Number$.jpg" timescale="1" \
      presentationTimeOffset="4" duration="10" startNumber="3"/>
            <Representation id="thumbnails" bandwidth="8000" width="320" height="180">
              <EssentialProperty schemeIdUri="http://dashif.org/thumbnail_tile" value="2x2"/>
            </Representation>
          </AdaptationSet>
        </Period>
      </MPD>
      """
    #expect(mpd.xml == expected)
  }

  @Test func theVodafoneURNsAreDefaultsTheCallerCanReplace() throws {
    let writer = DASHPeriodWriter(
      assetIdentifier: Descriptor(schemeIdUri: "urn:example:ssai:asset", value: "ad-break"),
      beaconNamespace: XMLNamespace(prefix: "EX", uri: "urn:example:ssai:beacons"))
    // Beacons the way beacons.m3u8 (AdInsertionTests) carries them: EXT-X-BEACON lines.
    let beacons = """
      #EXTM3U
      #EXT-X-VERSION:3
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-BEACON:AD_LENGTH=6
      #EXT-X-BEACON:EVENT=start,URL=https://t.example.com/ev?e=start&ad=7
      #EXTINF:6.000,
      https://ads.example.com/7/a0.ts
      #EXT-X-ENDLIST

      """
    let media = try #require(try Playlist.parse(Array(beacons.utf8)).media)
    let adBreak = try #require(AdTimeline(media).breaks.first)
    #expect(
      writer.period(adBreak)
        == """
        <Period id="MSN-0" duration="PT6S" start="PT0S">
          <AssetIdentifier schemeIdUri="urn:example:ssai:asset" value="ad-break"/>
          <EventStream schemeIdUri="urn:scte:scte35:2013:xml" timescale="1000">
            <Event id="0" xmlns:EX="urn:example:ssai:beacons">
              <EX:beaconurls><TrackingEvents><Tracking event="start">\
        https://t.example.com/ev?e=start&amp;ad=7</Tracking></TrackingEvents></EX:beaconurls>
            </Event>
          </EventStream>
        </Period>
        """)
    #expect(DASHPeriodWriter().assetIdentifier == DASHPeriodWriter.vodafoneAssetIdentifier)
    #expect(
      DASHPeriodWriter().beaconNamespace
        == XMLNamespace(prefix: "VTV-SSAI", uri: "urn:vodafone:vtv:ssai:event"))
  }

  @Test func theTileSchemeCanBeTheOlderDASHIFSpelling() throws {
    var set = try thumbnails()
    set.tileScheme = "http://dashif.org/guidelines/thumbnail_tile"
    #expect(
      set.xml.contains(
        #"<EssentialProperty schemeIdUri="http://dashif.org/guidelines/thumbnail_tile" value="2x2"/>"#
      ))
  }

  /// Found reviewing overflow for issue 13: an Event time past `Int64` milliseconds was the
  /// seconds' digits unscaled (`rescaled(to: 3)` keeps the value when it cannot widen).
  @Test func anEventTimePastInt64MillisecondsIsClampedNotMisscaled() throws {
    let playlist = """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-PLAYLIST-TYPE:VOD
      #EXT-X-BEACON:AD_LENGTH=9300000000000006
      #EXT-X-BEACON:EVENT=start,URL=https://t.example.com/ev?e=start
      #EXTINF:9300000000000000,
      https://ads.example.com/7/a0.ts
      #EXT-X-BEACON:EVENT=complete,URL=https://t.example.com/ev?e=complete
      #EXTINF:6.000,
      https://ads.example.com/7/a1.ts
      #EXT-X-ENDLIST

      """
    let media = try #require(try Playlist.parse(Array(playlist.utf8)).media)
    let adBreak = try #require(AdTimeline(media).breaks.first)
    let event = try #require(DASHPeriodWriter().adPeriod(adBreak).eventStreams.first?.events.last)
    #expect(event.presentationTime == .max)
  }
}
