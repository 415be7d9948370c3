import AdInsertion
import HLS
import ManifestCore

/// What a rendition of the content is, for choosing the ad media that goes into it.
enum RenditionRole: Sendable, Hashable {
  /// A media playlist stitched alone, or a variant (its BANDWIDTH, CODECS, VIDEO-RANGE).
  case main(VariantStream?)
  /// An audio rendition.
  case audio
  /// A subtitle rendition: gaps of the ad's durations.
  case subtitles
  /// An I-frame playlist (its variant).
  case iFrame(VariantStream)
}

/// One stitch run: the plan's breaks resolved against the content, ads read once each, and
/// every diagnostic.
struct StitchSession {
  /// The plan, its last `markers` break repeated for the marked breaks left over.
  var plan: StitchPlan
  let options: StitchOptions
  let planLocation: String?
  var reader: PlaylistReader
  var diagnostics: [StitchDiagnostic] = []
  /// The break kinds, found on the first rendition stitched and used for every other one, so
  /// all renditions have the breaks at the same media time.
  var kinds: [SplicePoint.Kind]? = nil
  /// The indices (in `kinds`) of live breaks still open at the window's end.
  var openBreaks: Set<Int> = []
  /// The first rendition's marked breaks, for the renditions with the same markers.
  var markedBreaks: MarkedBreaks? = nil

  init(plan: StitchPlan, options: StitchOptions, planLocation: String?, reader: PlaylistReader) {
    self.plan = plan
    self.options = options
    self.planLocation = planLocation
    self.reader = reader
    diagnostics = reader.diagnostics
  }

  var failed: Bool { diagnostics.contains { $0.severity == .error } }

  private mutating func fail(
    _ message: String, _ origin: PlanOrigin, code: StitchDiagnosticCode
  ) {
    diagnostics.append(
      StitchDiagnostic(.error, message, code: code, file: origin.file, at: origin.location))
  }

  /// The stitched bytes of one rendition, or `nil` after an error: the content's lines kept as
  /// read and the breaks written in their place; with `finish`, written from typed values
  /// instead, which `finish` changes before they are written (a live window trims what slid
  /// out, and its comments are not carried: its segments no longer match the output's).
  mutating func stitch(
    _ media: MediaPlaylist, at loaded: LoadedPlaylist, rebaser: URIRebaser, role: RenditionRole,
    reports: Bool, finish: ((inout MediaPlaylistBuilder) -> Void)? = nil
  ) -> [UInt8]? {
    // The first rendition's marked breaks are found once, for the break kinds and the markers
    // the stitch replaces, and serve every rendition with the same markers.
    var marked: [AdBreak]? = nil
    if self.kinds == nil {
      let breaks = AdTimeline(media).breaks
      marked = breaks
      markedBreaks = MarkedBreaks(media, breaks: breaks)
    } else {
      marked = markedBreaks?.breaks(for: media)
    }
    let kinds = self.kinds ?? breakKinds(marked ?? [])
    self.kinds = kinds
    let contentRebaser = rebaser.bound(to: loaded.location)
    let gapURI =
      media.segments.isEmpty
      ? "gap" : contentRebaser.rewrite(media.segments.uri(at: media.segments.count - 1))
    var points: [SplicePoint] = []
    var independent = true
    // The segments of each ad playlist for this rendition, by the plan's name for it (an ad
    // in many breaks is read and rewritten once).
    var adSegments: [String: (segments: [Segment], location: String)] = [:]
    for (i, adBreak) in plan.breaks.enumerated() where i < kinds.count {
      let label =
        "break \(i + 1) (\(adBreak.origin.path.isEmpty ? "#\(i + 1)" : adBreak.origin.path))"
      var pod: [PodAd] = []
      for ad in adBreak.ads {
        let segments: [Segment]
        let location: String
        if let known = adSegments[ad.playlist] {
          (segments, location) = known
        } else {
          guard let (adMedia, read) = adMedia(ad, label: label, role: role) else { continue }
          independent = independent && adMedia.independentSegments
          let adRebaser = rebaser.bound(to: read)
          var rewritten = adRebaser.rewrite(adMedia.segments)
          if case .subtitles = role { rewritten = Self.gaps(rewritten, uri: gapURI) }
          // An ad without an I-frame playlist is a gap in the content's.
          if case .iFrame = role, !adMedia.iFramesOnly {
            rewritten = Self.gaps(rewritten, uri: gapURI)
          }
          (segments, location) = (rewritten, read)
          adSegments[ad.playlist] = (segments, location)
        }
        if reports, let declared = ad.duration,
          declared != MediaSplicer.duration(segments)
        {
          diagnostics.append(
            StitchDiagnostic(
              .warning,
              "\(label): ad '\(ad.id)' declares \(declared) s, its playlist lasts "
                + "\(MediaSplicer.duration(segments)) s (the playlist's duration is used)",
              code: .adDurationMismatch, file: ad.origin.file, at: ad.origin.location))
        }
        pod.append(PodAd(ad: ad, segments: segments, file: location))
      }
      points.append(
        SplicePoint(
          kind: kinds[i], pod: pod, label: label, origin: adBreak.origin,
          closed: !openBreaks.contains(i)))
    }
    var slate: [Segment]? = nil
    if let name = options.slate, let read = reader.read(name, relativeTo: nil, role: "the slate") {
      if let slateMedia = read.playlist.media {
        let slateRebaser = rebaser.bound(to: read.location)
        let segments = slateRebaser.rewrite(slateMedia.segments)
        switch role {
        case .subtitles, .iFrame: slate = Self.gaps(segments, uri: gapURI)
        case .main, .audio: slate = segments
        }
      } else if reports {
        diagnostics.append(
          StitchDiagnostic(
            .error, "the slate must be a media playlist", code: .slateNotMedia, file: read.name))
      }
    }
    diagnostics += reader.diagnostics
    reader.diagnostics = []
    var splicer = MediaSplicer(
      content: media, file: loaded.name, rebase: contentRebaser, markers: options.markers,
      slate: slate, reports: reports)
    splicer.marked = marked
    guard !failed else {
      // Still report where the breaks cannot go.
      _ = splicer.resolve(points)
      diagnostics += splicer.diagnostics.filter { $0.severity == .error }
      return nil
    }
    guard let finish else {
      let bytes = splicer.spliceLines(points, independentAds: independent)
      diagnostics += splicer.diagnostics
      return failed ? nil : bytes
    }
    let builder = splicer.splice(points, independentAds: independent)
    diagnostics += splicer.diagnostics
    guard var builder, !failed else { return nil }
    if case .iFrame = role { builder.iFramesOnly = true }
    finish(&builder)
    do {
      return BeaconOrder.completingBeforeDiscontinuities(try PlaylistWriter.write(builder))
    } catch {
      diagnostics.append(
        StitchDiagnostic(
          .error, "the output cannot be written: \(error.message)", code: .outputUnwritable,
          file: loaded.name))
      return nil
    }
  }

