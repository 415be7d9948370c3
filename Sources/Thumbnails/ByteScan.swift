#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// Finding bytes in a cue payload with `memchr`, for the per-cue work of large tracks.
enum ByteScan {
  /// The offset of the first `byte` in `bytes[range]`, or `range.upperBound`.
  static func first(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Int
  {
    guard !range.isEmpty, let base = bytes.baseAddress,
      let found = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return range.upperBound }
    return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
  }

  /// The offset of the first CR or LF in `bytes[range]`, or `range.upperBound`.
  static func firstLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
    min(first(0x0A, in: bytes, range), first(0x0D, in: bytes, range))
  }
}
