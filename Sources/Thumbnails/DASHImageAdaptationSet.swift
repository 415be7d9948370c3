import DASH
import ManifestCore

/// A DASH image adaptation set for a sprite configuration (DASH-IF IOP v4.3 §6.2.6 "Tiles of
/// thumbnails"): `contentType="image"`, a `SegmentTemplate` numbering the sheets with `$Number$`
/// from the template's `~index~`, one sheet per segment of `columns × rows × interval`
/// seconds, and a `Representation` whose size is the whole sheet, marked with the
/// `http://dashif.org/thumbnail_tile` essential property giving the grid (`5x4`). The
/// AdaptationSet is a value of the `DASH` model (`adaptationSet(periodStart:)`), so it can go
/// into any MPD, such as AdInsertion's with ad Periods (`addToContentPeriods(of:)`).
public struct DASHImageAdaptationSet: Sendable, Hashable {
  /// The essential-property scheme of DASH-IF thumbnail tiles (IOP v4.3 §6.2.6), the default.
  public static let thumbnailTileScheme = "http://dashif.org/thumbnail_tile"

  /// The sprite configuration.
  public var grid: SpriteGrid
  /// `Representation@id`.
  public var representationID: String
  /// `Representation@bandwidth` in bits per second; `nil` estimates it (`estimatedBandwidth`).
  public var bandwidth: Int?
  /// `AdaptationSet@mimeType`; `nil` takes it from the template's file extension.
  public var mimeType: String?
  /// `AdaptationSet@id` (an unsigned integer in ISO/IEC 23009-1), written when given.
  public var adaptationSetID: Int?
  /// The `EssentialProperty@schemeIdUri` marking the tiles (`thumbnailTileScheme` by default;
  /// some players want DASH-IF IOP 4.0's `http://dashif.org/guidelines/thumbnail_tile`).
  public var tileScheme: String

  /// Creates a description.
  public init(
    grid: SpriteGrid, representationID: String = "thumbnails", bandwidth: Int? = nil,
    mimeType: String? = nil, adaptationSetID: Int? = nil,
    tileScheme: String = Self.thumbnailTileScheme
  ) {
    self.grid = grid
    self.representationID = representationID
    self.bandwidth = bandwidth
    self.mimeType = mimeType
    self.adaptationSetID = adaptationSetID
    self.tileScheme = tileScheme
  }

  /// Seconds one sheet covers.
  public var sheetDuration: ExactDecimal {
    let count = ExactDecimal(significand: Int64(grid.thumbnailsPerSheet), scale: 0)
    return (try? grid.interval * count) ?? grid.interval
  }

  /// A bandwidth guess for when the real sheet sizes are unknown: one bit per pixel per sheet
  /// (typical of JPEG sprite sheets), spread over the sheet's duration, rounded up.
  public var estimatedBandwidth: Int {
    let bits =
      Double(grid.columns * grid.thumbnailSize.width)
      * Double(grid.rows * grid.thumbnailSize.height)
    return max(1, Int((bits / sheetDuration.doubleValue).rounded(.up)))
  }

  /// The MIME type for the template's extension (`.jpg` → `image/jpeg`; also PNG, WebP, AVIF),
  /// `image/jpeg` when unknown.
  public var resolvedMimeType: String {
    if let mimeType { return mimeType }
    var path = Substring(grid.template.text)
    if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
    let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
    switch ext {
    case "png": return "image/png"
    case "webp": return "image/webp"
    case "avif": return "image/avif"
    default: return "image/jpeg"
    }
  }

  /// The AdaptationSet for a Period starting `periodStart` seconds into the grid's timeline: the
  /// sheet showing at that time is the Period's first segment (`startNumber`), and
  /// `presentationTimeOffset` says how far into it the Period starts (none at time 0).
  public func adaptationSet(periodStart: ExactDecimal = .zero) -> AdaptationSet {
    let sheet = sheetDuration
    let timescale = ExactDecimal.powerOfTen(sheet.scale)
    var template = SegmentTemplate(
      media: grid.template.dashMedia, timescale: timescale, duration: sheet.significand,
      startNumber: grid.startIndex)
    if periodStart > .zero {
      let skipped = ExactTime(periodStart).floorQuotient(dividingBy: ExactTime(sheet))
      let into = ExactTime(periodStart) - ExactTime.multiple(of: sheet, skipped)
      let (number, overflow) = Int64(grid.startIndex).addingReportingOverflow(skipped)
      template.startNumber = overflow ? .max : Int(clamping: number)
      template.presentationTimeOffset = into.rounded(toUnitsPerSecond: timescale)
    }
    let representation = Representation(
      id: representationID, bandwidth: bandwidth ?? estimatedBandwidth,
      width: grid.columns * grid.thumbnailSize.width, height: grid.rows * grid.thumbnailSize.height,
      essentialProperties: [
        Descriptor(schemeIdUri: tileScheme, value: "\(grid.columns)x\(grid.rows)")
      ])
    return AdaptationSet(
      id: adaptationSetID, contentType: "image", mimeType: resolvedMimeType,
      segmentTemplate: template, representations: [representation])
  }

  /// Adds the AdaptationSet to every Period of `mpd` without an `AssetIdentifier` (the content
  /// Periods of AdInsertion's `DASHPeriodWriter.presentation`), numbered from each one's start.
  public func addToContentPeriods(of mpd: inout MPD) {
    for index in mpd.periods.indices where mpd.periods[index].assetIdentifier == nil {
      let start = mpd.periods[index].start ?? .zero
      mpd.periods[index].adaptationSets.append(adaptationSet(periodStart: start))
    }
  }

  /// Writes the `AdaptationSet` element.
  public func write(into xml: inout XMLWriter) {
    adaptationSet().write(into: &xml)
  }

  /// The `AdaptationSet` element as text.
  public var xml: String { adaptationSet().xml }

  /// A whole static MPD with one period of `duration` seconds holding only this adaptation set
  /// (ISO/IEC 23009-1 §5.3.1), for players and validators that need a document.
  public func mpd(duration: ExactDecimal) -> String {
    var period = Period(
      id: "0", duration: duration, start: .zero, adaptationSets: [adaptationSet()])
    period.attributeOrder = [.id, .start, .duration]
    var mpd = MPD(mediaPresentationDuration: duration, periods: [period])
    mpd.attributeOrder = [.type, .profiles, .mediaPresentationDuration, .minBufferTime]
    return mpd.xml
  }
}
