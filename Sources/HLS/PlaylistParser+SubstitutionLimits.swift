import ManifestCore

extension PlaylistParser {
  /// Checks what EXT-X-DEFINE substitution makes of line `index` (its value `range`: the
  /// quoted strings of a tag when `quotedOnly`, the whole of a URI line otherwise) against
  /// `options.limits`: each value at most `defineValueBytes` long once substituted, and the
  /// bytes substitution adds to the playlist at most `defineTotalBytes` in total. A small
  /// playlist that uses a long value many times would otherwise become gigabytes (of URIs,
  /// JSON or a rewritten playlist). False, with `limitError` set, at the first line over.
  mutating func withinSubstitutionLimits(_ index: Int, _ range: Range<Int>, quotedOnly: Bool)
    -> Bool
  {
    guard !header.variables.isEmpty, firstIndex(of: 0x7B, in: range) < range.upperBound else {
      return true
    }
    guard quotedOnly else { return withinSubstitutionLimits(index, value: range) }
    var i = range.lowerBound
    while i < range.upperBound {
      let open = firstIndex(of: 0x22, in: i..<range.upperBound)
      guard open < range.upperBound else { break }
      let close = firstIndex(of: 0x22, in: (open + 1)..<range.upperBound)
      guard withinSubstitutionLimits(index, value: (open + 1)..<close) else { return false }
      i = close + 1
    }
    return true
  }

  private mutating func withinSubstitutionLimits(_ index: Int, value: Range<Int>) -> Bool {
    let limits = options.limits
    let length = VariableSubstitution.substitutedLength(buffer, value, header.variables)
    let location = lines[index].location(at: value.lowerBound)
    if length > limits.defineValueBytes {
      limitError = Limits.exceeded(
        "define-value-bytes", value: limits.defineValueBytes,
        "a value is \(length) bytes after EXT-X-DEFINE substitution", at: location)
      return false
    }
    substitutedBytes += max(length - value.count, 0)
    if substitutedBytes > limits.defineTotalBytes {
      limitError = Limits.exceeded(
        "define-total-bytes", value: limits.defineTotalBytes,
        "EXT-X-DEFINE substitution has added \(substitutedBytes) bytes to the playlist by "
          + "this line", at: location)
      return false
    }
    return true
  }
}
