import ManifestCore
import Subtitles
import XMLSupport

/// The TTML element and attribute local names the reader acts on.
enum TTMLLocalName: String {
  case tt, head, body, div, p, span, br, styling, style, layout, region, metadata, resources
  case image, source, data, begin, end, dur, timeContainer, id, space, lang, src, type
  case imagetype, imageType, backgroundImage, timeBase, frameRate, frameRateMultiplier
  case subFrameRate, tickRate, dropMode, clockMode
  case extent, set
}

/// Classifies the names of one document once per distinct name, using the ids `XMLSupport`
/// gives them, so the reader never compares strings per element.
struct TTMLNameTable {
  private var vocabularies: [TTMLNamespace.Vocabulary?] = []
  private var locals: [TTMLLocalName??] = []

  /// The vocabulary of a name's namespace.
  mutating func vocabulary(_ name: XMLName) -> TTMLNamespace.Vocabulary {
    let id = name.namespaceID
    guard id >= 0 else { return TTMLNamespace.vocabulary(name.namespace) }
    if id < vocabularies.count, let known = vocabularies[id] { return known }
    let value = TTMLNamespace.vocabulary(name.namespace)
    if id >= vocabularies.count {
      vocabularies += Array(repeating: nil, count: id - vocabularies.count + 1)
    }
    vocabularies[id] = value
    return value
  }

  /// The vocabulary, local name and ids of attribute `index` of `tag` (the name is only built
  /// the first time an id is seen).
  mutating func attribute(_ tag: XMLStartTag, _ index: Int) -> (
    vocabulary: TTMLNamespace.Vocabulary, local: TTMLLocalName?, namespaceID: Int, localID: Int
  ) {
    classify(tag.attributeIDs(index)) { tag.attributeName(index) }
  }

  /// The vocabulary and local name of `tag`'s element.
  mutating func element(_ tag: XMLStartTag) -> (
    vocabulary: TTMLNamespace.Vocabulary, local: TTMLLocalName?
  ) {
    let result = classify(tag.nameIDs) { tag.name }
    return (result.vocabulary, result.local)
  }

  private mutating func classify(
    _ ids: (namespaceID: Int, localID: Int), _ name: () -> XMLName
  ) -> (
    vocabulary: TTMLNamespace.Vocabulary, local: TTMLLocalName?, namespaceID: Int, localID: Int
  ) {
    if ids.namespaceID >= 0, ids.namespaceID < vocabularies.count,
      let vocabulary = vocabularies[ids.namespaceID], ids.localID >= 0, ids.localID < locals.count,
      let local = locals[ids.localID]
    {
      return (vocabulary, local, ids.namespaceID, ids.localID)
    }
    let name = name()
    return (self.vocabulary(name), self.local(name), name.namespaceID, name.localID)
  }

  /// The local name, if the reader knows it.
  mutating func local(_ name: XMLName) -> TTMLLocalName? {
    let id = name.localID
    guard id >= 0 else { return TTMLLocalName(rawValue: name.localName) }
    if id < locals.count, let known = locals[id] { return known }
    let value = TTMLLocalName(rawValue: name.localName)
    if id >= locals.count { locals += Array(repeating: nil, count: id - locals.count + 1) }
    locals[id] = .some(value)
    return value
  }
}
