import FuzzSupport
import HLS
import ManifestCore

/// `Playlist.parse` on arbitrary bytes. Beyond not crashing: an unedited playlist writes back
/// byte for byte (as is, through an empty edit list, and with every valid UTF-8 line replaced by
/// its own text), a rendered attribute list reads back to itself, and the canonical form is the
/// same playlist (segments, variants) and its own canonical form. Injection: the canonical form
/// and the playlist resolved against a base read back with the same lines (kind, tag, attribute
/// names) and segments (the canonical form with no new errors), each at most a constant times
/// the input's size, and the `urls` and diagnostic lines hold no control characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHLS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = fuzzInput(data, size)
  guard let playlist = try? Playlist.parse(input) else { return 0 }
  checkWriteBack(playlist, input)
  checkAttributeLists(playlist.source)
  checkCanonicalForm(playlist)
  checkResolvedForm(playlist)
  checkOneLineOutputs(playlist)
  exercise(playlist)
  return 0
}

private func checkWriteBack(_ playlist: Playlist, _ input: [UInt8]) {
  let source = playlist.source
  FuzzCheck.require(playlist.bytes == input, "playlist.bytes differ from the input")
  FuzzCheck.require(source.applying([]) == input, "applying([]) changed the playlist")
  var edits: [LineEdit] = []
  for (index, line) in source.lines.enumerated() {
    guard String(validating: input[line.range], as: UTF8.self) != nil else { return }
    edits.append(.replace(line: index, text: source.text(of: line)))
  }
  let rewritten = source.applying(edits)
  FuzzCheck.require(
    rewritten == input,
    "replacing every line by its own text changed the playlist: \(FuzzCheck.describe(rewritten))")
}

private func checkAttributeLists(_ source: PlaylistSource) {
  for line in source.lines where line.kind == .tag {
    guard let list = source.attributes(of: line) else { continue }
    let rendered = list.rendered
    let reread = AttributeList(parsing: rendered)
    FuzzCheck.require(
      reread?.rendered == rendered,
      "attribute list \(rendered) reads back as \(reread?.rendered ?? "nothing")")
  }
}

private func checkCanonicalForm(_ playlist: Playlist) {
  let canonical = CanonicalWriter.write(playlist.source)
  let reparsed: Playlist
  do {
    reparsed = try Playlist.parse(canonical)
  } catch {
    FuzzCheck.require(
      false, "the canonical form does not parse (\(error)): \(FuzzCheck.describe(canonical))")
    return
  }
  let again = CanonicalWriter.write(reparsed.source)
  FuzzCheck.require(
    again == canonical,
    "canonical form not idempotent:\n\(FuzzCheck.describe(canonical))\n"
      + "became\n\(FuzzCheck.describe(again))")
  FuzzCheck.require(
    outline(reparsed) == outline(playlist),
    "the canonical form is another playlist: \(outline(playlist)) became \(outline(reparsed))")
}

/// The canonical and resolved forms keep the structure of every line, and grow at most by a
/// constant factor: a URI at most triples (percent-encoding) and gains the base.
private func checkResolvedForm(_ playlist: Playlist) {
  let input = playlist.source
  let canonical = CanonicalWriter.write(input)
  FuzzCheck.require(
    canonical.count <= 2 * input.bytes.count + 16,
    "the canonical form grew from \(input.bytes.count) to \(canonical.count) bytes")
  if let reparsed = try? Playlist.parse(canonical) {
    requireSameStructure(
      playlist, reparsed, droppingBlanks: true, comparingErrors: true, "canonical form")
  }
  let base = "https://cdn.example/a\"b/index.m3u8?q=\t"
  let resolved = input.applying(input.resolvingURIEdits(against: base))
  FuzzCheck.require(
    resolved.count <= 3 * input.bytes.count + input.lines.count * (3 * base.utf8.count + 4),
    "resolving grew the playlist from \(input.bytes.count) to \(resolved.count) bytes")
  guard let reread = try? Playlist.parse(resolved) else {
    FuzzCheck.require(
      false, "the resolved playlist does not parse: \(FuzzCheck.describe(resolved))")
    return
  }
  requireSameStructure(
    playlist, reread, droppingBlanks: false, comparingErrors: false, "resolved playlist")
}

