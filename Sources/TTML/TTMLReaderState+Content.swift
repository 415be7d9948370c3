import ManifestCore
import Subtitles
import XMLSupport

extension TTMLReaderState {
  // MARK: Content elements

  /// Timing, region and style of `body`, `div`, `p`, `span` and content `image` elements.
  mutating func startContent(_ frame: inout Frame, _ attributes: Attributes, _ tag: XMLStartTag) {
    let begin = time(attributes.begin, "begin", tag, line: frame.line)
    let end = time(attributes.end, "end", tag, line: frame.line)
    let dur = time(attributes.dur, "dur", tag, line: frame.line)
    let sequence =
      attributes.timeContainer >= 0
      && tag.withValueBytes(attributes.timeContainer) { $0.elementsEqual("seq".utf8) }
    var hasTiming = attributes.begin >= 0 || attributes.end >= 0 || attributes.dur >= 0
    let parentIndex = stack.count - 1
    let parentTiming = stack[parentIndex].timing ?? .root
    if parentTiming.isSequence { hasTiming = true }
    let timing = parentTiming.child(
      begin: begin, end: end, dur: dur, isSequence: sequence, isSpan: frame.kind == .span)
    frame.timing = timing
    noteLatest(parentTiming.latestTime(of: timing))
    if frame.region < 0 { frame.region = stack[parentIndex].region }
    let own = ownStyle(frame.styleReferences, attributes.inlineStyle, line: frame.line)
    if frame.kind == .span {
      paragraph.openSpan(
        number: Int64(own) << 32 | Int64(frame.styleReferences),
        style: TTMLContentBuffer.SpanStyle(
          style: values.styles[Int(own)],
          styleReferences: values.referenceLists[Int(frame.styleReferences)]),
        begin: timing.begin, end: timing.activeEnd, timed: hasTiming)
      frame.style = own
    } else {
      frame.style = values.merged(stack[parentIndex].style, own)
    }
    if frame.kind == .paragraph {
      paragraph.reset(preserve: frame.preserve)
      if !displaySets.isEmpty { displaySets.removeAll() }
    }
    // An image has no duration of its own (its implicit duration is indefinite): it lasts as
    // long as its parent lets it, so `<div begin end><image/></div>` (IMSC 1.1 §9.4.4) shows
    // the image for the div's time.
    if frame.kind == .contentImage { frame.timing?.addText() }
    if attributes.region >= 0, frame.region >= 0,
      sheet.regions[values.regions[Int(frame.region)]] == nil
    {
      warn(
        .ttmlUnknownRegion,
        "unknown region '\(PrintableText.value(values.regions[Int(frame.region)]))'",
        line: frame.line)
    }
  }

  /// The time attribute at `index` (-1: absent); an invalid one is ignored with a warning.
  private mutating func time(_ index: Int, _ name: String, _ tag: XMLStartTag, line: Int)
    -> SubtitleTime?
  {
    guard index >= 0 else { return nil }
    if let bytes = tag.attributeBytes(index),
      let value = TTMLTimeExpression.parse(bytes, parameters)
    {
      return value
    }
    let text = tag.attributeValue(index)
    if let value = TTMLTimeExpression.parse(text, parameters) { return value }
    warn(
      .ttmlTimeExpression,
      "invalid \(name) time expression '\(PrintableText.value(text))'; ignored", line: line)
    return nil
  }

  /// `begin`, `end` and `dur` on a `region` (TTML2 §12.1.2, timed like a child of the root):
  /// content selected into the region shows only while it is active.
  mutating func readRegionTiming(
    _ identifier: String, _ attributes: Attributes, _ tag: XMLStartTag, line: Int
  ) {
    guard attributes.begin >= 0 || attributes.end >= 0 || attributes.dur >= 0 else { return }
    let timing = TTMLTimingContext.root.child(
      begin: time(attributes.begin, "begin", tag, line: line),
      end: time(attributes.end, "end", tag, line: line),
      dur: time(attributes.dur, "dur", tag, line: line), isSequence: false)
    regionIntervals[identifier] = (timing.begin, timing.explicitEnd)
    noteLatest(TTMLTimingContext.root.latestTime(of: timing))
  }

  /// Keeps `time` as the latest time the document gives if it is later.
  private mutating func noteLatest(_ time: SubtitleTime?) {
    if let time, time > latestTime { latestTime = time }
  }

