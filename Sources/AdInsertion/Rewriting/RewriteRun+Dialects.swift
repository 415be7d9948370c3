import HLS
import ManifestCore

/// The tags of each target dialect, written before the segments they mark: the opening tag
/// before the break's first segment, a continuation before each later one, the closing tag
/// before the first segment after it.
extension RewriteRun {
  /// EXT-X-CUE-OUT / EXT-X-CUE-OUT-CONT / EXT-X-CUE-IN, with EXT-OATCLS-SCTE35 for `oatcls`
  /// (AWS Elemental; the continuation `8.308/30` or, with a cue,
  /// `ElapsedTime=8.308,Duration=30,SCTE35=<base64>`).
  mutating func writeCueOut(_ adBreak: AdBreak) throws(AdRewriteIssue) {
    let s = adBreak.startSegment
    let declared = declared(adBreak)
    let cues = target == .oatcls ? try cues(adBreak) : nil
    let outCue = cues.map { Base64.encode($0.out) }
    if declared == nil {
      report(
        .openBreakWithoutDuration, adBreak,
        "EXT-X-CUE-OUT declares no duration and CUE-OUT-CONT only the elapsed time")
    }
    if !adBreak.startedBeforeWindow {
      if let outCue {
        try insert(CustomTag(name: "EXT-OATCLS-SCTE35", value: outCue), at: s, adBreak)
      }
      try insert(
        CustomTag(name: "EXT-X-CUE-OUT", value: declared.map(Self.seconds)), at: s, adBreak)
    }
    if let e = adBreak.endSegment {
      let first = adBreak.startedBeforeWindow ? s : s + 1
      let base = windowElapsed(adBreak) ?? .zero
      if first <= e {
        for i in first...e {
          let elapsed = Self.seconds(base + start(i) - start(s))
          var value: String
          if let outCue {
            value = "ElapsedTime=" + elapsed
            if let declared { value += ",Duration=" + Self.seconds(declared) }
            value += ",SCTE35=" + outCue
          } else {
            value = declared.map { elapsed + "/" + Self.seconds($0) } ?? elapsed
          }
          try insert(CustomTag(name: "EXT-X-CUE-OUT-CONT", value: value), at: i, adBreak)
        }
      }
    }
    guard !adBreak.open else { return }
    let end = adBreak.endSegment.map { $0 + 1 } ?? s
    if let cues {
      try insert(
        CustomTag(name: "EXT-OATCLS-SCTE35", value: Base64.encode(cues.in)), at: end, adBreak)
    }
    try insert(CustomTag(name: "EXT-X-CUE-IN"), at: end, adBreak)
  }

  /// An EXT-X-DATERANGE with SCTE35-OUT (and PLANNED-DURATION) at the break's start and, when
  /// it is closed, one with the same ID and START-DATE, DURATION and SCTE35-IN after it
  /// (RFC 8216bis §4.4.5.1.4).
  mutating func writeDateRange(_ adBreak: AdBreak) throws(AdRewriteIssue) {
    let s = adBreak.startSegment
    let startDate = try dated(adBreak)
    let cues = try cues(adBreak)
    let id = PercentEncoding.encodingUnsafeBytes(adBreak.id)
    let shift = startDate.seconds(since: date(s) ?? startDate)
    let opening = DateRange(
      id: id, startDate: startDate,
      plannedDuration: adBreak.plannedDuration
        ?? (adBreak.open ? adBreak.signals.first?.declaredEnd : nil),
      scte35Out: "0x" + Hex.encode(cues.out, uppercase: true))
    try insert(at: s, adBreak) { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      try w.write(opening)
    }
    guard !adBreak.open else { return }
    let closing = DateRange(
      id: id, startDate: startDate, duration: adBreak.duration - shift,
      scte35In: "0x" + Hex.encode(cues.in, uppercase: true))
    let end = adBreak.endSegment.map { $0 + 1 } ?? s
    try insert(at: end, adBreak) { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      try w.write(closing)
    }
  }

