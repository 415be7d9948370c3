import FuzzSupport
import HLS
import ManifestCore

/// `Playlist.parse` on arbitrary bytes. Beyond not crashing: an unedited playlist writes back
/// byte for byte (as is, through an empty edit list, and with every valid UTF-8 line replaced by
/// its own text), a rendered attribute list reads back to itself, and the canonical form is the
/// same playlist (segments, variants) and its own canonical form.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHLS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = fuzzInput(data, size)
  guard let playlist = try? Playlist.parse(input) else { return 0 }
  checkWriteBack(playlist, input)
  checkAttributeLists(playlist.source)
  checkCanonicalForm(playlist)
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
  _ = playlist.jsonValue.serialized(pretty: true)
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
