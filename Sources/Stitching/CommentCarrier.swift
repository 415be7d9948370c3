import HLS

/// Carries the content's comment lines (`#` lines that are not tags) into the output, which the
/// writer builds from typed values: a comment before the first segment goes at the end of the
/// output's header, one before a segment goes before that segment's EXTINF, one after the last
/// segment before EXT-X-ENDLIST. Lines move whole, as written, through `LineEdit`.
enum CommentCarrier {
  /// `bytes` with the comments of `content` inserted; `index` maps each content segment (and
  /// the segment count) to the output segment its lines go before.
  static func carry(_ content: MediaPlaylist, index: [Int], into bytes: [UInt8]) -> [UInt8] {
    let source = content.source
    let comments = source.lines.enumerated().filter { $0.element.kind == .comment }
    guard !comments.isEmpty, let output = try? Playlist.parse(bytes).media else { return bytes }
    let out = output.segments
    let firstSegmentLine = content.segments.first?.lines.lowerBound ?? source.lines.count
    let end =
      output.source.lines.lastIndex { $0.kind == .tag && $0.tag == .endList }
      ?? output.source.lines.count
    var edits: [LineEdit] = []
    for (i, line) in comments {
      let target: Int
      let segment = index.indices.contains(line.segmentIndex) ? index[line.segmentIndex] : out.count
      if i < firstSegmentLine {
        target = out.first?.lines.lowerBound ?? end
      } else if segment < out.count {
        target = out[segment].infLine ?? out[segment].uriLine
      } else {
        target = end
      }
      edits.append(.insert(before: target, lines: [source.text(of: line)]))
    }
    return output.source.applying(edits)
  }
}
