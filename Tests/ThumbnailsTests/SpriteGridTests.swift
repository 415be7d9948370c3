import ManifestCore
import Subtitles
import Testing

@testable import Thumbnails

@Suite struct SpriteGridTests {
  private func decimal(_ text: String) throws -> ExactDecimal { try #require(ExactDecimal(text)) }

  private func sampleGrid() throws -> SpriteGrid {
    try SpriteGrid(
      template: SpriteURLTemplate("sprites/sheet-~index:4~.jpg"), columns: 5, rows: 4,
      interval: try decimal("5"), thumbnailSize: PixelSize(width: 160, height: 90))
  }

  @Test func templatesNumberAndPadSheets() {
    let padded = SpriteURLTemplate("s/~index:4~/sheet-~index~.jpg")
    #expect(
      padded.parts == [
        .literal("s/"), .index(width: 4), .literal("/sheet-"), .index(width: 0), .literal(".jpg"),
      ])
    #expect(padded.url(sheet: 7) == "s/0007/sheet-7.jpg")
    #expect(padded.url(sheet: 12345) == "s/12345/sheet-12345.jpg")
    #expect(padded.url(sheet: 0) == "s/0000/sheet-0.jpg")
    #expect(padded.url(sheet: -3) == "s/-0003/sheet--3.jpg")
    #expect(padded.url(sheet: .max) == "s/\(Int.max)/sheet-\(Int.max).jpg")
    #expect(
      SpriteURLTemplate("~index:18~").url(sheet: 5) == String(repeating: "0", count: 17) + "5")
    #expect(SpriteURLTemplate("é~index~ü").url(sheet: 2) == "é2ü")
    #expect(padded.hasIndex)
    // Anything that is not an index token is literal, tildes included.
    let literal = SpriteURLTemplate("~home/~index:0~/~index:19~/~idx~/a~")
    #expect(!literal.hasIndex)
    #expect(literal.url(sheet: 3) == "~home/~index:0~/~index:19~/~idx~/a~")
    #expect(SpriteURLTemplate("a$b-~index:3~.jpg").dashMedia == "a$$b-$Number%03d$.jpg")
    #expect(SpriteURLTemplate("t~index~.png").dashMedia == "t$Number$.png")
  }

  @Test func generatedTrackMatchesTheSampleCellByCell() throws {
    let generated = try sampleGrid().generate(duration: try decimal("127.5"))
    #expect(generated.warnings.isEmpty)
    let track = generated.track
    #expect(track.thumbnails.count == 26)
    for (i, thumbnail) in track.thumbnails.enumerated() {
      let cell = i % 20
      #expect(thumbnail.start == .ms(Int64(i) * 5000))
      #expect(thumbnail.end == .ms(min(Int64(i + 1) * 5000, 127_500)))
      #expect(thumbnail.url == "sprites/sheet-000\(i / 20 + 1).jpg")
      #expect(
        thumbnail.region
          == SpatialFragment(x: cell % 5 * 160, y: cell / 5 * 90, width: 160, height: 90))
    }
    // The sample was written independently (by a script); the generator reproduces it.
    #expect(ThumbnailTrackWriter.write(track) == (try Sample.bytes("sprites.vtt")))
  }

  @Test func startIndexAndAPartialLastSheet() throws {
    let grid = try SpriteGrid(
      template: SpriteURLTemplate("t/~index~.jpg"), columns: 2, rows: 2,
      interval: try decimal("2.002"), thumbnailSize: PixelSize(width: 120, height: 68),
      startIndex: 0)
    let sheets = grid.sheets(duration: try decimal("10"))
    #expect(sheets.map(\.url) == ["t/0.jpg", "t/1.jpg"])
    #expect(sheets.map(\.start) == [.zero, .ms(8008)])
    #expect(sheets.map(\.duration) == [.ms(8008), .ms(1992)])
    #expect(sheets[1].usedTileCount == 1)
    let thumbnails = grid.generate(duration: try decimal("10")).track.thumbnails
    #expect(
      thumbnails.map(\.reference) == [
        "t/0.jpg#xywh=0,0,120,68", "t/0.jpg#xywh=120,0,120,68", "t/0.jpg#xywh=0,68,120,68",
        "t/0.jpg#xywh=120,68,120,68", "t/1.jpg#xywh=0,0,120,68",
      ])
    #expect(thumbnails.map(\.end) == [.ms(2002), .ms(4004), .ms(6006), .ms(8008), .ms(10000)])
  }

  @Test func aCapKeepsEveryKthThumbnailWithAWarning() throws {
    let grid = try SpriteGrid(
      template: SpriteURLTemplate("s-~index~.jpg"), columns: 10, rows: 10,
      interval: try decimal("2"), thumbnailSize: PixelSize(width: 100, height: 50))
    let generated = grid.generate(duration: try decimal("3600"), maximumCount: 150)
    #expect(
      generated.warnings == [
        "1800 thumbnails exceed the cap of 150: every 12th thumbnail is kept, each shown for "
          + "24 s (150 cues)"
      ])
    let t = generated.track.thumbnails
    #expect(t.count == 150)
    #expect(t[0].reference == "s-1.jpg#xywh=0,0,100,50")
    #expect(t[0].end == SubtitleTime(seconds: 24))
    // Thumbnail 12 of the full track: sheet 1, row 1, column 2.
    #expect(t[1].reference == "s-1.jpg#xywh=200,50,100,50")
    #expect(t[1].start == SubtitleTime(seconds: 24))
    #expect(t[149].end == SubtitleTime(seconds: 3600))
    // Under the cap nothing changes.
    #expect(grid.generate(duration: try decimal("300"), maximumCount: 150).warnings.isEmpty)
  }

  @Test func aTemplateWithoutIndexIsWarnedAbout() throws {
    let grid = try SpriteGrid(
      template: SpriteURLTemplate("sprite.jpg"), columns: 2, rows: 1, interval: try decimal("1"),
      thumbnailSize: PixelSize(width: 10, height: 10))
    #expect(
      grid.generate(duration: try decimal("5")).warnings == [
        "template 'sprite.jpg' has no ~index~: all 3 sheets get the same URL"
      ])
  }

  @Test func badConfigurationsAreRejected() throws {
    let template = SpriteURLTemplate("a~index~.jpg")
    #expect(throws: SpriteGrid.ConfigurationError(message: "columns must be at least 1, got 0")) {
      try SpriteGrid(
        template: template, columns: 0, rows: 1, interval: ExactDecimal(1),
        thumbnailSize: PixelSize(width: 1, height: 1))
    }
    #expect(
      throws: SpriteGrid.ConfigurationError(message: "interval must be above 0 seconds, got 0")
    ) {
      try SpriteGrid(
        template: template, columns: 1, rows: 1, interval: .zero,
        thumbnailSize: PixelSize(width: 1, height: 1))
    }
    #expect(
      throws: SpriteGrid.ConfigurationError(message: "start index must not be negative, got -1")
    ) {
      try SpriteGrid(
        template: template, columns: 1, rows: 1, interval: ExactDecimal(1),
        thumbnailSize: PixelSize(width: 1, height: 1),
        startIndex: -1)
    }
  }

  @Test func limitsKeepHugeConfigurationsOut() throws {
    let template = SpriteURLTemplate("a~index~.jpg")
    #expect(throws: SpriteGrid.ConfigurationError(message: "rows must be at most 1000, got 5000")) {
      try SpriteGrid(
        template: template, columns: 1, rows: 5000, interval: ExactDecimal(1),
        thumbnailSize: PixelSize(width: 1, height: 1))
    }
    let grid = try SpriteGrid(
      template: template, columns: 10, rows: 10, interval: try decimal("0.0001"),
      thumbnailSize: PixelSize(width: 1, height: 1))
    #expect(
      throws: SpriteGrid.ConfigurationError(
        message: "7200 s at one thumbnail every 0.0001 s is 72000000 thumbnails, more than "
          + "10000000")
    ) { try grid.checkDuration(ExactDecimal(7200)) }
    #expect(
      throws: SpriteGrid.ConfigurationError(message: "duration must be above 0 seconds, got -1")
    ) { try grid.checkDuration(ExactDecimal(-1)) }
    try grid.checkDuration(ExactDecimal(60))
  }

  /// The grid lookup and a lookup in the generated track agree at every millisecond boundary
  /// and in between.
  @Test func gridLookupAgreesWithTrackLookup() throws {
    let grid = try sampleGrid()
    let duration = try decimal("127.5")
    let track = grid.generate(duration: duration).track
    for ms in stride(from: Int64(-10), through: 140_000, by: 250) {
      let time = SubtitleTime.ms(ms)
      #expect(
        grid.thumbnail(at: time, duration: duration) == track.thumbnail(at: time), "at \(ms) ms")
    }
    #expect(grid.thumbnail(at: .ms(-1)) == nil)
    #expect(grid.thumbnail(at: .ms(1_000_000))?.url == "sprites/sheet-0011.jpg")
    #expect(
      grid.thumbnail(at: .ms(1_000_000))?.region
        == SpatialFragment(x: 0, y: 0, width: 160, height: 90))
  }
}
