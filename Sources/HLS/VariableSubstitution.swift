import ManifestCore

/// `{$name}` variable substitution (RFC 8216bis §4.3) over bytes of a playlist.
package enum VariableSubstitution {
  /// The bytes of `range` as a `String`, each `{$name}` whose name is in `variables` replaced by
  /// its value. References to undefined variables are kept as written.
  package static func string(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ variables: [String: String]
  ) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    guard !variables.isEmpty, slice.contains(0x7B) else { return ASCII.string(slice) }
    var out: [UInt8] = []
    out.reserveCapacity(slice.count)
    var i = range.lowerBound
    while i < range.upperBound {
      if let (name, next) = reference(bytes, at: i, end: range.upperBound),
        let value = variables[name]
      {
        out += value.utf8
        i = next
      } else {
        out.append(bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The length in bytes of `string(bytes, range, variables)`, without building it.
  package static func substitutedLength(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ variables: [String: String]
  ) -> Int {
    var length = range.count
    var i = range.lowerBound
    while i < range.upperBound {
      if let (name, next) = reference(bytes, at: i, end: range.upperBound) {
        if let value = variables[name] { length += value.utf8.count - (next - i) }
        i = next
      } else {
        i += 1
      }
    }
    return length
  }

  /// The names of every `{$name}` reference in `range`, with their offsets.
  package static func references(
    _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  ) -> [(name: String, offset: Int)] {
    var found: [(String, Int)] = []
    var i = range.lowerBound
    while i < range.upperBound {
      if let (name, next) = reference(bytes, at: i, end: range.upperBound) {
        found.append((name, i))
        i = next
      } else {
        i += 1
      }
    }
    return found
  }

  /// A reference `{$name}` starting at `i`: the name and the offset after `}`.
  private static func reference(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int)
    -> (String, Int)?
  {
    guard bytes[i] == 0x7B, i + 3 < end, bytes[i + 1] == 0x24 else { return nil }
    var j = i + 2
    while j < end, isNameByte(bytes[j]) { j += 1 }
    guard j < end, j > i + 2, bytes[j] == 0x7D else { return nil }
    return (
      String(decoding: UnsafeBufferPointer(rebasing: bytes[(i + 2)..<j]), as: UTF8.self), j + 1
    )
  }

  /// Variable names are `[a-zA-Z0-9-_]` (§4.4.2.3).
  package static func isNameByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
      || b == 0x5F
  }

  /// The value of query parameter `name` in `url` (percent-decoded), or `nil`.
  package static func queryParameter(_ name: String, in url: String) -> String? {
    guard let q = url.firstIndex(of: "?") else { return nil }
    var query = url[url.index(after: q)...]
    if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if percentDecoded(parts[0]) == name {
        return parts.count > 1 ? percentDecoded(parts[1]) : ""
      }
    }
    return nil
  }

  private static func percentDecoded(_ text: Substring) -> String {
    var out: [UInt8] = []
    let bytes = Array(text.utf8)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x25, i + 2 < bytes.count, let h = ASCII.hexValue(bytes[i + 1]),
        let l = ASCII.hexValue(bytes[i + 2])
      {
        out.append(h << 4 | l)
        i += 3
      } else {
        out.append(bytes[i] == 0x2B ? 0x20 : bytes[i])
        i += 1
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `text` with each `{$name}` of a variable in `variables` replaced by its value.
  package static func string(_ text: String, _ variables: [String: String]) -> String {
    guard !variables.isEmpty else { return text }
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { string($0, 0..<$0.count, variables) }
  }
}

extension MediaPlaylist {
  /// `text` (a URI or quoted value as written) with the playlist's variables substituted
  /// (RFC 8216bis §4.3); undefined references are kept.
  public func substitutingVariables(in text: String) -> String {
    VariableSubstitution.string(text, variables)
  }
}

extension MultivariantPlaylist {
  /// `text` (a URI or quoted value as written) with the playlist's variables substituted
  /// (RFC 8216bis §4.3); undefined references are kept.
  public func substitutingVariables(in text: String) -> String {
    VariableSubstitution.string(text, variables)
  }
}
