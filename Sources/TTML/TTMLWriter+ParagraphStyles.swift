import ManifestCore
import Subtitles

extension TTMLWriter {
  /// The styling each TTML paragraph is written with, worked out once per distinct computed
  /// style: what its computed style holds beyond its region's and referenced styles. A reader
  /// gives each cue the styling its ancestors passed down, so writing that inline on every `p`
  /// would repeat one `div`'s styling for each paragraph in it (100 KB of `tts:color` over
  /// 20,000 paragraphs is 2 GB). Styling larger than `sharedBytes` is written once, as a
  /// generated `style` in `head` that the paragraphs refer to, so the output stays in
  /// proportion to the input.
  struct ParagraphStyles {
    /// Inline styling up to this many bytes is written on the `p`.
    static let sharedBytes = 256

    /// A computed style (by its storage, which a reader shares between the cues that have it),
    /// with the region and references it is written against.
    struct Key: Hashable {
      let storage: UInt
      let count: Int
      let region: String?
      let references: [String]
    }

    enum Styling {
      case inline([StyleProperty])
      case shared(String)
    }

    private(set) var generated: [SubtitleStyle] = []
    private var byKey: [Key: Styling] = [:]

    /// The styling of every text cue of `document`, a TTML document.
    init(_ document: SubtitleDocument, sheet: inout TTMLStyleSheet) {
      var taken = Set(document.styles.map(\.identifier))
      taken.formUnion(document.regions.map(\.identifier))
      taken.formUnion(document.cues.compactMap(\.identifier))
      var next = 1
      for cue in document.cues where !cue.isImage {
        let key = Self.key(cue)
        guard byKey[key] == nil else { continue }
        var implied = cue.region.flatMap { sheet.regions[$0]?.properties } ?? []
        implied.removeAll { TTMLStyleSheet.regionOnly.contains($0.name) }
        TTMLStyleSheet.merge(sheet.resolve(cue.styleReferences), into: &implied)
        let own = Set(implied)
        let extras = cue.style.filter { !own.contains($0) }
        let bytes = extras.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 8 }
        guard bytes > Self.sharedBytes else {
          byKey[key] = .inline(extras)
          continue
        }
        while taken.contains("manifestkit-style-\(next)") { next += 1 }
        let id = "manifestkit-style-\(next)"
        taken.insert(id)
        generated.append(SubtitleStyle(identifier: id, properties: extras))
        byKey[key] = .shared(id)
      }
    }

    private static func key(_ cue: Cue) -> Key {
      let storage = cue.style.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
      return Key(
        storage: storage, count: cue.style.count, region: cue.region,
        references: cue.styleReferences)
    }

    /// The `style` and `tts:` attributes of `cue`'s `p`.
    func attributes(_ cue: Cue) -> [(String, String)] {
      var references = cue.styleReferences
      var inline: [StyleProperty] = []
      switch byKey[Self.key(cue)] {
      case .inline(let properties): inline = properties
      case .shared(let id): references.append(id)
      case nil: break
      }
      var attributes: [(String, String)] = []
      if !references.isEmpty { attributes.append(("style", references.joined(separator: " "))) }
      attributes += inline.map { ("tts:" + $0.name, $0.value) }
      return attributes
    }
  }
}
