import ManifestCore

extension AdTimeline {
  /// A human summary, one line per break, then a total:
  /// `splice-4300  daterange+oatcls  start 1800  duration 30  planned 30  segments 900-914`.
  /// Control characters in IDs from the input are escaped, so a break is always one line.
  public var text: String {
    var out = ""
    for adBreak in breaks {
      var fields = [
        adBreak.id,
        adBreak.signals.map(\.dialect.rawValue).joined(separator: "+"),
        "start \(adBreak.start)", "duration \(adBreak.duration)",
      ]
      fields.append("planned " + (adBreak.plannedDuration.map { "\($0)" } ?? "-"))
      let segments = adBreak.endSegment.map { "\(adBreak.startSegment)-\($0)" } ?? "none"
      fields.append("segments \(segments)")
      if let pdt = adBreak.programDateTime { fields.append(pdt.description) }
      if !adBreak.beacons.isEmpty { fields.append("beacons \(adBreak.beacons.count)") }
      if let interstitial = adBreak.interstitial { fields += interstitial.textFields }
      if adBreak.startedBeforeWindow { fields.append("started before window") }
      if adBreak.open { fields.append("open") }
      out += TextEscaping.escapingControlCharacters(fields.joined(separator: "  ")) + "\n"
    }
    let total = breaks.reduce(ExactDecimal.zero) { $0 + $1.duration }
    out += "\(breaks.count) ad break\(breaks.count == 1 ? "" : "s"), \(total) s of \(duration) s\n"
    return out
  }
}

extension Interstitial {
  /// The `ads` text fields of an interstitial: `asset-uri URI` or `asset-list URI`, then
  /// `resume S`, `limit S`, `cue PRE` and `restrict SKIP,JUMP` when declared.
  var textFields: [String] {
    var fields: [String] = []
    if let assetURI { fields.append("asset-uri \(assetURI)") }
    if let assetList { fields.append("asset-list \(assetList)") }
    if let resumeOffset { fields.append("resume \(resumeOffset)") }
    if let playoutLimit { fields.append("limit \(playoutLimit)") }
    if !cue.isEmpty { fields.append("cue " + cue.joined(separator: ",")) }
    if !restrict.isEmpty { fields.append("restrict " + restrict.joined(separator: ",")) }
    return fields
  }
}
