import ManifestCore
import XMLSupport

extension TTMLReaderState {
  // MARK: Content elements

  /// Timing, region and style of `body`, `div`, `p`, `span` and content `image` elements.
  mutating func startContent(_ frame: inout Frame, _ attributes: Attributes, _ tag: XMLStartTag) {
    func value(_ index: Int, _ name: String) -> SubtitleTime? {
      guard index >= 0 else { return nil }
      if let bytes = tag.attributeBytes(index),
        let value = TTMLTimeExpression.parse(bytes, parameters)
      {
        return value
      }
      let text = tag.attributeValue(index)
      if let value = TTMLTimeExpression.parse(text, parameters) { return value }
      warn("invalid \(name) time expression '\(text)'; ignored", line: frame.line)
      return nil
    }
    let begin = value(attributes.begin, "begin")
    let end = value(attributes.end, "end")
    let dur = value(attributes.dur, "dur")
    let sequence =
      attributes.timeContainer >= 0
      && tag.withAttributeValue(attributes.timeContainer) { $0.elementsEqual("seq".utf8) }
    var hasTiming = attributes.begin >= 0 || attributes.end >= 0 || attributes.dur >= 0
    let parentIndex = stack.count - 1
    let parentTiming = stack[parentIndex].timing ?? .root
    if parentTiming.isSequence { hasTiming = true }
    let timing = parentTiming.child(begin: begin, end: end, dur: dur, isSequence: sequence)
    frame.timing = timing
    if frame.region < 0 { frame.region = stack[parentIndex].region }
    let own = ownStyle(frame, attributes)
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
    if frame.kind == .paragraph { paragraph.reset() }
    if attributes.region >= 0, frame.region >= 0,
      sheet.regions[values.regions[Int(frame.region)]] == nil
    {
      warn("unknown region '\(values.regions[Int(frame.region)])'", line: frame.line)
    }
  }

  // MARK: End tags

  mutating func end() {
    guard let frame = stack.popLast(), let identifier = frameIdentifiers.popLast(),
      let image = frameImages.popLast()
    else { return }
    switch frame.kind {
    case .style:
      if let identifier {
        let style = SubtitleStyle(
          identifier: identifier, properties: values.styles[Int(frame.style)],
          references: values.referenceLists[Int(frame.styleReferences)])
        sheet.add(style)
        ownStyles.removeAll()
        document.styles.append(style)
      }
    case .regionStyle:
      if !stack.isEmpty {
        stack[stack.count - 1].style = values.merged(stack[stack.count - 1].style, frame.style)
      }
    case .region:
      if let identifier {
        let region = SubtitleRegion(
          identifier: identifier, properties: values.styles[Int(frame.style)],
          styleReferences: values.referenceLists[Int(frame.styleReferences)])
        sheet.add(region)
        cueStyles.removeAll()
        lastCueStyleKey = -1
        document.regions.append(region)
      }
    case .smpteImage, .data:
      finishImageData(frame, identifier, image)
    case .paragraph:
      finishParagraph(frame, identifier, image)
    case .span:
      paragraph.closeSpan(end: frame.timing?.activeEnd)
    case .body, .div, .contentImage:
      if image?.source != nil || image?.data != nil { addImageCue(frame, identifier, image) }
    default: break
    }
    if let timing = frame.timing, !stack.isEmpty, frame.kind != .tt {
      stack[stack.count - 1].timing?.addChild(end: timing.desiredEnd)
    }
  }

  private mutating func finishImageData(
    _ frame: Frame, _ identifier: String?, _ image: FrameImage?
  ) {
    let data: [UInt8]
    do {
      data = try Base64.decode(image?.text ?? [])
    } catch {
      warn("image data is not valid base64 (\(error.reason)); ignored", line: frame.line)
      return
    }
    if let identifier { images[identifier] = data }
    // Data inside an image resource or a content image belongs to it.
    if let index = stack.lastIndex(where: { $0.kind == .resourceImage || $0.kind == .contentImage }
    ) {
      if let id = frameIdentifiers[index], stack[index].kind == .resourceImage {
        images[id] = data
      }
      let owner = frameImages[index] ?? FrameImage()
      owner.data = data
      frameImages[index] = owner
    }
  }

