/// Puts each ad's `complete` beacons (and the other events that fire at its end) before the
/// EXT-X-DISCONTINUITY that follows the ad: the writer states a segment's discontinuity before
/// its tags, but the beacon dialect ends an ad's block at that discontinuity, so the beacons
/// after it would belong to no ad. Whole lines of the writer's output move (one pass over its
/// bytes, LF line ends as the writer writes them); nothing is written anew.
enum BeaconOrder {
  static let discontinuity = Array("#EXT-X-DISCONTINUITY".utf8)
  static let event = Array("#EXT-X-BEACON:EVENT=".utf8)
  static let beacon = Array("#EXT-X-BEACON:".utf8)
  static let inf = Array("#EXTINF:".utf8)

  static func completingBeforeDiscontinuities(_ bytes: [UInt8]) -> [UInt8] {
    var lines: [Range<Int>] = []
    var start = 0
    for (i, b) in bytes.enumerated() where b == 0x0A {
      lines.append(start..<(i + 1))
      start = i + 1
    }
    if start < bytes.count { lines.append(start..<bytes.count) }
    func line(_ i: Int, is prefix: [UInt8], whole: Bool = false) -> Bool {
      let r = lines[i]
      let text = bytes[r.lowerBound..<(r.upperBound - (bytes[r.upperBound - 1] == 0x0A ? 1 : 0))]
      return whole ? text.elementsEqual(prefix) : text.starts(with: prefix)
    }
    var out: [UInt8] = []
    var moved = false
    var i = 0
    while i < lines.count {
      guard line(i, is: discontinuity, whole: true) else {
        out += bytes[lines[i]]
        i += 1
        continue
      }
      // The segment's tags up to its EXTINF (or its first non-tag line): the EVENT beacons
      // among them before another ad's AD_LENGTH end the ad before, and move up.
      var j = i + 1
      var events: [Int] = []
      while j < lines.count, bytes[lines[j].lowerBound] == 0x23, !line(j, is: inf) {
        if line(j, is: event) {
          events.append(j)
        } else if line(j, is: beacon) {
          break
        }
        j += 1
      }
      if events.isEmpty {
        out += bytes[lines[i]]
        i += 1
        continue
      }
      moved = true
      for k in events { out += bytes[lines[k]] }
      out += bytes[lines[i]]
      for k in (i + 1)..<j where !events.contains(k) { out += bytes[lines[k]] }
      i = j
    }
    return moved ? out : bytes
  }
}
