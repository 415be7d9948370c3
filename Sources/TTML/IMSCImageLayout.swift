import ManifestCore
import Subtitles
import XMLSupport

/// Where an IMSC 1.1 image-profile document shows each image cue, and what keeps a document
/// from conforming. IMSC 1.1 §9.4.2 wants every region's `tts:extent` in pixels, §9.4.4 an
/// `image` whose `tts:extent` equals both its region's extent and the PNG's pixel size, §7.12.6
/// a pixel `tts:extent` on `tt`, §7.12.1.2 regions inside the root container that do not
/// overlap while shown, §7.12.1.3 at most 4 of them at once and §9.2.2 one image per region.
///
/// So each image gets a region the size of its PNG (from the `IHDR` chunk) at the top-left
/// corner of the region it was shown in (a percentage origin taken against the root container,
/// moved back inside it when the image would stick out), or, without one, centred above the
/// bottom tenth of the frame. Images with the same position and size share a region, named
/// after their source region when no text cue uses that name, else `image1`, `image2`, ….
/// The root container is the document's own pixel `tts:extent`, else 1920×1080.
public struct IMSCImageLayout: Sendable, Hashable {
  /// A generated region: a rectangle in root-container pixels.
  public struct Region: Sendable, Hashable {
    /// The `xml:id`.
    public var identifier: String
    /// The left edge.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The width and height, the `tts:extent` of the region and of its image.
    public var size: PixelSize

    /// Creates a region.
    public init(identifier: String, x: Int, y: Int, size: PixelSize) {
      self.identifier = identifier
      self.x = x
      self.y = y
      self.size = size
    }

    /// The region's `tts:origin`, such as `192px 864px`.
    public var origin: String { "\(x)px \(y)px" }

    /// True when the two rectangles share a pixel.
    func overlaps(_ other: Region) -> Bool {
      x < other.x + other.size.width && other.x < x + size.width
        && y < other.y + other.size.height && other.y < y + size.height
    }
  }

  /// The root container size used when the document gives none in pixels.
  public static let defaultRootExtent = PixelSize(width: 1920, height: 1080)

  /// The root container (`tts:extent` of `tt`).
  public var rootExtent: PixelSize
  /// The regions, in the order their first image appears.
  public var regions: [Region]
  /// The region of each image cue, by cue index (text cues have none).
  public var imageRegions: [Int: String]
  /// Why the written document may not conform, one sentence each: notes about the document
  /// (text and images mixed, no pixel root container), then findings in cue order.
  /// At most `warningsPerKind` of each kind, then one `N more warnings like this` line for the
  /// rest of that kind.
  public var warnings: [String]

  /// The kinds of warning, each capped on its own.
  private enum WarningKind: Int, CaseIterable {
    case unknownSize, tooLarge, overlap, tooMany
  }

  /// The most warnings of one kind kept, and how many of each kind were left out.
  private let warningsPerKind: Int
  private var warningCounts = [Int](repeating: 0, count: WarningKind.allCases.count)