  /// A `set` of `tts:display` in a paragraph (TTML1 §11.1.1), timed like a child of it: without
  /// `end` or `dur` it lasts no time in a `seq` paragraph, as long as the paragraph in a `par`
  /// one (TTML1 §10.4, ttml1 testsuite SetImplicitDuration). A `set` of any other property
  /// changes nothing a cue holds.
  mutating func readDisplaySet(_ attributes: Attributes, _ tag: XMLStartTag, line: Int) {
    guard
      let value = values.styles[Int(attributes.inlineStyle)].last(where: { $0.name == "display" }),
      let parent = stack.last?.timing
    else { return }
    var timing = parent.child(
      begin: time(attributes.begin, "begin", tag, line: line),
      end: time(attributes.end, "end", tag, line: line),
      dur: time(attributes.dur, "dur", tag, line: line), isSequence: false)
    if !parent.isSequence { timing.implicitEnd = nil }
    noteLatest(parent.latestTime(of: timing))
    displaySets.append(
      TTMLDisplayTimeline.Change(
        begin: timing.begin, end: timing.activeEnd, shown: value.value != "none"))
  }

  // MARK: End tags

  /// The innermost open element ends. Its frame is read where it is on the stack (frames are
  /// large values, so they are not copied) and removed at the end.
  mutating func end() {
    let index = stack.count - 1
    guard index >= 0 else { return }
    let kind = stack[index].kind
    switch kind {
    case .style:
      if let identifier = frameIdentifiers[index] {
        let style = SubtitleStyle(
          identifier: identifier, properties: values.styles[Int(stack[index].style)],
          references: values.referenceLists[Int(stack[index].styleReferences)])
        sheet.add(style)
        ownStyles.removeAll()
        document.styles.append(style)
      }
    case .regionStyle:
      if index > 0 {
        stack[index - 1].style = values.merged(stack[index - 1].style, stack[index].style)
      }
    case .region:
      if let identifier = frameIdentifiers[index] {
        let region = SubtitleRegion(
          identifier: identifier, properties: values.styles[Int(stack[index].style)],
          styleReferences: values.referenceLists[Int(stack[index].styleReferences)])
        sheet.add(region)
        cueStyles.removeAll()
        lastCueStyleKey = -1
        document.regions.append(region)
      }
    case .smpteImage, .data:
      finishImageData(index)
    case .paragraph:
      finishParagraph(index)
    case .span:
      paragraph.closeSpan(end: stack[index].timing?.activeEnd)
    case .body, .div, .contentImage:
      if let image = frameImages[index], image.source != nil || image.data != nil {
        addImageCue(index)
      }
    default: break
    }
    if kind != .tt, index > 0, let timing = stack[index].timing {
      stack[index - 1].timing?.addChild(end: timing.desiredEnd)
    }
    stack.removeLast()
    frameIdentifiers.removeLast()
    frameImages.removeLast()
  }

  /// The end of `smpte:image` or `data` at `index`: its base64 text decoded, kept by its id and
  /// given to the image resource or content image it is in.
  private mutating func finishImageData(_ index: Int) {
    let data: [UInt8]
    do {
      data = try Base64.decode(frameImages[index]?.text ?? [])
    } catch {
      warn(
        .ttmlImageData, "image data is not valid base64 (\(error.reason)); ignored",
        line: stack[index].line)
      return
    }
    if let identifier = frameIdentifiers[index] { images[identifier] = data }
    // Data inside an image resource or a content image belongs to it.
    if let owner = stack[..<index].lastIndex(where: {
      $0.kind == .resourceImage || $0.kind == .contentImage
    }) {
      if let id = frameIdentifiers[owner], stack[owner].kind == .resourceImage {
        images[id] = data
      }
      let image = frameImages[owner] ?? FrameImage()
      image.data = data
      frameImages[owner] = image
    }
  }

  /// The end of the `p` at `index`: its cues, and when they are displayed if its display is
  /// `none` or `set` elements change it.
  private mutating func finishParagraph(_ index: Int) {
    let first = document.cues.count
    appendParagraphCues(index)
    let style = stack[index].style
    if style != displayStyle.number {
      let shown = !values.styles[Int(style)].contains {
        $0.name == "display" && $0.value == "none"
      }
      displayStyle = (style, shown)
    }
    let shown = displayStyle.shown
    guard document.cues.count > first, !shown || !displaySets.isEmpty else { return }
    displayTimelines.append(
      (first..<document.cues.count, TTMLDisplayTimeline(shown: shown, changes: displaySets)))
  }

