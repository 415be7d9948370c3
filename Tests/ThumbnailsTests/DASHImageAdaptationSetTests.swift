import ManifestCore
import Testing

@testable import Thumbnails

@Suite struct DASHImageAdaptationSetTests {
  @Test func describesTheSpriteConfigurationAsThumbnailTiles() throws {
    let grid = try SpriteGrid(
      template: SpriteURLTemplate("sprites/sheet-~index:4~.jpg"), columns: 5, rows: 4,
      interval: try #require(ExactDecimal("5")), thumbnailSize: PixelSize(width: 160, height: 90))
    let set = DASHImageAdaptationSet(grid: grid)
    #expect(set.sheetDuration == ExactDecimal(100))
    // 800×360 px at one bit per pixel over 100 s.
    #expect(set.estimatedBandwidth == 2880)
    #expect(
      set.xml == """
        <AdaptationSet contentType="image" mimeType="image/jpeg">
          <SegmentTemplate media="sprites/sheet-$Number%04d$.jpg" timescale="1" duration="100" startNumber="1"/>
          <Representation id="thumbnails" bandwidth="2880" width="800" height="360">
            <EssentialProperty schemeIdUri="http://dashif.org/thumbnail_tile" value="5x4"/>
          </Representation>
        </AdaptationSet>
        """)
  }

  @Test func fractionalIntervalsUseAFinerTimescaleAndEverythingIsEscaped() throws {
    let grid = try SpriteGrid(
      template: SpriteURLTemplate("https://cdn.example/t.png?a=1&b=\"~index~\""), columns: 3,
      rows: 1, interval: try #require(ExactDecimal("2.002")),
      thumbnailSize: PixelSize(width: 100, height: 100),
      startIndex: 0)
    let set = DASHImageAdaptationSet(
      grid: grid, representationID: "thumbs_100", bandwidth: 5000, adaptationSetID: 7)
    #expect(set.resolvedMimeType == "image/png")
    #expect(
      set.mpd(duration: try #require(ExactDecimal("60"))) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" profiles="urn:mpeg:dash:profile:isoff-live:2011" mediaPresentationDuration="PT60S" minBufferTime="PT2S">
          <Period id="0" start="PT0S" duration="PT60S">
            <AdaptationSet id="7" contentType="image" mimeType="image/png">
              <SegmentTemplate media="https://cdn.example/t.png?a=1&amp;b=&quot;$Number$&quot;" timescale="1000" duration="6006" startNumber="0"/>
              <Representation id="thumbs_100" bandwidth="5000" width="300" height="100">
                <EssentialProperty schemeIdUri="http://dashif.org/thumbnail_tile" value="3x1"/>
              </Representation>
            </AdaptationSet>
          </Period>
        </MPD>
        """)
  }
}
