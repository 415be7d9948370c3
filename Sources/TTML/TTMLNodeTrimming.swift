import ManifestCore
import Subtitles

/// Whitespace trimming and span filtering on built cue nodes, for the pieces of a paragraph
/// whose spans carry their own timing (`TTMLParagraph.pieces`).
enum TTMLNodeTrimming {
  /// Removes spaces at the end of `nodes` (into a last span); true when it reached text or a
  /// line break (so nothing before needs trimming). Looks before it writes, so content that
  /// needs no trimming (the usual case) is not copied.
  @discardableResult
  static func trimTrailing(_ nodes: inout [CueNode]) -> Bool {
    switch trailingState(nodes) {
    case .clean: return true
    case .empty: return false
    case .needsTrim: break
    }
    while let last = nodes.last {
      switch last {
      case .text(let text):
        guard text.utf8.last == 0x20 else { return true }
        // Space by space: a character that joins the space into one grapheme stays.
        var trimmed = Substring(text).unicodeScalars
        while trimmed.last == " " { trimmed.removeLast() }
        if trimmed.isEmpty {
          nodes.removeLast()
          continue
        }
        nodes[nodes.count - 1] = .text(String(trimmed))
        return true
      case .span(var span):
        nodes.removeLast()
        let done = trimTrailing(&span.children)
        nodes.append(.span(span))
        return done
      case .lineBreak, .timestamp: return true
      }
    }
    return false
  }

  private enum TrailingState {
    case clean, empty, needsTrim
  }

  /// Whether `nodes` end in a space, without copying anything.
  private static func trailingState(_ nodes: [CueNode]) -> TrailingState {
    guard let last = nodes.last else { return .empty }
    switch last {
    case .text(let text): return text.utf8.last == 0x20 ? .needsTrim : .clean
    case .span(let span):
      let inner = trailingState(span.children)
      return inner == .empty ? .needsTrim : inner
    case .lineBreak, .timestamp: return .clean
    }
  }

  /// Removes spaces at the start of `nodes` (into a first span).
  @discardableResult
  static func trimLeading(_ nodes: inout [CueNode]) -> Bool {
    while let first = nodes.first {
      switch first {
      case .text(let text):
        guard text.utf8.first == 0x20 else { return true }
        let trimmed = text.drop { $0 == " " }
        if trimmed.isEmpty {
          nodes.removeFirst()
          continue
        }
        nodes[0] = .text(String(trimmed))
        return true
      case .span(var span):
        let done = trimLeading(&span.children)
        nodes[0] = .span(span)
        return done
      case .lineBreak, .timestamp: return true
      }
    }
    return false
  }

  /// `nodes` without the spans whose ordinals (document order) are in `removing`.
  static func filter(_ nodes: [CueNode], removing: Set<Int>, ordinal: inout Int) -> [CueNode] {
    var result: [CueNode] = []
    for node in nodes {
      guard case .span(var span) = node else {
        result.append(node)
        continue
      }
      let own = ordinal
      ordinal += 1
      let children = filter(span.children, removing: removing, ordinal: &ordinal)
      guard !removing.contains(own) else { continue }
      span.children = children
      result.append(.span(span))
    }
    return result
  }
}