  private mutating func finishParagraph(
    _ frame: Frame, _ identifier: String?, _ image: FrameImage?
  ) {
    guard let timing = frame.timing else { return }
    if image?.source != nil {
      addImageCue(frame, identifier, image)
      return
    }
    let begin = timing.begin
    let (style, placement) = cueStyle(region: frame.region, computed: frame.style)
    if let explicit = timing.explicitEnd, explicit < begin {
      // Kept as written, so validation can report it.
      warn("p ends before it begins", line: frame.line)
      appendCue(frame, identifier, begin, explicit, .text(Self.placeholder), style, placement)
      contentEnds.append((document.cues.count - 1, paragraph.commit().upperBound))
      return
    }
    guard let end = timing.activeEnd else {
      unresolvedEnds.append(document.cues.count)
      appendCue(frame, identifier, begin, begin, .text(Self.placeholder), style, placement)
      contentEnds.append((document.cues.count - 1, paragraph.commit().upperBound))
      return
    }
    guard end > begin else { return }
    guard paragraph.hasTimedSpans else {
      appendCue(frame, identifier, begin, end, .text(Self.placeholder), style, placement)
      contentEnds.append((document.cues.count - 1, paragraph.commit().upperBound))
      return
    }
    for piece in paragraph.pieces(begin: begin, end: end) {
      appendCue(
        frame, identifier, piece.start, piece.end, .text(CueText(nodes: piece.nodes)), style,
        placement)
    }
  }

  /// What a text cue holds until the content store is made (`finish`).
  private static let placeholder = CueText(nodes: [])

  private mutating func appendCue(
    _ frame: Frame, _ identifier: String?, _ start: SubtitleTime, _ end: SubtitleTime,
    _ content: CueContent, _ style: Int32, _ placement: CuePlacement
  ) {
    // Consecutive paragraphs mostly share region and styling: reuse the previous cue's
    // storage for them instead of building it again.
    if templateKey == (frame.region, frame.styleReferences, style) {
      let cue = Cue(
        sharingExtrasOf: template, identifier: identifier, start: start, end: end,
        content: content, placement: placement, line: frame.line)
      document.cues.append(cue)
      return
    }
    let cue = Cue(
      identifier: identifier, start: start, end: end, content: content,
      region: regionName(frame.region),
      styleReferences: values.referenceLists[Int(frame.styleReferences)],
      style: values.styles[Int(style)], placement: placement, line: frame.line)
    template = cue
    templateKey = (frame.region, frame.styleReferences, style)
    document.cues.append(cue)
  }

  private func regionName(_ number: Int32) -> String? {
    number < 0 ? nil : values.regions[Int(number)]
  }

  private mutating func addImageCue(_ frame: Frame, _ identifier: String?, _ image: FrameImage?)
  {
    guard let timing = frame.timing else { return }
    let begin = timing.begin
    guard let end = timing.activeEnd, end > begin else {
      warn("image has no time interval; ignored", line: frame.line)
      return
    }
    let source = image?.source
    let reference = source.flatMap { $0.hasPrefix("#") ? String($0.dropFirst()) : nil }
    let content = CueImage(
      data: image?.data, source: source, mediaType: image?.mediaType ?? "image/png",
      identifier: reference)
    let region = regionName(frame.region)
    document.cues.append(
      Cue(
        identifier: identifier, start: begin, end: end, content: .image(content), region: region,
        styleReferences: values.referenceLists[Int(frame.styleReferences)],
        placement: sheet.placement(region: region, style: values.styles[Int(frame.style)]),
        line: frame.line))
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
      throw ParseError(code: "not-ttml", message: "not a TTML document: no <tt> element")
    }
    let store = TTMLContentStore(paragraph.takeBuffer())
    var start = 0
    for (index, end) in contentEnds {
      let slice = TTMLContentSlice(store: store, range: start..<end)
      document.cues[index].content = .text(CueText(ttml: slice))
      start = end
    }
    for index in unresolvedEnds {
      let start = document.cues[index].start
      let next = document.cues[(index + 1)...].first { $0.start > start }?.start
      document.cues[index].end = next ?? start
      warn(
        "p has no end time (no end or dur on it or an ancestor); it ends when the next cue "
          + "starts", line: document.cues[index].line)
    }
    for index in document.cues.indices {
      guard case .image(var image) = document.cues[index].content, image.data == nil,
        let id = image.identifier
      else { continue }
      if let data = images[id] {
        image.data = data
        document.cues[index].content = .image(image)
      } else {
        warn("image '#\(id)' is not defined in the document", line: document.cues[index].line)
      }
    }
    document.diagnostics.sort { $0.location.line < $1.location.line }
    return document
  }
}
