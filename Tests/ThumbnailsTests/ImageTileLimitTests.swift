import ManifestCore
import Testing

@testable import Thumbnails

/// The tiles of all the sprite sheets of an image playlist together are bounded: 1,000 lines
/// of LAYOUT=100x100 (79 KB) were ten million thumbnails, 4.2 GB of memory.
@Suite struct ImageTileLimitTests {
  /// An image playlist of `sheets` sheets of `layout` tiles of 0.01 s.
  static func playlist(sheets: Int, layout: String) -> [UInt8] {
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:100\n#EXT-X-IMAGES-ONLY\n"
    for k in 0..<sheets {
      text +=
        "#EXT-X-TILES:RESOLUTION=16x9,LAYOUT=\(layout),DURATION=0.01\n#EXTINF:100,\ns\(k).jpg\n"
    }
    return Array(text.utf8)
  }

  static func limits(tiles: Int) -> Limits {
    var limits = Limits()
    limits.imageTiles = tiles
    return limits
  }

  @Test func aThousandSheetsOfTenThousandTilesAreRefusedAtTheDefaultLimit() throws {
    let error = try #require(throws: ParseError.self) {
      try ImagePlaylistReader.read(Self.playlist(sheets: 1000, layout: "100x100"))
    }
    // The 101st sheet (its EXTINF on line 305) goes over a million.
    #expect(error.code == "limit.image-tiles")
    #expect(
      error.message
        == "the sprite sheets up to this segment have 1010000 tiles "
        + "(limit image-tiles=1000000) [limit.image-tiles]")
    #expect(error.location.line == 305)
  }

  @Test func tilesAreCountedAcrossSheets() throws {
    let bytes = Self.playlist(sheets: 3, layout: "2x2")
    let track = try ImagePlaylistReader.read(bytes, limits: Self.limits(tiles: 12))
    #expect(track.thumbnails.count == 12)
    let error = try #require(throws: ParseError.self) {
      try ImagePlaylistReader.read(bytes, limits: Self.limits(tiles: 11))
    }
    #expect(
      error.message
        == "the sprite sheets up to this segment have 12 tiles (limit image-tiles=11) "
        + "[limit.image-tiles]")
    #expect(error.location.line == 11)
  }

  @Test func aWholeImageIsOneTile() throws {
    let bytes = Array(
      "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-IMAGES-ONLY\n#EXTINF:10,\na.jpg\n#EXTINF:10,\nb.jpg\n"
        .utf8)
    #expect(
      try ImagePlaylistReader.read(bytes, limits: Self.limits(tiles: 2)).thumbnails.count == 2)
    let error = try #require(throws: ParseError.self) {
      try ImagePlaylistReader.read(bytes, limits: Self.limits(tiles: 1))
    }
    #expect(error.location.line == 6)
  }

  @Test func onlyTheTilesASheetUsesAreCounted() throws {
    // EXTINF 0.02 s of 0.01 s tiles: 2 of the 10,000 tiles of each sheet are shown.
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-IMAGES-ONLY\n"
    for k in 0..<1000 {
      text +=
        "#EXT-X-TILES:RESOLUTION=16x9,LAYOUT=100x100,DURATION=0.01\n#EXTINF:0.02,\ns\(k).jpg\n"
    }
    let track = try ImagePlaylistReader.read(Array(text.utf8), limits: Self.limits(tiles: 2000))
    #expect(track.thumbnails.count == 2000)
  }
}
