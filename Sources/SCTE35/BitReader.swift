/// Reads big-endian bit fields (`uimsbf`, `bslbf`, SCTE 35 §9.1) from a byte buffer, within a
/// limit, throwing an issue that names the field and its byte offset when a field would run past
/// the limit.
struct BitReader {
  /// The buffer, valid for the reader's lifetime (decoding runs inside
  /// `withUnsafeBufferPointer`).
  let bytes: UnsafeBufferPointer<UInt8>
  /// Position in bits from the start of `bytes`.
  private(set) var position: Int
  /// Bit position the reader may not pass.
  private(set) var limit: Int
  /// What the limit is, for messages (`the section`, `segmentation_descriptor()`).
  private(set) var scope: ReaderScope

  init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int = 0, end: Int? = nil, scope: ReaderScope) {
    self.bytes = bytes
    position = start * 8
    limit = (end ?? bytes.count) * 8
    self.scope = scope
  }

  /// What the limit is, for messages.
  var context: String { scope.description }

  /// Offset of the byte holding the next bit.
  var byteOffset: Int { position >> 3 }
  /// Whole bytes left before the limit.
  var bytesLeft: Int { (limit - position) >> 3 }
  /// Bits left before the limit.
  var bitsLeft: Int { limit - position }
  /// Byte offset of the limit.
  var endOffset: Int { limit >> 3 }

  /// Narrows the limit to `count` bytes from here for a nested structure, returning the old
  /// limit and scope to restore with `restore`.
  mutating func narrow(to count: Int, scope: ReaderScope) -> (Int, ReaderScope) {
    let saved = (limit, self.scope)
    limit = position + count * 8
    self.scope = scope
    return saved
  }

  /// Restores a limit saved by `narrow`.
  mutating func restore(_ saved: (Int, ReaderScope)) {
    limit = saved.0
    scope = saved.1
  }

  /// Moves to the byte at `offset` (within the buffer).
  mutating func seek(toByte offset: Int) {
    position = offset * 8
  }

  /// Fails unless `bits` bits are left.
  @inline(__always)
  func need(_ bits: Int, _ field: StaticString) throws(DecodeFailure) {
    guard bits <= limit - position else { throw truncated(field, bits) }
  }

  /// The failure for a field of `bits` bits that does not fit.
  func truncated(_ field: StaticString, _ bits: Int) -> DecodeFailure {
    DecodeFailure(
      kind: .truncated, field: field, offset: byteOffset, a: bits, b: max(limit - position, 0),
      scope: scope)
  }

  /// The failure for a length field at `offset` declaring `length` bytes when fewer are left.
  func overflow(_ field: StaticString, at offset: Int, _ length: Int) -> DecodeFailure {
    DecodeFailure(
      kind: .lengthOverflow, field: field, offset: offset, a: length, b: bytesLeft, scope: scope)
  }

  /// The next `count` bits (at most 64) as an unsigned integer.
  @inline(__always)
  mutating func bits(_ count: Int, _ field: StaticString) throws(DecodeFailure) -> UInt64 {
    try need(count, field)
    return take(count)
  }

  /// The next bit as a flag.
  @inline(__always)
  mutating func flag(_ field: StaticString) throws(DecodeFailure) -> Bool {
    try need(1, field)
    return take(1) == 1
  }

  /// The next byte.
  @inline(__always)
  mutating func uint8(_ field: StaticString) throws(DecodeFailure) -> UInt8 {
    try need(8, field)
    return UInt8(truncatingIfNeeded: take(8))
  }

  /// The next 16 bits.
  @inline(__always)
  mutating func uint16(_ field: StaticString) throws(DecodeFailure) -> UInt16 {
    try need(16, field)
    return UInt16(truncatingIfNeeded: take(16))
  }

  /// The next 32 bits.
  @inline(__always)
  mutating func uint32(_ field: StaticString) throws(DecodeFailure) -> UInt32 {
    try need(32, field)
    return UInt32(truncatingIfNeeded: take(32))
  }

  /// The next `count` whole bytes (the reader must be byte-aligned).
  mutating func byteArray(_ count: Int, _ field: StaticString) throws(DecodeFailure) -> [UInt8] {
    try need(count * 8, field)
    let start = position >> 3
    position += count * 8
    return Array(UnsafeBufferPointer(rebasing: bytes[start..<start + count]))
  }

  /// Reads `count` bits (at most 57) that are known to be available: one unaligned 64-bit
  /// load when eight bytes remain in the buffer, else the bytes the field spans one by one.
  @inline(__always)
  private mutating func take(_ count: Int) -> UInt64 {
    let start = position >> 3
    let used = position & 7
    position += count
    let mask: UInt64 = (1 << UInt64(count)) &- 1
    if start + 8 <= bytes.count, let base = bytes.baseAddress {
      let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self).bigEndian
      return word >> UInt64(64 - used - count) & mask
    }
    let spanned = used + count
    let byteCount = (spanned + 7) >> 3
    var window: UInt64 = 0
    for i in 0..<byteCount {
      window = window << 8 | UInt64(bytes[start + i])
    }
    return window >> UInt64(byteCount * 8 - spanned) & mask
  }
}

/// The structure a reader's limit belongs to, named in truncation messages (kept as a small enum
/// so decoding never builds strings unless it fails).
enum ReaderScope {
  case payload
  case section
  case command(type: UInt8, length: Int)
  case descriptorLoop(length: Int)
  case descriptor(tag: UInt8, length: Int)

  var description: String {
    switch self {
    case .payload: "the payload"
    case .section: "the section"
    case .command(let type, let length):
      "\(SpliceCommand.name(ofType: type) ?? "reserved")() (splice_command_length \(length))"
    case .descriptorLoop(let length): "the descriptor loop (descriptor_loop_length \(length))"
    case .descriptor(let tag, let length):
      "\(BitReader.descriptorName(tag))() (descriptor_length \(length))"
    }
  }
}
