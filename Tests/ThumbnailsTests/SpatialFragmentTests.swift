import ManifestCore
import Testing

@testable import Thumbnails

@Suite struct SpatialFragmentTests {
  @Test func pixelsAreTheDefaultUnit() throws {
    let fragment = try SpatialFragment.parse("160,90,160,90").get()
    #expect(fragment == SpatialFragment(x: 160, y: 90, width: 160, height: 90))
    #expect(fragment.unit == .pixel)
    #expect(!fragment.unitWritten)
    #expect(fragment.description == "xywh=160,90,160,90")
    #expect(fragment.maxX == 320)
    #expect(fragment.maxY == 180)
  }

  @Test func explicitUnitsAreKept() throws {
    let pixel = try SpatialFragment.parse("pixel:0,0,128,72").get()
    #expect(pixel.unit == .pixel)
    #expect(pixel.unitWritten)
    #expect(pixel.value == "pixel:0,0,128,72")
    let percent = try SpatialFragment.parse("percent:25,50,25,25").get()
    #expect(percent == SpatialFragment(x: 25, y: 50, width: 25, height: 25, unit: .percent))
    #expect(percent.value == "percent:25,50,25,25")
    // Leading zeros are allowed by the grammar.
    #expect(try SpatialFragment.parse("007,0,10,10").get().x == 7)
  }

  @Test(arguments: [
    ("em:1,2,3,4", "unknown xywh unit 'em' (Media Fragments allows 'pixel' and 'percent')"),
    ("Pixel:1,2,3,4", "unknown xywh unit 'Pixel' (Media Fragments allows 'pixel' and 'percent')"),
    ("1,2,3", "xywh value '1,2,3' is not x,y,w,h (four non-negative integers)"),
    ("1,2,3,4,5", "xywh value '1,2,3,4,5' is not x,y,w,h (four non-negative integers)"),
    ("-1,2,3,4", "xywh value '-1,2,3,4' is not x,y,w,h (four non-negative integers)"),
    ("1.5,2,3,4", "xywh value '1.5,2,3,4' is not x,y,w,h (four non-negative integers)"),
    ("1, 2,3,4", "xywh value '1, 2,3,4' is not x,y,w,h (four non-negative integers)"),
    ("", "xywh value '' is not x,y,w,h (four non-negative integers)"),
    ("percent:", "xywh value 'percent:' is not x,y,w,h (four non-negative integers)"),
    (
      "1234567890,0,1,1",
      "xywh value '1234567890,0,1,1' is not x,y,w,h (four non-negative integers)"
    ),
  ])
  func malformedValuesAreRejectedWithAReason(value: String, message: String) {
    switch SpatialFragment.parse(value) {
    case .success(let fragment): Issue.record("parsed \(fragment)")
    case .failure(let failure): #expect(failure.description == message)
    }
  }

  @Test func percentRectanglesInPixelsCoverEveryTouchedPixel() {
    let quarter = SpatialFragment(x: 25, y: 0, width: 25, height: 50, unit: .percent)
    #expect(
      quarter.pixels(in: PixelSize(width: 640, height: 360))
        == SpatialFragment(x: 160, y: 0, width: 160, height: 180))
    let third = SpatialFragment(x: 33, y: 33, width: 33, height: 33, unit: .percent)
    // 33% of 100 px: from 33 down, to 66 up.
    #expect(
      third.pixels(in: PixelSize(width: 100, height: 10))
        == SpatialFragment(x: 33, y: 3, width: 33, height: 4))
    let pixels = SpatialFragment(x: 1, y: 2, width: 3, height: 4)
    #expect(pixels.pixels(in: PixelSize(width: 10, height: 10)) == pixels)
  }
}
