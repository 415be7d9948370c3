import ManifestCore
import Testing

/// `PixelSize`, the one width-and-height type (HLS `Resolution`, TTML extents, PNG sizes).
@Suite struct PixelSizeTests {
  @Test func parsesCommandLineDimensions() {
    #expect(PixelSize(dimensions: "1920x1080") == PixelSize(width: 1920, height: 1080))
    #expect(PixelSize(dimensions: "1920x") == nil)
    #expect(PixelSize(dimensions: "0x1080") == nil)
    #expect(PixelSize(dimensions: "1920X1080") == nil)
    #expect(PixelSize(width: 1280, height: 720).description == "1280x720")
  }

  @Test func pixelCountSaturatesInsteadOfTrapping() {
    #expect(PixelSize(width: 1920, height: 1080).pixelCount == 2_073_600)
    #expect(PixelSize(width: .max, height: 2).pixelCount == .max)
  }

  @Test func readsThePNGHeader() {
    // The first 24 bytes of a 320x180 PNG as ffmpeg's png encoder writes them.
    let png: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
      + Array("IHDR".utf8) + [0, 0, 0x01, 0x40, 0, 0, 0, 0xB4]
    #expect(PixelSize(png: png) == PixelSize(width: 320, height: 180))
    #expect(PixelSize(png: Array(png.prefix(23))) == nil)
  }
}