  /// The cue of the `p` at `index` (or cues, when spans have timing of their own).
  private mutating func appendParagraphCues(_ index: Int) {
    guard let timing = stack[index].timing else { return }
    if frameImages[index]?.source != nil {
      addImageCue(index)
      return
    }
    let begin = timing.begin
    let (style, placement) = cueStyle(region: stack[index].region, computed: stack[index].style)
    if let explicit = timing.explicitEnd, explicit <= begin {
      // Kept as written, so validation can report it; an empty interval written as such
      // (`begin="1s" end="1s"`, as every writer spells a zero-length cue) is a zero-length cue.
      if explicit < begin {
        warn(.ttmlEndBeforeBegin, "p ends before it begins", line: stack[index].line)
      }
      appendCue(index, begin, explicit, .text(Self.placeholder), style, placement)
      contentEnds.append((document.cues.count - 1, paragraph.commit().upperBound))
      return
    }
    let end = timing.activeEnd
    if let end, end <= begin { return }
    // In a `seq` paragraph every span is timed and text has no duration (`characters`): with
    // no span there is nothing to show.
    if timing.isSequence && !paragraph.hasTimedSpans { return }
    guard paragraph.hasTimedSpans else {
      if end == nil { unresolvedEnds.append(document.cues.count) }
      appendCue(index, begin, end ?? begin, .text(Self.placeholder), style, placement)
      contentEnds.append((document.cues.count - 1, paragraph.commit().upperBound))
      return
    }
    // Spans with timing of their own split the paragraph; with an indefinite paragraph end the
    // last piece's end is resolved like a paragraph's (`finish`).
    for piece in paragraph.pieces(begin: begin, end: end) {
      if piece.end == nil { unresolvedEnds.append(document.cues.count) }
      appendCue(
        index, piece.start, piece.end ?? piece.start, .text(CueText(nodes: piece.nodes)), style,
        placement)
    }
  }

  /// What a text cue holds until the content store is made (`finish`).
  private static let placeholder = CueText(nodes: [])

  /// Appends a text cue for the `p` at `index`.
  private mutating func appendCue(
    _ index: Int, _ start: SubtitleTime, _ end: SubtitleTime, _ content: CueContent,
    _ style: Int32, _ placement: CuePlacement
  ) {
    let (region, references, line) =
      (stack[index].region, stack[index].styleReferences, stack[index].line)
    // Consecutive paragraphs mostly share region and styling: reuse the previous cue's
    // storage for them instead of building it again.
    if templateKey == (region, references, style) {
      let cue = Cue(
        sharing: templateExtras, identifier: frameIdentifiers[index], start: start, end: end,
        content: content, placement: placement, line: line)
      document.cues.append(cue)
      return
    }
    let cue = Cue(
      identifier: frameIdentifiers[index], start: start, end: end, content: content,
      region: regionName(region), styleReferences: values.referenceLists[Int(references)],
      style: values.styles[Int(style)], placement: placement, line: line)
    templateExtras = cue.sharedExtras
    templateKey = (region, references, style)
    document.cues.append(cue)
  }

  private func regionName(_ number: Int32) -> String? {
    number < 0 ? nil : values.regions[Int(number)]
  }

  /// Appends an image cue for the element at `index`.
  private mutating func addImageCue(_ index: Int) {
    guard let timing = stack[index].timing else { return }
    let begin = timing.begin
    guard let end = timing.activeEnd, end > begin else {
      warn(.ttmlImageNoInterval, "image has no time interval; ignored", line: stack[index].line)
      return
    }
    let image = frameImages[index]
    let source = image?.source
    let reference = source.flatMap { $0.hasPrefix("#") ? String($0.dropFirst()) : nil }
    let content = CueImage(
      data: image?.data, source: source, mediaType: image?.mediaType ?? "image/png",
      identifier: reference)
    let region = regionName(stack[index].region)
    document.cues.append(
      Cue(
        identifier: frameIdentifiers[index], start: begin, end: end, content: .image(content),
        region: region, styleReferences: values.referenceLists[Int(stack[index].styleReferences)],
        placement: sheet.placement(region: region, style: values.styles[Int(stack[index].style)]),
        line: stack[index].line))
  }

  /// The paragraph style (a style number) with the region's inheritable style beneath it, and
  /// its placement.
  private mutating func cueStyle(region: Int32, computed: Int32) -> (
    style: Int32, placement: CuePlacement
  ) {
    let key = Int64(region) << 32 | Int64(computed)
    if key == lastCueStyleKey { return lastCueStyle }
    if let known = cueStyles[key] {
      (lastCueStyleKey, lastCueStyle) = (key, known)
      return known
    }
    let name = regionName(region)
    var output = values.styles[Int(computed)]
    if let name, let properties = sheet.regions[name]?.properties {
      var base = properties.filter { !TTMLStyleSheet.regionOnly.contains($0.name) }
      TTMLStyleSheet.merge(output, into: &base)
      output = base
    }
    // A computed style is a set: its order carries no meaning, so it is kept sorted.
    output.sort { $0.name < $1.name }
    let result = (values.add(output), sheet.placement(region: name, style: output))
    cueStyles[key] = result
    (lastCueStyleKey, lastCueStyle) = (key, result)
    return result
  }

