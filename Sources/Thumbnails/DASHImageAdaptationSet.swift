import ManifestCore

/// A DASH image adaptation set for a sprite configuration (DASH-IF IOP v4.3 §6.2.6 "Tiles of
/// thumbnails"): `contentType="image"`, a `SegmentTemplate` numbering the sheets with `$Number$`
/// from the template's `~index~`, one sheet per segment of `columns × rows × interval`
/// seconds, and a `Representation` whose size is the whole sheet, marked with the
/// `http://dashif.org/thumbnail_tile` essential property giving the grid (`5x4`).
public struct DASHImageAdaptationSet: Sendable, Hashable {
  /// The essential-property scheme of DASH-IF thumbnail tiles.
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

  /// Creates a description.
  public init(
    grid: SpriteGrid, representationID: String = "thumbnails", bandwidth: Int? = nil,
    mimeType: String? = nil, adaptationSetID: Int? = nil
  ) {
    self.grid = grid
    self.representationID = representationID
    self.bandwidth = bandwidth
    self.mimeType = mimeType
    self.adaptationSetID = adaptationSetID
  }

  /// Seconds one sheet covers.
  public var sheetDuration: ExactDecimal {
    let (product, overflow) = grid.interval.significand.multipliedReportingOverflow(
      by: Int64(grid.thumbnailsPerSheet))
    guard !overflow else { return grid.interval }
    return ExactDecimal(significand: product, scale: grid.interval.scale).normalized
  }

  /// A bandwidth guess for when the real sheet sizes are unknown: one bit per pixel per sheet
  /// (typical of JPEG sprite sheets), spread over the sheet's duration, rounded up.
  public var estimatedBandwidth: Int {
    let bits = Double(grid.columns * grid.width) * Double(grid.rows * grid.height)
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

  /// Writes the `AdaptationSet` element.
  public func write(into xml: inout XMLWriter) {
    let sheet = sheetDuration
    var attributes: [(String, String)] = []
    if let adaptationSetID { attributes.append(("id", String(adaptationSetID))) }
    attributes += [("contentType", "image"), ("mimeType", resolvedMimeType)]
    xml.open("AdaptationSet", attributes)
    xml.empty(
      "SegmentTemplate",
      [
        ("media", grid.template.dashMedia),
        ("timescale", String(ExactDecimal.powerOfTen(sheet.scale))),
        ("duration", String(sheet.significand)), ("startNumber", String(grid.startIndex)),
      ])
    xml.open(
      "Representation",
      [
        ("id", representationID), ("bandwidth", String(bandwidth ?? estimatedBandwidth)),
        ("width", String(grid.columns * grid.width)),
        ("height", String(grid.rows * grid.height)),
      ])
    xml.empty(
      "EssentialProperty",
      [("schemeIdUri", Self.thumbnailTileScheme), ("value", "\(grid.columns)x\(grid.rows)")])
    xml.close()
    xml.close()
  }

  /// The `AdaptationSet` element as text.
  public var xml: String {
    var writer = XMLWriter()
    write(into: &writer)
    return writer.output
  }

  /// A whole static MPD with one period of `duration` seconds holding only this adaptation set
  /// (ISO/IEC 23009-1 §5.3.1), for players and validators that need a document.
  public func mpd(duration: ExactDecimal) -> String {
    var writer = XMLWriter(declaration: true)
    let length = XSDuration.format(seconds: duration)
    writer.open(
      "MPD",
      [
        ("xmlns", "urn:mpeg:dash:schema:mpd:2011"), ("type", "static"),
        ("profiles", "urn:mpeg:dash:profile:isoff-live:2011"),
        ("mediaPresentationDuration", length), ("minBufferTime", "PT2S"),
      ])
    writer.open("Period", [("id", "0"), ("start", "PT0S"), ("duration", length)])
    write(into: &writer)
    writer.closeAll()
    return writer.output
  }
}
