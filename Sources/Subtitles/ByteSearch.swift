#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// `memchr`-based byte searches for the readers' hot paths.
enum ByteSearch {
  /// The offset of the first `byte` in `buffer[range]`, or `nil`.
  @inline(__always)
  static func first(_ byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Int?
  {
    guard let base = buffer.baseAddress, !range.isEmpty,
      let hit = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return nil }
    return UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
  }
}
