/// The raw names of one start tag's attributes so far, to find a repeated one (XML 1.0 §3.1,
/// "Unique Att Spec") in time linear in the tag: a few are compared directly, more by hash.
struct AttributeNames {
  private var names: [Range<Int>] = []
  private var byHash: [Int: [Range<Int>]] = [:]
  private static let directLimit = 16

  /// Adds `name`; false when an attribute of the same name is already there.
  mutating func insert(_ name: Range<Int>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    if names.count < Self.directLimit {
      if names.contains(where: { Self.same($0, name, b) }) { return false }
      names.append(name)
      if names.count == Self.directLimit {
        for n in names { byHash[Self.hash(n, b), default: []].append(n) }
      }
      return true
    }
    let h = Self.hash(name, b)
    if let candidates = byHash[h], candidates.contains(where: { Self.same($0, name, b) }) {
      return false
    }
    byHash[h, default: []].append(name)
    return true
  }

  static func same(_ x: Range<Int>, _ y: Range<Int>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard x.count == y.count else { return false }
    for k in 0..<x.count where b[x.lowerBound + k] != b[y.lowerBound + k] { return false }
    return true
  }

  private static func hash(_ r: Range<Int>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: b[r])))
    return hasher.finalize()
  }
}
