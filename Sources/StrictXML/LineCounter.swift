import ManifestCore

/// Turns byte offsets into line and column (XML 1.0 §2.11: CR LF, CR and LF each end a line;
/// columns count UTF-8 bytes from 1). Offsets asked for mostly grow, so it keeps a cursor and
/// counts only the bytes since the last answer: every element's location costs the bytes
/// between it and the one before.
final class LineCounter {
  private let b: UnsafeBufferPointer<UInt8>
  /// Where line 1 starts (after a byte-order mark).
  var bodyStart = 0 {
    didSet { reset() }
  }
  private var cursor = 0
  private var line = 1
  private var lineStart = 0

  init(_ bytes: UnsafeBufferPointer<UInt8>) { b = bytes }

  private func reset() {
    cursor = bodyStart
    line = 1
    lineStart = bodyStart
  }

  /// The location of byte `offset` (at most the input's length).
  func location(_ offset: Int) -> SourceLocation {
    let target = min(max(offset, bodyStart), b.count)
    if target < cursor { reset() }
    while cursor < target {
      let c = b[cursor]
      if c == 0x0A {
        line += 1
        lineStart = cursor + 1
      } else if c == 0x0D && !(cursor + 1 < b.count && b[cursor + 1] == 0x0A) {
        line += 1
        lineStart = cursor + 1
      }
      cursor += 1
    }
    return SourceLocation(line: line, column: target - lineStart + 1, offset: offset)
  }
}
