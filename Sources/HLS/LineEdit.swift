import ManifestCore

/// A change to a playlist's lines. Edits are applied to `PlaylistSource` all at once; every line
/// they do not name is written exactly as it was read.
public enum LineEdit: Sendable, Hashable {
  /// Replaces the text of line `line` (an index in `PlaylistSource.lines`), keeping its
  /// terminator.
  case replace(line: Int, text: String)
  /// Removes line `line` with its terminator.
  case remove(line: Int)
  /// Inserts new lines before line `before` (`lines.count` appends at the end), each ended the
  /// way the playlist's first line is.
  case insert(before: Int, lines: [String])

  /// Replaces line `line` with the tag `name` (without `#`) carrying `attributes`:
  /// `#NAME:A=1,B="x"`. Edit a typed value's `attributes` and write it back with this.
  public static func replaceTag(line: Int, name: String, attributes: AttributeList) -> LineEdit {
    .replace(line: line, text: "#\(name):\(attributes.rendered)")
  }
}

extension PlaylistSource {
  /// The playlist with `edits` applied. Edits naming lines out of range are ignored; when a line
  /// is both replaced and removed, it is removed. Each text is one line: a CR or LF in it is
  /// written `%0D` or `%0A` (as a URI spells them), so an edit never adds lines it does not name.
  public func applying(_ edits: [LineEdit]) -> [UInt8] {
    var replacements: [Int: String] = [:]
    var removed = Set<Int>()
    var inserts: [Int: [String]] = [:]
    for edit in edits {
      switch edit {
      case .replace(let line, let text) where lines.indices.contains(line):
        replacements[line] = text
      case .remove(let line) where lines.indices.contains(line):
        removed.insert(line)
      case .insert(let before, let texts) where (0...lines.count).contains(before):
        inserts[before, default: []] += texts
      default: break
      }
    }
    let newline =
      lines.first.map { $0.terminator == .none ? LineTerminator.lf : $0.terminator }
      ?? .lf
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count + 64)
    out += bytes[0..<(lines.first?.range.lowerBound ?? bytes.count)]
    var openLine = false  // the last line written had no terminator
    func emit(_ text: some Collection<UInt8>, _ terminator: LineTerminator) {
      if openLine { out += newline.bytes }
      out += text
      out += terminator.bytes
      openLine = terminator == .none
    }
    func emit(edited text: String, _ terminator: LineTerminator) {
      guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else {
        return emit(text.utf8, terminator)
      }
      emit(
        text.utf8.flatMap { byte -> [UInt8] in
          switch byte {
          case 0x0A: Array("%0A".utf8)
          case 0x0D: Array("%0D".utf8)
          default: [byte]
          }
        }, terminator)
    }
    // The lines between edited ones are copied a run at a time, terminators included: a rewrite
    // that changes a few hundred lines of a 100,000-line playlist copies a few hundred runs.
    var points = Array(Set(replacements.keys).union(removed).union(inserts.keys))
    points.sort()
    var next = 0  // the first line not yet written
    func copyRun(upTo end: Int) {
      guard end > next else { return }
      let last = lines[end - 1]
      if openLine { out += newline.bytes }
      out +=
        bytes[lines[next].range.lowerBound..<(last.range.upperBound + last.terminator.byteCount)]
      openLine = last.terminator == .none
      next = end
    }
    for index in points {
      copyRun(upTo: index)
      for text in inserts[index] ?? [] { emit(edited: text, newline) }
      guard index < lines.count else { continue }
      next = index + 1
      guard !removed.contains(index) else { continue }
      let line = lines[index]
      if let text = replacements[index] {
        emit(edited: text, line.terminator)
      } else {
        emit(bytes[line.range], line.terminator)
      }
    }
    copyRun(upTo: lines.count)
    return out
  }
}

extension Playlist {
  /// The playlist with `edits` applied, parsed again with the same options.
  public func applying(_ edits: [LineEdit]) throws(ParseError) -> Playlist {
    try Playlist.parse(source.applying(edits), options: source.options)
  }
}

extension LineTerminator {
  /// The number of bytes of the terminator.
  fileprivate var byteCount: Int {
    switch self {
    case .none: 0
    case .lf, .cr: 1
    case .crlf: 2
    }
  }
}