  // MARK: Finishing

  mutating func finish() throws(ParseError) -> SubtitleDocument {
    guard sawRoot else {
      throw ParseError(
        code: SubtitleDiagnosticCode.ttmlNotTTML.rawValue,
        message: "not a TTML document: no <tt> element")
    }
    let store = TTMLContentStore(paragraph.takeBuffer())
    var start = 0
    for (index, end) in contentEnds {
      let slice = TTMLContentSlice(store: store, range: start..<end)
      document.cues[index].content = .text(CueText(ttml: slice))
      start = end
    }
    // A cue whose end is indefinite lasts as long as the document: text in a `par` container
    // is indefinite (TTML2 §12.4), a `par` container ends when all its children do (§12.2.4,
    // endsync all) and a `seq` one when its last does, so each ancestor up to `body` is
    // indefinite too, and so the root temporal extent, which lasts as long as `body` (§8.1.1).
    // Its end is then not in the file (the presentation context, such as the media, decides,
    // §2.2 root temporal extent): the latest time the document gives stands for it. A region
    // with an end cuts the cue to it (`clipToRegionIntervals`).
    for index in unresolvedEnds {
      let start = document.cues[index].start
      if latestTime > start {
        document.cues[index].end = latestTime
        continue
      }
      document.cues[index].end = start
      warn(
        .ttmlNoEnd,
        "p has no end time (no end or dur on it or an ancestor) and begins at or after the "
          + "latest time the document gives; it ends where it begins",
        line: document.cues[index].line)
    }
    for index in document.cues.indices {
      guard case .image(var image) = document.cues[index].content, image.data == nil,
        let id = image.identifier
      else { continue }
      if let data = images[id] {
        image.data = data
        document.cues[index].content = .image(image)
      } else {
        warn(
          .ttmlImageUndefined, "image '#\(PrintableText.value(id))' is not defined in the document",
          line: document.cues[index].line)
      }
    }
    for (reference, line) in forwardStyleReferences where sheet.styles[reference] == nil {
      warn(.ttmlUnknownStyle, "unknown style '\(PrintableText.value(reference))'", line: line)
    }
    if !displayTimelines.isEmpty { keepDisplayedParts() }
    if !regionIntervals.isEmpty { clipToRegionIntervals() }
    document.diagnostics.sort { $0.location.line < $1.location.line }
    return document
  }

  /// Each cue of a paragraph with a display timeline, cut to the parts when it is displayed (a
  /// cue for each), its display `auto` there; a cue never displayed is dropped. Cues that end
  /// before they start stay, for validation to report.
  private mutating func keepDisplayedParts() {
    var kept: [Cue] = []
    kept.reserveCapacity(document.cues.count)
    var next = 0
    for (index, cue) in document.cues.enumerated() {
      while next < displayTimelines.count, displayTimelines[next].cues.upperBound <= index {
        next += 1
      }
      guard next < displayTimelines.count, displayTimelines[next].cues.contains(index),
        cue.end >= cue.start
      else {
        kept.append(cue)
        continue
      }
      let timeline = displayTimelines[next].timeline
      for part in timeline.shownParts(cue.start, cue.end) {
        var piece = cue
        (piece.start, piece.end) = (part.lowerBound, part.upperBound)
        if !timeline.shown {
          piece.style = cue.style.map {
            $0.name == "display" ? StyleProperty("display", "auto") : $0
          }
        }
        kept.append(piece)
      }
    }
    document.cues = kept
  }

  /// Each cue in a region with timing of its own, cut to the region's active interval; a cue
  /// entirely outside it is dropped with a warning. Cues that already end before they start
  /// stay, for validation to report.
  private mutating func clipToRegionIntervals() {
    var kept: [Cue] = []
    kept.reserveCapacity(document.cues.count)
    for var cue in document.cues {
      guard let region = cue.region, let interval = regionIntervals[region], cue.end > cue.start
      else {
        kept.append(cue)
        continue
      }
      cue.start = max(cue.start, interval.begin)
      if let end = interval.end { cue.end = min(cue.end, end) }
      if cue.end > cue.start {
        kept.append(cue)
      } else {
        warn(
          .ttmlRegionInactive,
          "content outside the active time of region '\(PrintableText.value(region))' is never shown",
          line: cue.line)
      }
    }
    document.cues = kept
  }
}
