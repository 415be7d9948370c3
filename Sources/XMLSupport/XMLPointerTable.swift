/// A hash table keyed by up to three pointers (libxml2's interned strings: a name's local part,
/// prefix and namespace URI), for the names a document uses: open addressing with linear
/// probing, never evicting, so each distinct name is worked out once per document however the
/// names interleave. The first key of an entry is never zero.
struct XMLPointerTable<Value> {
  private var keys: [UInt]
  private var values: [Value?]
  private var count = 0
  private var mask: Int

  init() {
    mask = 63
    keys = [UInt](repeating: 0, count: 3 * 64)
    values = [Value?](repeating: nil, count: 64)
  }

  @inline(__always)
  private func slot(_ a: UInt, _ b: UInt, _ c: UInt) -> Int {
    var mixed = a &* 0x9E37_79B9_7F4A_7C15
    mixed ^= b &* 0xC2B2_AE3D_27D4_EB4F
    mixed ^= c &* 0x1656_67B1_9E37_79F9
    return Int(truncatingIfNeeded: mixed >> 40) & mask
  }

  /// The value stored for the keys, if any.
  func value(_ a: UInt, _ b: UInt, _ c: UInt) -> Value? {
    guard a != 0 else { return nil }
    var index = slot(a, b, c)
    while true {
      let key = keys[3 * index]
      if key == 0 { return nil }
      if key == a && keys[3 * index + 1] == b && keys[3 * index + 2] == c {
        return values[index]
      }
      index = (index + 1) & mask
    }
  }

  /// Stores `value` for the keys (`a` must not be zero).
  mutating func insert(_ value: Value, _ a: UInt, _ b: UInt, _ c: UInt) {
    guard a != 0 else { return }
    if 2 * (count + 1) > mask + 1 { grow() }
    var index = slot(a, b, c)
    while keys[3 * index] != 0 {
      if keys[3 * index] == a && keys[3 * index + 1] == b && keys[3 * index + 2] == c {
        values[index] = value
        return
      }
      index = (index + 1) & mask
    }
    keys[3 * index] = a
    keys[3 * index + 1] = b
    keys[3 * index + 2] = c
    values[index] = value
    count += 1
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    mask = 2 * (mask + 1) - 1
    keys = [UInt](repeating: 0, count: 3 * (mask + 1))
    values = [Value?](repeating: nil, count: mask + 1)
    count = 0
    for index in oldValues.indices {
      if let value = oldValues[index] {
        insert(value, oldKeys[3 * index], oldKeys[3 * index + 1], oldKeys[3 * index + 2])
      }
    }
  }
}
