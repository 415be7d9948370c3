import ManifestCore
import Subtitles

/// Gives each distinct byte string a small number, for the attribute values a TTML document
/// repeats on element after element (region names, style references, inline styling): the
/// reader makes the value once per distinct string and afterwards compares numbers.
///
/// A direct-mapped cache of recent strings sits in front of the dictionary, so a value seen
/// before is found without allocating a key.
struct TTMLInterner {
  private static let slotCount = 32

  private var ids: [[UInt8]: Int32] = [:]
  private var slotKeys = [[UInt8]](repeating: [], count: slotCount)
  private var slotIDs = [Int32](repeating: -1, count: slotCount)

  init() {}

  /// The number of `bytes` (numbers count up from 0 in order of first sight), and whether it
  /// is new.
  mutating func id(_ bytes: UnsafeBufferPointer<UInt8>) -> (id: Int32, isNew: Bool) {
    var hash: UInt32 = 2_166_136_261
    for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let slot = Int(hash % UInt32(Self.slotCount))
    let cached = slotIDs[slot]
    if cached >= 0 && Self.equal(slotKeys[slot], bytes) { return (cached, false) }
    let key = Array(bytes)
    let result: (id: Int32, isNew: Bool)
    if let known = ids[key] {
      result = (known, false)
    } else {
      result = (Int32(ids.count), true)
      ids[key] = result.id
    }
    slotKeys[slot] = key
    slotIDs[slot] = result.id
    return result
  }

  private static func equal(_ key: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard key.count == bytes.count else { return false }
    return key.withUnsafeBufferPointer { stored in
      for index in 0..<bytes.count where stored[index] != bytes[index] { return false }
      return true
    }
  }
}