  /// The layout of `document`'s image cues on a root container of `rootExtent` (default: the
  /// document's pixel `tts:extent`, else `defaultRootExtent`), keeping at most
  /// `warningsPerKind` warnings of each kind.
  public init(
    _ document: SubtitleDocument, rootExtent: PixelSize? = nil, warningsPerKind: Int = 1000
  ) {
    warnings = []
    self.warningsPerKind = max(0, warningsPerKind)
    if document.cues.contains(where: \.isImage) && document.cues.contains(where: { !$0.isImage }) {
      warnings.append(
        "text and image cues in one document fit neither IMSC 1.1 profile (IMSC 1.1 §5.1); "
          + "no profile is signalled")
    }
    if let rootExtent {
      self.rootExtent = rootExtent
    } else if let written = document.rootExtent.flatMap(PixelSize.init(ttmlExtent:)) {
      self.rootExtent = written
    } else {
      self.rootExtent = Self.defaultRootExtent
      if document.cues.contains(where: \.isImage) {
        let given =
          document.rootExtent.map { " ('\(PrintableText.value($0))' is not in pixels)" } ?? ""
        warnings.append(
          "the document does not give the root container's size in pixels\(given); images "
            + "are placed on a \(Self.defaultRootExtent) root container")
      }
    }
    regions = []
    imageRegions = [:]
    var textRegions: Set<String> = []
    for cue in document.cues where !cue.isImage {
      if let region = cue.region { textRegions.insert(region) }
    }
    var taken = textRegions
    var byRectangle: [Region: String] = [:]
    var nextNumber = 1
    let sourceRegions = Dictionary(
      document.regions.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    for (index, cue) in document.cues.enumerated() {
      guard let image = cue.image else { continue }
      var region = place(image, of: cue, number: index + 1, in: sourceRegions)
      let key = Region(identifier: "", x: region.x, y: region.y, size: region.size)
      if let known = byRectangle[key] {
        imageRegions[index] = known
        continue
      }
      if let source = cue.region, !taken.contains(source) {
        region.identifier = source
      } else {
        while taken.contains("image\(nextNumber)") { nextNumber += 1 }
        region.identifier = "image\(nextNumber)"
      }
      taken.insert(region.identifier)
      byRectangle[key] = region.identifier
      regions.append(region)
      imageRegions[index] = region.identifier
    }
    checkOverlaps(document)
    for kind in WarningKind.allCases where warningCounts[kind.rawValue] > self.warningsPerKind {
      let more = warningCounts[kind.rawValue] - self.warningsPerKind
      warnings.append("\(more) more warning\(more == 1 ? "" : "s") like this")
    }
  }

  /// Keeps `text` unless `warningsPerKind` warnings of `kind` are kept already.
  private mutating func warn(_ kind: WarningKind, _ text: @autoclosure () -> String) {
    warningCounts[kind.rawValue] += 1
    if warningCounts[kind.rawValue] <= warningsPerKind { warnings.append(text()) }
  }

  /// The region an image would need: its size and where it goes.
  private mutating func place(
    _ image: CueImage, of cue: Cue, number: Int, in regions: [String: SubtitleRegion]
  ) -> Region {
    let root = rootExtent
    let source = cue.region.flatMap { regions[$0] }
    let sourceOrigin = source?.value("origin").flatMap { Self.point($0, in: root) }
    var size: PixelSize
    if let known = image.pixelSize {
      size = known
    } else {
      let fallback = source?.value("extent").flatMap { Self.point($0, in: root) }.flatMap {
        $0.x > 0 && $0.y > 0 ? PixelSize(width: $0.x, height: $0.y) : nil
      }
      size = fallback ?? root
      let what =
        image.data != nil
        ? "is not a PNG (IMSC 1.1 §9.3)"
        : image.source.map { "'\(PrintableText.value($0))' is not embedded" } ?? "has no data"
      warn(
        .unknownSize,
        "cue \(number): the image \(what), so its size is unknown; it gets a "
          + "\(size.ttmlExtent) region")
    }
    if size.width > root.width || size.height > root.height {
      warn(
        .tooLarge,
        "cue \(number): the \(size) image is larger than the \(root) root container "
          + "(IMSC 1.1 §7.12.1.2)")
    }
    var x = sourceOrigin?.x ?? (root.width - size.width) / 2
    var y = sourceOrigin?.y ?? root.height - root.height / 10 - size.height
    x = max(0, min(x, root.width - size.width))
    y = max(0, min(y, root.height - size.height))
    return Region(identifier: "", x: x, y: y, size: size)
  }

  /// IMSC 1.1 §7.12.1.2 and §9.2.2: images shown at the same time must not share pixels (nor a
  /// region); §7.12.1.3: at most 4 of them at once. A sweep over starts and ends in time order
  /// keeps the set of images shown; each image is compared with the others shown (in the order
  /// they started) only while there are at most `comparedAtOnce` of them (with more, the
  /// document breaks §7.12.1.3 already, which is said once each time the count passes 4), so
  /// the check is linear however many images overlap.
  private mutating func checkOverlaps(_ document: SubtitleDocument) {
    let comparedAtOnce = 16
    let byRegion = Dictionary(
      regions.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
    let shown = imageRegions.keys.filter { document.cues[$0].start < document.cues[$0].end }
    let starts = shown.sorted {
      (document.cues[$0].start, $0) < (document.cues[$1].start, $1)
    }
    let ends = shown.sorted { (document.cues[$0].end, $0) < (document.cues[$1].end, $1) }
    var nextEnd = 0
    var active: Set<Int> = []
    // The images shown, in the order they started; may hold ended ones until compacted.
    var ordered: [Int] = []
    for index in starts {
      let cue = document.cues[index]
      while nextEnd < ends.count, document.cues[ends[nextEnd]].end <= cue.start {
        active.remove(ends[nextEnd])
        nextEnd += 1
      }
      if active.count <= comparedAtOnce {
        if ordered.count > active.count { ordered.removeAll { !active.contains($0) } }
        if let region = imageRegions[index].flatMap({ byRegion[$0] }) {
          for other in ordered {
            guard let otherRegion = imageRegions[other].flatMap({ byRegion[$0] }),
              region.overlaps(otherRegion)
            else { continue }
            let (first, second) = (min(index, other) + 1, max(index, other) + 1)
            warn(
              .overlap,
              "cues \(first) and \(second) show images at the same time in overlapping "
                + "regions (IMSC 1.1 §7.12.1.2, §9.2.2)")
          }
        }
      }
      active.insert(index)
      ordered.append(index)
      if active.count == 5 {
        warn(
          .tooMany, "cue \(index + 1): more than 4 images are shown at once (IMSC 1.1 §7.12.1.3)")
      }
    }
  }

  /// Two lengths (`10% 80%`, `120px 410px`) as pixels of `root`; `nil` unless both are pixel or
  /// percentage lengths.
  static func point(_ text: String, in root: PixelSize) -> (x: Int, y: Int)? {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    guard parts.count == 2, let x = length(parts[0], of: root.width),
      let y = length(parts[1], of: root.height)
    else { return nil }
    return (x, y)
  }

  /// A `px` or `%` length in whole pixels (half rounds up), a percentage taken of `total`.
  static func length(_ text: Substring, of total: Int) -> Int? {
    let (number, divisor): (Substring, Int64)
    if text.hasSuffix("px") {
      (number, divisor) = (text.dropLast(2), 1)
    } else if text.hasSuffix("%") {
      (number, divisor) = (text.dropLast(), 100)
    } else {
      return nil
    }
    guard let value = ExactDecimal(String(number)), value.scale <= 9 else { return nil }
    let base = divisor == 1 ? Int64(1) : Int64(total)
    let (product, overflow) = value.significand.multipliedReportingOverflow(by: base)
    guard !overflow else { return nil }
    let denominator = ExactDecimal.powerOfTen(value.scale) * divisor
    let half = product >= 0 ? denominator / 2 : -(denominator / 2)
    let (rounded, overflowed) = product.addingReportingOverflow(half)
    return overflowed ? nil : Int(rounded / denominator)
  }
}
