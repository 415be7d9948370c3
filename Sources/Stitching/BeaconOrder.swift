import HLS

/// Puts each ad's `complete` beacons (and the other events that fire at its end) before the
/// EXT-X-DISCONTINUITY that follows the ad: the writer states a segment's discontinuity before
/// its tags, but the beacon dialect ends an ad's block at that discontinuity, so the beacons
/// after it would belong to no ad. Lines move whole, through `LineEdit`.
enum BeaconOrder {
  static func completingBeforeDiscontinuities(_ bytes: [UInt8]) -> [UInt8] {
    guard let playlist = try? Playlist.parse(bytes) else { return bytes }
    let source = playlist.source
    var edits: [LineEdit] = []
    var i = 0
    let lines = source.lines
    while i < lines.count {
      guard lines[i].kind == .tag, lines[i].tag == .discontinuity else {
        i += 1
        continue
      }
      var moved: [String] = []
      var j = i + 1
      while j < lines.count, lines[j].kind == .tag {
        if lines[j].tag == .beacon {
          guard source.tagValue(of: lines[j])?.hasPrefix("EVENT=") == true else { break }
          moved.append(source.text(of: lines[j]))
          edits.append(.remove(line: j))
        } else if lines[j].tag == .inf {
          break
        }
        j += 1
      }
      if !moved.isEmpty { edits.append(.insert(before: i, lines: moved)) }
      i = j
    }
    return edits.isEmpty ? bytes : source.applying(edits)
  }
}