  /// `#EXT-X-SCTE35:CUE="<base64>",CUE-OUT=YES|CONT,…` and `CUE-IN=YES` (Adobe Primetime's
  /// EXT-X-SCTE35, as Anvato and x9k3 write it), each with the break's ID.
  mutating func writeSCTE35Tag(_ adBreak: AdBreak) throws(AdRewriteIssue) {
    let s = adBreak.startSegment
    let declared = declared(adBreak)
    let cues = try cues(adBreak)
    let outCue = Base64.encode(cues.out)
    let id = AttributeList.Attribute(
      name: "ID", value: PercentEncoding.encodingUnsafeBytes(adBreak.id), isQuoted: true)
    let duration = declared.map {
      AttributeList.Attribute(name: "DURATION", value: Self.seconds($0), isQuoted: false)
    }
    func cue(_ text: String) -> AttributeList.Attribute {
      AttributeList.Attribute(name: "CUE", value: text, isQuoted: true)
    }
    func flag(_ name: String, _ value: String) -> AttributeList.Attribute {
      AttributeList.Attribute(name: name, value: value, isQuoted: false)
    }
    if !adBreak.startedBeforeWindow {
      let attributes = [cue(outCue), flag("CUE-OUT", "YES")] + [duration].compactMap { $0 } + [id]
      try insert(tag("EXT-X-SCTE35", attributes, adBreak), at: s, adBreak)
    }
    if let e = adBreak.endSegment {
      let first = adBreak.startedBeforeWindow ? s : s + 1
      let base = windowElapsed(adBreak) ?? .zero
      if first <= e {
        for i in first...e {
          let elapsed = flag("ELAPSED", Self.seconds(base + start(i) - start(s)))
          let attributes =
            [cue(outCue), flag("CUE-OUT", "CONT"), elapsed] + [duration].compactMap { $0 } + [id]
          try insert(tag("EXT-X-SCTE35", attributes, adBreak), at: i, adBreak)
        }
      }
    }
    guard !adBreak.open else { return }
    let end = adBreak.endSegment.map { $0 + 1 } ?? s
    let attributes = [cue(Base64.encode(cues.in)), flag("CUE-IN", "YES"), id]
    try insert(tag("EXT-X-SCTE35", attributes, adBreak), at: end, adBreak)
  }

  /// `#EXT-X-BEACON:AD_LENGTH=<seconds>` at the break's start and each beacon
  /// (`EVENT=<name>,URL=<url>`, the URL as read) before the segment at its offset. A beacon
  /// block has no closing tag: it ends at a discontinuity, at the next AD_LENGTH or at the end
  /// of the playlist, so a break that ends elsewhere is reported.
  mutating func writeBeacon(_ adBreak: AdBreak, next: AdBreak?) throws(AdRewriteIssue) {
    let s = adBreak.startSegment
    if adBreak.startedBeforeWindow {
      report(
        .startedBeforeWindowLost, adBreak,
        "a beacon block cannot begin before the window; it is written at the first segment")
    }
    let length = declared(adBreak) ?? adBreak.duration
    if declared(adBreak) == nil {
      report(
        .openBreakWithoutDuration, adBreak,
        "AD_LENGTH is written as the \(adBreak.duration) seconds seen so far")
    }
    try insert(
      CustomTag(name: "EXT-X-BEACON", value: "AD_LENGTH=" + Self.seconds(length)), at: s, adBreak)
    for beacon in adBreak.beacons {
      var parts: [String] = []
      if let event = beacon.event { parts.append("EVENT=" + event) }
      if let url = beacon.url { parts.append("URL=" + url) }
      guard !parts.isEmpty else { continue }
      try insert(
        CustomTag(name: "EXT-X-BEACON", value: parts.joined(separator: ",")),
        at: segment(from: s, offset: beacon.offset), adBreak)
    }
    if let problem = beaconEndProblem(adBreak, next: next) {
      report(.endNotExpressible, adBreak, problem)
    }
  }

  /// Why a beacon block would not end where `adBreak` ends, or `nil`.
  private func beaconEndProblem(_ adBreak: AdBreak, next: AdBreak?) -> String? {
    let s = adBreak.startSegment
    guard let e = adBreak.endSegment else {
      return s < count
        ? "a beacon block cannot cover no segment; it runs on from segment \(s)" : nil
    }
    if e > s, let inner = ((s + 1)...e).first(where: { segments[$0].discontinuity }) {
      return "the discontinuity at segment \(inner) would end the beacon block there"
    }
    if adBreak.open {
      return isLive ? nil : "a beacon block at the end of a finished playlist is not open"
    }
    if e + 1 == count {
      return isLive ? "a beacon block at the end of a live playlist reads as still open" : nil
    }
    if segments[e + 1].discontinuity || next?.startSegment == e + 1 { return nil }
    return "a beacon block ends only at a discontinuity or the next AD_LENGTH; segment \(e + 1) "
      + "has neither"
  }

