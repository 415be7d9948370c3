/// The ad breaks that started, ended and were withdrawn between two reloads of a live media
/// playlist (what `m3u8-tool diff` and the `Live` tracker report), matched by their stable id
/// (`AdBreak.id`).
///
/// A break of the new reload that began before its window and has no signal of its own takes
/// the id of the break it continues: the break of the old reload that started last at or before
/// the new window's first segment, and is open or runs to that segment. `timeline` is the new reload with those ids carried,
/// so that comparing it with the next reload carries them on.
public struct AdBreakChanges: Sendable, Equatable {
  /// The new reload's timeline, ids carried over from the old one.
  public var timeline: AdTimeline
  /// Breaks of the new reload the old one did not have, in order.
  public var started: [AdBreak]
  /// Breaks open in the old reload (or new in this one) that the new one closes, in order.
  public var ended: [AdBreak]
  /// Breaks open in the old reload that the new one lists no more although their first
  /// segment is still in its window: the origin withdrew them (a cancelled avail).
  public var withdrawn: [AdBreak]

  /// Compares the breaks of two reloads, `old` first.
  public init(old: AdTimeline, new: AdTimeline) {
    let known = Dictionary(old.breaks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    var carried = new
    var taken = Set(new.breaks.map(\.id))
    for index in carried.breaks.indices {
      let adBreak = carried.breaks[index]
      guard known[adBreak.id] == nil, adBreak.startedBeforeWindow,
        adBreak.id == "MSN-\(adBreak.mediaSequence)",
        let continued = old.breaks.last(where: {
          $0.mediaSequence <= adBreak.mediaSequence && !taken.contains($0.id)
            && ($0.open || ($0.lastMediaSequence ?? $0.mediaSequence) >= adBreak.mediaSequence)
        })
      else { continue }
      taken.insert(continued.id)
      carried.breaks[index].id = continued.id
      carried.breaks[index].periodId = continued.id
    }
    timeline = carried
    started = carried.breaks.filter { known[$0.id] == nil }
    ended = carried.breaks.filter { !$0.open && (known[$0.id]?.open ?? true) }
    let listed = Set(carried.breaks.map(\.id))
    withdrawn = old.breaks.filter {
      $0.open && !listed.contains($0.id) && $0.mediaSequence >= new.mediaSequence
    }
  }
}
