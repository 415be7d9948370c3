import ManifestCore
import Subtitles

/// The timing of one timed TTML element (TTML2 §12: `begin`, `end`, `dur`, `timeContainer`),
/// worked out as the document streams by: absolute begin from the sync base (the parent's begin
/// in a `par` container, the previous sibling's end in a `seq` one), an explicit end from `end`
/// (relative to the same sync base) and `dur` (from the begin), the earlier winning, and an
/// implicit end from the children (`par`: the latest child end, indefinite if any child's is;
/// `seq`: the last child's end) or from text (indefinite in `par`). Ends are clipped to the
/// explicit ends of the ancestors.
struct TTMLTimingContext {
  /// The absolute begin.
  var begin: SubtitleTime
  /// The latest end allowed by this element's and its ancestors' explicit ends, or `nil`.
  var bound: SubtitleTime?
  /// This element's end from `end`/`dur`, or `nil`.
  var explicitEnd: SubtitleTime?
  /// True for a `seq` time container.
  var isSequence: Bool
  /// The implicit end so far; `nil` while it is indefinite. In a `seq` container it is also
  /// the sync base of the next child.
  var implicitEnd: SubtitleTime?
  /// True for a span in a `seq` container while it holds only text: its implicit duration is
  /// zero (TTML1 §10.4, TTML2 §12.4: a span whose children are exclusively text nodes).
  var textIsInstant = false
  /// True once text was seen directly in this element.
  var sawText = false
  /// True when this element never begins: it follows a sibling with an indefinite end in a
  /// `seq` container (TTML2 §12.4, SMIL sequential semantics), or its parent never begins.
  var unreachable = false

  /// The root context: begins at zero, unbounded.
  static let root = TTMLTimingContext(
    begin: .zero, bound: nil, explicitEnd: nil, isSequence: false, implicitEnd: .zero)

  /// A child's context from its timing attributes.
  func child(
    begin beginOffset: SubtitleTime?, end endOffset: SubtitleTime?, dur: SubtitleTime?,
    isSequence childIsSequence: Bool, isSpan: Bool = false
  ) -> TTMLTimingContext {
    let syncBase = isSequence ? (implicitEnd ?? begin) : begin
    let childBegin = syncBase + (beginOffset ?? .zero)
    var end: SubtitleTime? = endOffset.map { syncBase + $0 }
    if let dur {
      let fromDuration = childBegin + dur
      end = end.map { min($0, fromDuration) } ?? fromDuration
    }
    var childBound = end
    if let bound { childBound = childBound.map { min($0, bound) } ?? bound }
    return TTMLTimingContext(
      begin: childBegin, bound: childBound, explicitEnd: end, isSequence: childIsSequence,
      implicitEnd: childBegin, textIsInstant: isSpan && isSequence,
      unreachable: unreachable || (isSequence && implicitEnd == nil))
  }

  /// Text (an anonymous span) inside this element: indefinite in `par` (zero in a span of
  /// text only in a `seq` container), no time in `seq`.
  mutating func addText() {
    guard !isSequence else { return }
    sawText = true
    if !textIsInstant { implicitEnd = nil }
  }

  /// A child element ended at `end` (`nil`: indefinite).
  mutating func addChild(end: SubtitleTime?) {
    if textIsInstant {
      // No longer a span of text only: its text is indefinite, as in any `par` container.
      textIsInstant = false
      if sawText { implicitEnd = nil }
    }
    if isSequence {
      implicitEnd = end
    } else if let current = implicitEnd, let end {
      implicitEnd = max(current, end)
    } else {
      implicitEnd = nil
    }
  }

  /// The active end: the explicit end, else the implicit one, clipped to the ancestors' bound;
  /// `nil` when indefinite and unbounded; the begin (an empty interval) when unreachable.
  var activeEnd: SubtitleTime? {
    if unreachable { return begin }
    let end = explicitEnd ?? implicitEnd
    guard let bound else { return end }
    return end.map { min($0, bound) } ?? bound
  }

  /// The latest time the timing of `child`, a child of this element, gives: its begin or its
  /// explicit end, whichever is later, cut to this element's bound (a time after it is never
  /// reached); `nil` when the child never begins.
  func latestTime(of child: TTMLTimingContext) -> SubtitleTime? {
    guard !child.unreachable else { return nil }
    let latest = child.explicitEnd.map { max($0, child.begin) } ?? child.begin
    return bound.map { min($0, latest) } ?? latest
  }

  /// The end this element reports to its parent (unclipped desired end, `nil` if indefinite).
  /// An unreachable element never ends either: what follows it in a `seq` container never
  /// begins.
  var desiredEnd: SubtitleTime? { unreachable ? nil : explicitEnd ?? implicitEnd }
}
