/// The styles and regions of a TTML document (TTML2 §8.4 style resolution, simplified to what a
/// cue model needs): referential styles expand recursively in reference order (chained
/// referential styling, cycles cut), inline styling attributes override them, and a content
/// element's computed style merges its region's, its ancestors' and its own, the nearer winning.
struct TTMLStyleSheet {
  private(set) var styles: [String: SubtitleStyle] = [:]
  private(set) var regions: [String: SubtitleRegion] = [:]
  private var resolvedCache: [String: [StyleProperty]] = [:]

  mutating func add(_ style: SubtitleStyle) {
    styles[style.identifier] = style
    resolvedCache.removeAll()
  }

  mutating func add(_ region: SubtitleRegion) { regions[region.identifier] = region }

  /// The properties the referenced styles give, in reference order (later ones override).
  mutating func resolve(_ references: [String]) -> [StyleProperty] {
    if references.isEmpty { return [] }
    if references.count == 1, let cached = resolvedCache[references[0]] { return cached }
    var result: [StyleProperty] = []
    var visiting: Set<String> = []
    for reference in references { expand(reference, into: &result, visiting: &visiting) }
    if references.count == 1 { resolvedCache[references[0]] = result }
    return result
  }

  private func expand(
    _ id: String, into result: inout [StyleProperty], visiting: inout Set<String>
  ) {
    guard let style = styles[id], visiting.insert(id).inserted else { return }
    for reference in style.references { expand(reference, into: &result, visiting: &visiting) }
    Self.merge(style.properties, into: &result)
    visiting.remove(id)
  }

  /// `overrides` applied on top of `base`: a property already present is replaced in place,
  /// a new one is appended.
  static func merge(_ overrides: [StyleProperty], into base: inout [StyleProperty]) {
    for property in overrides {
      if let index = base.firstIndex(where: { $0.name == property.name }) {
        base[index] = property
      } else {
        base.append(property)
      }
    }
  }

  /// Region properties that do not inherit into content (layout of the region box itself).
  static let regionOnly: Set<String> = [
    "origin", "extent", "position", "padding", "showBackground", "backgroundColor", "overflow",
    "zIndex", "opacity", "display", "writingMode",
  ]

  /// Where content in `region` with computed style `style` sits: `displayAlign` (before, center,
  /// after) or else the region's vertical origin picks the band; `textAlign` the alignment.
  func placement(region id: String?, style: [StyleProperty]) -> CuePlacement {
    var placement = CuePlacement()
    let region = id.flatMap { regions[$0] }
    func value(_ name: String) -> String? {
      style.last { $0.name == name }?.value ?? region?.value(name)
    }
    if let origin = region?.value("origin"), let top = Self.verticalPercent(origin) {
      let extent = region?.value("extent").flatMap(Self.verticalPercent) ?? 0
      let middle = top + extent / 2
      placement.vertical = middle < 100.0 / 3 ? .top : middle < 200.0 / 3 ? .middle : nil
    }
    switch value("displayAlign") {
    case "before" where placement.vertical == nil && region?.value("origin") == nil:
      placement.vertical = .top
    case "center" where region?.value("origin") == nil: placement.vertical = .middle
    default: break
    }
    switch value("textAlign") {
    case "left": placement.horizontal = .left
    case "right": placement.horizontal = .right
    case "start": placement.horizontal = .start
    case "end": placement.horizontal = .end
    default: break
    }
    return placement
  }

  /// The second length of `origin`/`extent` when it is a percentage (`10% 80%` gives 80).
  private static func verticalPercent(_ pair: String) -> Double? {
    let parts = pair.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard parts.count == 2, parts[1].hasSuffix("%") else { return nil }
    return Double(parts[1].dropLast())
  }
}
