import ManifestCore
import Subtitles

/// The styles and regions of a TTML document (TTML2 §8.4 style resolution, simplified to what a
/// cue model needs): referential styles expand in reference order (chained referential styling,
/// a cycle cut where it is first met), inline styling attributes override them, and a content
/// element's computed style merges its region's, its ancestors' and its own, the nearer winning.
///
/// Each style is resolved once (memoized) without recursion, so a chain of 60,000 references
/// cannot exhaust the stack and styles that each name the one before several times cannot take
/// exponential time. Referential styling carries the style properties TTML defines
/// (`inheritableProperties`); other attributes in the styling namespace stay on the style that
/// declares them (a TTML round trip keeps them) but are not copied into the styles that refer to
/// it, so a chain of styles with a new made-up property each cannot grow quadratically.
struct TTMLStyleSheet {
  private(set) var styles: [String: SubtitleStyle] = [:]
  private(set) var regions: [String: SubtitleRegion] = [:]
  /// The resolved properties of each style resolved so far.
  private var resolvedCache: [String: [StyleProperty]] = [:]
  /// Style ids a resolution met that were not defined yet: defining one empties the cache.
  private var missingReferences: Set<String> = []

  mutating func add(_ style: SubtitleStyle) {
    if styles[style.identifier] != nil || missingReferences.contains(style.identifier) {
      resolvedCache.removeAll()
      missingReferences.removeAll()
    }
    styles[style.identifier] = style
  }

  mutating func add(_ region: SubtitleRegion) { regions[region.identifier] = region }

  /// The properties the referenced styles give, in reference order (later ones override).
  mutating func resolve(_ references: [String]) -> [StyleProperty] {
    if references.count == 1 { return resolved(references[0]) }
    var result: [StyleProperty] = []
    for reference in references { Self.merge(resolved(reference), into: &result) }
    return result
  }

  /// The resolved properties of style `id`: its references' in order, then its own on top;
  /// worked out depth-first with an explicit stack, each style once.
  private mutating func resolved(_ id: String) -> [StyleProperty] {
    if let known = resolvedCache[id] { return known }
    guard let style = styles[id] else {
      missingReferences.insert(id)
      return []
    }
    var stack: [(id: String, style: SubtitleStyle, next: Int, result: [StyleProperty])] = [
      (id, style, 0, [])
    ]
    var onPath: Set<String> = [id]
    while let top = stack.last {
      let index = stack.count - 1
      if top.next < top.style.references.count {
        let reference = top.style.references[top.next]
        stack[index].next += 1
        if let known = resolvedCache[reference] {
          Self.merge(known, into: &stack[index].result)
        } else if let referenced = styles[reference] {
          if onPath.insert(reference).inserted { stack.append((reference, referenced, 0, [])) }
        } else {
          missingReferences.insert(reference)
        }
        continue
      }
      var result = stack.removeLast().result
      Self.merge(
        top.style.properties.filter { Self.inheritableProperties.contains($0.name) },
        into: &result)
      resolvedCache[top.id] = result
      onPath.remove(top.id)
      if stack.isEmpty { return result }
      Self.merge(result, into: &stack[stack.count - 1].result)
    }
    return []
  }

  /// `overrides` applied on top of `base`: a property already present is replaced in place,
  /// a new one is appended.
  static func merge(_ overrides: [StyleProperty], into base: inout [StyleProperty]) {
    if overrides.isEmpty { return }
    // Small lists (the usual case) by search; large ones through an index, so merging stays
    // linear in their lengths.
    guard (base.count + overrides.count) * overrides.count > 1024 else {
      for property in overrides {
        if let index = base.firstIndex(where: { $0.name == property.name }) {
          base[index] = property
        } else {
          base.append(property)
        }
      }
      return
    }
    var positions: [String: Int] = [:]
    positions.reserveCapacity(base.count + overrides.count)
    for (index, property) in base.enumerated() where positions[property.name] == nil {
      positions[property.name] = index
    }
    for property in overrides {
      if let index = positions[property.name] {
        base[index] = property
      } else {
        positions[property.name] = base.count
        base.append(property)
      }
    }
  }

  /// The style properties of TTML1 §8.2 and TTML2 §10.2: what referential styling carries.
  static let inheritableProperties: Set<String> = [
    "backgroundClip", "backgroundColor", "backgroundExtent", "backgroundImage",
    "backgroundOrigin", "backgroundPosition", "backgroundRepeat", "border", "bpd", "color",
    "direction", "disparity", "display", "displayAlign", "dynamicFlow", "extent", "fontFamily",
    "fontKerning", "fontSelectionStrategy", "fontShear", "fontSize", "fontStyle", "fontVariant",
    "fontWeight", "ipd", "letterSpacing", "lineHeight", "lineShear", "luminanceGain", "opacity",
    "origin", "overflow", "padding", "position", "ruby", "rubyAlign", "rubyPosition",
    "rubyReserve", "shear", "showBackground", "textAlign", "textCombine", "textDecoration",
    "textEmphasis", "textOrientation", "textOutline", "textShadow", "unicodeBidi", "visibility",
    "wrapOption", "writingMode", "zIndex",
  ]

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
