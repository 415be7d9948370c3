import ManifestCore

/// Percent-decoding (RFC 3986 §2.1), for `data:` URIs and for URI paths used as file names.
package enum PercentDecoding {
  /// The bytes with every `%XX` escape decoded, or `nil` when a `%` is not followed by two hex
  /// digits.
  package static func decode(_ text: some Sequence<UInt8>) -> [UInt8]? {
    var out: [UInt8] = []
    out.reserveCapacity(text.underestimatedCount)
    var iterator = text.makeIterator()
    while let byte = iterator.next() {
      guard byte == 0x25 else {
        out.append(byte)
        continue
      }
      guard let high = iterator.next().flatMap(ASCII.hexValue),
        let low = iterator.next().flatMap(ASCII.hexValue)
      else { return nil }
      out.append(high << 4 | low)
    }
    return out
  }
}