  /// Where each plan break goes: at its time, or on the content's `marked` breaks in
  /// order (every plan break with `--at-markers`); a marked break left over takes the last
  /// markers break's pod.
  private mutating func breakKinds(_ marked: [AdBreak]) -> [SplicePoint.Kind] {
    var kinds: [SplicePoint.Kind] = []
    var next = 0
    for adBreak in plan.breaks {
      if options.atMarkers || adBreak.position == .markers {
        guard next < marked.count else {
          fail(
            "\(adBreak.origin.path): the content has \(marked.count) marked break"
              + "\(marked.count == 1 ? "" : "s"); this plan break has none left to fill",
            adBreak.origin, code: .noMarkedBreak)
          kinds.append(.insert(at: .zero))
          continue
        }
        kinds.append(Self.kind(of: marked[next]))
        next += 1
      } else if case .time(let t) = adBreak.position {
        kinds.append(adBreak.mode == .insert ? .insert(at: t) : .replace(start: t, duration: nil))
      }
    }
    // Every marked break is filled: those left over take the last markers break's pod.
    if let last = plan.breaks.last(where: { options.atMarkers || $0.position == .markers }) {
      while next < marked.count {
        plan.breaks.append(last)
        kinds.append(Self.kind(of: marked[next]))
        next += 1
      }
    }
    return kinds
  }

  /// A marked break replaced; one without segments is an insert at its place.
  private static func kind(of adBreak: AdBreak) -> SplicePoint.Kind {
    adBreak.endSegment == nil
      ? .insert(at: adBreak.start) : .replace(start: adBreak.start, duration: adBreak.duration)
  }

  /// The media playlist of `ad` for a rendition of `role`, and its location.
  mutating func adMedia(_ ad: StitchPlan.Ad, label: String, role: RenditionRole)
    -> (MediaPlaylist, String)?
  {
    let read = reader.read(
      ad.playlist, relativeTo: planLocation, role: "\(label): ad '\(ad.id)'", origin: ad.origin)
    diagnostics += reader.diagnostics
    reader.diagnostics = []
    guard let read else { return nil }
    if let media = read.playlist.media { return (media, read.location) }
    guard let multivariant = read.playlist.multivariant else { return nil }
    guard let uri = AdVariantChoice.uri(in: multivariant, for: role) else {
      fail(
        "\(label): ad '\(ad.id)': \(read.name) has no variant for this rendition", ad.origin,
        code: .adNoVariant)
      return nil
    }
    let mediaRead = reader.read(
      uri, relativeTo: read.location, role: "\(label): ad '\(ad.id)'", origin: ad.origin)
    diagnostics += reader.diagnostics
    reader.diagnostics = []
    guard let mediaRead else { return nil }
    guard let media = mediaRead.playlist.media else {
      fail(
        "\(label): ad '\(ad.id)': \(mediaRead.name) is not a media playlist", ad.origin,
        code: .adNotMedia)
      return nil
    }
    return (media, mediaRead.location)
  }

  /// Gap segments (EXT-X-GAP) of the durations of `segments`, named like the content's last
  /// segment (a gap is not fetched, RFC 8216bis §4.4.4.7).
  static func gaps(_ segments: [Segment], uri: String) -> [Segment] {
    segments.map { Segment(uri: uri, duration: $0.duration, gap: true) }
  }
}
