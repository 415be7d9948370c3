import ManifestCore
import Subtitles
import XMLSupport

/// The region names, style reference lists and styles a TTML document uses, each kept once and
/// known by a number, so the reader's element frames are plain numbers and work done for one
/// element (splitting a `style` attribute, resolving and merging styles) is done once for all
/// the elements that repeat it.
struct TTMLValueTables {
  /// Region names (`region` attribute values) by number.
  private(set) var regions: [String] = []
  /// Style reference lists (`style` attribute values split) by number; 0 is the empty list.
  private(set) var referenceLists: [[String]] = [[]]
  /// Style property lists by number; 0 is the empty list.
  private(set) var styles: [[StyleProperty]] = [[]]

  private var regionNumbers = TTMLInterner()
  private var referenceNumbers = TTMLInterner()
  private var inlineNumbers = TTMLInterner()
  /// The style number of each inline style by its number in `inlineNumbers`.
  private var inlineStyles: [Int32] = []
  /// The key of the last inline style looked up (each attribute's local-name id, value length
  /// and value) and its style number (-1: none yet).
  private var inlineKey: [UInt8] = []
  private var lastInline: Int32 = -1
  /// Styles merged from two others, by their numbers.
  private var merges: [Int64: Int32] = [:]

  init() {}

  /// The number of the region named by attribute `index` of `tag`.
  mutating func region(_ tag: XMLStartTag, _ index: Int) -> Int32 {
    tag.withValueBytes(index) { bytes in
      let (number, isNew) = regionNumbers.id(bytes)
      if isNew { regions.append(String(decoding: bytes, as: UTF8.self)) }
      return number
    }
  }

  /// The number of the reference list attribute `index` of `tag` (a `style` attribute) holds:
  /// IDREFS separated by spaces or tabs.
  mutating func references(_ tag: XMLStartTag, _ index: Int) -> Int32 {
    tag.withValueBytes(index) { bytes in
      let (number, isNew) = referenceNumbers.id(bytes)
      if isNew {
        referenceLists.append(
          String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
            .map(String.init))
      }
      return number + 1
    }
  }

  /// The style number of the inline styling attributes at `indices` of `tag` (property names
  /// are the attributes' local names, whose ids are `localIDs`), in document order.
  mutating func inlineStyle(_ tag: XMLStartTag, _ indices: [Int], _ localIDs: [Int]) -> Int32 {
    // Elements mostly repeat the inline styling of the one before.
    if lastInline >= 0 && Self.matches(inlineKey, tag, indices, localIDs) { return lastInline }
    inlineKey.removeAll(keepingCapacity: true)
    for position in indices.indices {
      Self.appendNumber(localIDs[position], to: &inlineKey)
      tag.withValueBytes(indices[position]) { value in
        Self.appendNumber(value.count, to: &inlineKey)
        inlineKey.append(contentsOf: value)
      }
    }
    let (number, isNew) = inlineKey.withUnsafeBufferPointer { inlineNumbers.id($0) }
    if isNew {
      inlineStyles.append(
        add(indices.map { StyleProperty(tag.attributeName($0).localName, tag.attributeValue($0)) }))
    }
    lastInline = inlineStyles[Int(number)]
    return lastInline
  }

  /// True when `key` is the key of the inline styling attributes at `indices` of `tag`.
  private static func matches(
    _ key: [UInt8], _ tag: XMLStartTag, _ indices: [Int], _ localIDs: [Int]
  ) -> Bool {
    key.withUnsafeBufferPointer { key in
      var offset = 0
      for position in indices.indices {
        guard offset + 8 <= key.count, number(key, offset) == localIDs[position] else {
          return false
        }
        let length = number(key, offset + 4)
        offset += 8
        let equal = tag.withValueBytes(indices[position]) { value in
          value.count == length && offset + length <= key.count
            && value.elementsEqual(UnsafeBufferPointer(rebasing: key[offset..<offset + length]))
        }
        guard equal else { return false }
        offset += length
      }
      return offset == key.count
    }
  }

  private static func number(_ key: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Int {
    Int(key[offset]) | Int(key[offset + 1]) << 8 | Int(key[offset + 2]) << 16
      | Int(key[offset + 3]) << 24
  }

  private static func appendNumber(_ value: Int, to key: inout [UInt8]) {
    withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) {
      key.append(contentsOf: $0)
    }
  }

  /// A new style number for `style`.
  mutating func add(_ style: [StyleProperty]) -> Int32 {
    if style.isEmpty { return 0 }
    styles.append(style)
    return Int32(styles.count - 1)
  }

  /// The number of style `overrides` applied on top of style `base` (`TTMLStyleSheet.merge`).
  mutating func merged(_ base: Int32, _ overrides: Int32) -> Int32 {
    if overrides == 0 { return base }
    let key = Int64(base) << 32 | Int64(overrides)
    if let known = merges[key] { return known }
    var style = styles[Int(base)]
    TTMLStyleSheet.merge(styles[Int(overrides)], into: &style)
    let number = add(style)
    merges[key] = number
    return number
  }
}
