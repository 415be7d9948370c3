/// Writes big-endian bit fields (SCTE 35 §9.1) into a growing byte buffer.
struct BitWriter {
  private(set) var bytes: [UInt8] = []
  private var current: UInt8 = 0
  private var used = 0

  init(capacity: Int = 64) {
    bytes.reserveCapacity(capacity)
  }

  /// The number of whole bytes written so far (the writer is byte-aligned between structures).
  var count: Int { bytes.count }

  /// Appends the low `count` bits of `value`, most significant first.
  mutating func write(_ value: UInt64, _ count: Int) {
    var remaining = count
    while remaining > 0 {
      let room = 8 - used
      let n = min(room, remaining)
      let chunk = UInt8(
        truncatingIfNeeded: (value >> UInt64(remaining - n)) & ((1 << UInt64(n)) - 1))
      current |= chunk << UInt8(room - n)
      used += n
      remaining -= n
      if used == 8 {
        bytes.append(current)
        current = 0
        used = 0
      }
    }
  }

  /// Appends one bit.
  mutating func write(_ flag: Bool) {
    write(flag ? 1 : 0, 1)
  }

  /// Appends whole bytes (the writer must be byte-aligned).
  mutating func append(_ data: [UInt8]) {
    bytes += data
  }

  /// Overwrites bytes already written, from `offset` (for lengths known only afterwards).
  mutating func patch(_ value: UInt64, bytes count: Int, at offset: Int) {
    for i in 0..<count {
      bytes[offset + i] = UInt8(truncatingIfNeeded: value >> UInt64(8 * (count - 1 - i)))
    }
  }

  /// Overwrites the low 12 bits of the two bytes at `offset`, keeping the high four bits.
  mutating func patch12(_ value: Int, at offset: Int) {
    bytes[offset] = bytes[offset] & 0xF0 | UInt8(truncatingIfNeeded: value >> 8) & 0x0F
    bytes[offset + 1] = UInt8(truncatingIfNeeded: value)
  }
}