/// The same lines and segments. The canonical form has no new errors (it may have fewer: it
/// quotes an unquoted BYTERANGE, which the parser reads the same with an error); the resolved
/// playlist may differ in errors, as quoting an unquoted URI makes its `{$name}` references
/// count.
private func requireSameStructure(
  _ a: Playlist, _ b: Playlist, droppingBlanks: Bool, comparingErrors: Bool, _ what: String
) {
  let (shapeA, shapeB) = (shape(a, droppingBlanks), shape(b, droppingBlanks))
  FuzzCheck.require(
    shapeA == shapeB, "the \(what) has other lines: \(shapeA) became \(shapeB)")
  let errors = { (p: Playlist) in p.diagnostics.filter { $0.severity == .error }.count }
  FuzzCheck.require(
    !comparingErrors || errors(b) <= errors(a),
    "the \(what) has \(errors(b)) errors, not \(errors(a))")
  FuzzCheck.require(
    outline(a).count == outline(b).count, "the \(what) has another number of segments")
}

/// Each line's kind, tag name and sorted attribute names (the canonical form reorders them).
private func shape(_ playlist: Playlist, _ droppingBlanks: Bool) -> [String] {
  let source = playlist.source
  return source.lines.compactMap { line in
    if droppingBlanks && line.kind == .blank { return nil }
    guard line.kind == .tag else { return "\(line.kind)" }
    let names = source.attributes(of: line).map { $0.map(\.name).sorted().joined(separator: ",") }
    return "\(source.tagName(of: line) ?? "") \(names ?? "-")"
  }
}

/// The `urls` lines (URI, tab, range) and rendered diagnostics are one line each.
private func checkOneLineOutputs(_ playlist: Playlist) {
  guard case .media(let media) = playlist else { return }
  for resource in media.downloadList(base: "https://cdn.example/a/").resources {
    let line = PercentEncoding.encodingUnsafeBytes(resource.uri)
    FuzzCheck.require(
      !line.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 },
      "a urls line holds a control character: \(line.debugDescription)")
  }
  for diagnostic in playlist.diagnostics {
    let line = diagnostic.rendered(file: "fuzz\n.m3u8")
    FuzzCheck.require(
      !line.unicodeScalars.contains(where: TextEscaping.isEscaped),
      "a diagnostic holds a control character: \(line.debugDescription)")
  }
}

/// What a rewrite must keep: the kind, the segments (URI, duration, discontinuity) and the end
/// of a media playlist, the variant URIs of a multivariant one.
private func outline(_ playlist: Playlist) -> [String] {
  switch playlist {
  case .media(let media):
    ["media", "end \(media.endList)"]
      + media.segments.map { "\($0.uri) \($0.duration) \($0.discontinuity)" }
  case .multivariant(let multivariant):
    ["multivariant"] + multivariant.allVariants.map(\.uri)
  }
}

/// Reads every part of the model the tools read, so lazily built values are built.
private func exercise(_ playlist: Playlist) {
  for diagnostic in playlist.diagnostics { _ = diagnostic.rendered(file: "fuzz.m3u8") }
  _ = playlist.json(pretty: true)
  _ = try? playlist.resolvingURIs(against: "https://cdn.example/a/b/index.m3u8?token=1")
  switch playlist {
  case .media(let media):
    var count = 0
    for segment in media.segments {
      count += segment.parts.count + segment.keys.count
      _ = (segment.byteRange?.httpRange, segment.map?.uri, segment.programDateTime)
    }
    _ = media.keyReport()
    _ = media.downloadList(base: "https://cdn.example/a/")
    _ = PlaylistDiff(old: media, new: media)
    _ = try? DeltaUpdate.merge(previous: media, delta: media)
    _ = BlockingReloadRequest(
      after: media, url: "https://cdn.example/live.m3u8?_HLS_msn=1", parts: true, skip: true)
  case .multivariant(let multivariant):
    for variant in multivariant.allVariants {
      _ = multivariant.renditionGroups(for: variant)
      _ = variant.codecList
    }
    _ = multivariant.keyReport()
  }
}