  /// An EXT-X-DATERANGE of CLASS com.apple.hls.interstitial: X-ASSET-URI or X-ASSET-LIST from
  /// the template, X-RESUME-OFFSET (the break's duration, or the given seconds), DURATION and
  /// PLANNED-DURATION from the break, CUE=PRE for a VOD break on the first segment, CUE=POST for
  /// one after the last.
  mutating func writeInterstitial(_ adBreak: AdBreak, index: Int) throws(AdRewriteIssue) {
    let s = adBreak.startSegment
    let startDate = try dated(adBreak)
    guard let asset = options.asset else {
      throw AdRewriteIssue(
        .unwritable, .error,
        "ad break '\(adBreak.id)' on line \(adBreak.line): an interstitial needs X-ASSET-URI or "
          + "X-ASSET-LIST (give --asset-uri or --asset-list)", at: location(adBreak))
    }
    var attributes: [AttributeList.Attribute] = []
    switch asset {
    case .uri(let template):
      attributes.append(
        .init(
          name: "X-ASSET-URI", value: template.expanded(for: adBreak, index: index), isQuoted: true)
      )
    case .list(let template):
      attributes.append(
        .init(
          name: "X-ASSET-LIST", value: template.expanded(for: adBreak, index: index), isQuoted: true
        ))
    }
    var resume: ExactDecimal?
    switch options.resumeOffset {
    case .seconds(let seconds): resume = seconds
    case .breakDuration: resume = replaced(adBreak)
    }
    if let resume {
      attributes.append(.init(name: "X-RESUME-OFFSET", value: resume.description, isQuoted: false))
    } else {
      report(
        .openBreakWithoutDuration, adBreak,
        "X-RESUME-OFFSET is left out: the break is open and declares no duration")
    }
    // CUE=POST plays after the primary asset has played to its end (RFC 8216bis §4.4.5.1):
    // only a break after the last segment is a post-roll. One over the last segments replaces
    // them from its START-DATE, as a mid-roll does, or they would play before it.
    var cue: String?
    if !isLive {
      if s >= count && count > 0 {
        cue = "POST"
      } else if s == 0 {
        cue = "PRE"
      }
    }
    if adBreak.open && !isLive && resume != nil {
      report(
        .endNotExpressible, adBreak,
        "an interstitial of a finished playlist is not open; it ends X-RESUME-OFFSET after its "
          + "start")
    }
    let range = DateRange(
      id: PercentEncoding.encodingUnsafeBytes(adBreak.id),
      classIdentifier: "com.apple.hls.interstitial", startDate: startDate, cue: cue,
      duration: adBreak.open ? adBreak.signals.first?.declaredEnd : adBreak.duration,
      plannedDuration: adBreak.plannedDuration,
      attributes: AttributeList(attributes))
    try insert(at: s, adBreak) { (w: inout PlaylistWriter) throws(PlaylistWriteError) in
      try w.write(range)
    }
  }

  /// The primary content an interstitial for `adBreak` replaces (X-RESUME-OFFSET of
  /// `--resume-offset break`): a source interstitial's own offset; none (0) for a break that
  /// covers no segment; else the break's duration, for an open break its declared one.
  private func replaced(_ adBreak: AdBreak) -> ExactDecimal? {
    if let offset = adBreak.interstitial?.resumeOffset { return offset }
    if adBreak.endSegment == nil { return .zero }
    return adBreak.open ? declared(adBreak) : adBreak.duration
  }

  /// The START-DATE of a break: its first segment's date, moved back by how far into the
  /// break the window starts for a break that began before it.
  private mutating func dated(_ adBreak: AdBreak) throws(AdRewriteIssue) -> DateTime {
    guard let first = date(adBreak.startSegment) else {
      throw AdRewriteIssue(
        .noProgramDateTime, .error,
        "ad break '\(adBreak.id)' on line \(adBreak.line) cannot be written as "
          + "EXT-X-DATERANGE: its segment has no EXT-X-PROGRAM-DATE-TIME (give --epoch DATE)",
        at: location(adBreak))
    }
    guard adBreak.startedBeforeWindow else { return first }
    // More than the reader's 50 ms slack before the first segment, or it reads as starting on it.
    if target == .dateRange, let elapsed = windowElapsed(adBreak),
      elapsed > ExactDecimal(significand: 5, scale: 2)
    {
      return first.adding(seconds: -elapsed)
    }
    report(
      .startedBeforeWindowLost, adBreak,
      "how far into the break the window starts is unknown; START-DATE is the first segment's")
    return first
  }
}
