import HLS
import ManifestCore

/// Fills an MPD's Periods with the media of HLS playlists, so a DASH player plays what the HLS
/// playlists list (ISO/IEC 23009-1 §5.3): every Period gets an AdaptationSet of the video
/// variants and one per audio rendition, each Representation with a `SegmentList` of the
/// segments whose start falls in the Period — `Initialization` from EXT-X-MAP (its
/// BYTERANGE as `@range`), one `SegmentURL` per segment (EXT-X-BYTERANGE as `@mediaRange`),
/// their times in a `SegmentTimeline` at a timescale (a power of ten, 1000 to 10⁹) at which
/// every duration and start is a whole number of ticks.
///
/// Times: a static MPD uses the playlist's clock (seconds from its first segment). A dynamic
/// one uses the program date-time: `availabilityStartTime` is the epoch
/// (`1970-01-01T00:00:00Z`), so nothing in the MPD depends on where the live window starts —
/// a segment's `t`, a break's Period `@start` and the `@id`s are the same on every reload —
/// `publishTime` is the end of the last segment, `minimumUpdatePeriod` the target duration and
/// `timeShiftBufferDepth` the window's length. The media's decode times are taken to follow
/// that clock (`presentationTimeOffset` is the Period's start).
///
/// DASH players read ISO BMFF segments only: `isSegmentedMP4` says whether every segment has
/// an Initialization Section (fMP4/CMAF); MPEG-TS media get no AdaptationSets.
public struct HLSMPDWriter: Sendable {
  /// One media playlist and what the multivariant playlist says of it.
  public struct Track: Sendable {
    /// What the segments carry.
    public enum Kind: String, Sendable, Hashable {
      /// Video (with or without muxed audio): `video/mp4`.
      case video
      /// Audio only: `audio/mp4`.
      case audio
    }

    /// What the segments carry.
    public var kind: Kind
    /// The media playlist.
    public var playlist: MediaPlaylist
    /// The playlist's URI relative to the MPD (segment URIs are resolved against it).
    public var uri: String
    /// `@bandwidth`: the variant's BANDWIDTH, else the peak of EXT-X-BITRATE and byte ranges.
    public var bandwidth: Int
    /// `@codecs`, when known.
    public var codecs: String?
    /// `@width`/`@height`, when known.
    public var resolution: PixelSize?
    /// `@frameRate`, when known.
    public var frameRate: ExactDecimal?
    /// The AdaptationSet's `@lang` (an audio rendition's LANGUAGE).
    public var language: String?

    /// Creates a track.
    public init(
      kind: Kind, playlist: MediaPlaylist, uri: String, bandwidth: Int? = nil,
      codecs: String? = nil, resolution: PixelSize? = nil, frameRate: ExactDecimal? = nil,
      language: String? = nil
    ) {
      self.kind = kind
      self.playlist = playlist
      self.uri = uri
      self.bandwidth = bandwidth ?? Self.peakBitrate(playlist)
      self.codecs = codecs
      self.resolution = resolution
      self.frameRate = frameRate
      self.language = language
    }

    /// The peak bit rate the playlist declares (EXT-X-BITRATE) or its byte ranges give, else 0.
    static func peakBitrate(_ playlist: MediaPlaylist) -> Int {
      var peak = 0
      for segment in playlist.segments {
        if let kbps = segment.bitrate { peak = max(peak, kbps * 1000) }
        if let range = segment.byteRange, segment.duration > .zero {
          // bits / seconds, with seconds as numerator / denominator.
          let seconds = ExactTime(segment.duration)
          let (bits, overflow) = Int64(range.length).multipliedReportingOverflow(
            by: 8 * seconds.denominator)
          guard !overflow else { continue }
          peak = max(peak, Int(clamping: bits / max(1, seconds.numerator)))
        }
      }
      return peak
    }
  }

  /// The tracks: the reference track (whose clock the Periods follow) first.
  public var tracks: [Track]

  /// A writer for `tracks`.
  public init(tracks: [Track]) { self.tracks = tracks }

  /// A writer for one media playlist at `uri` (its kind unknown: `video/mp4`).
  public init(media: MediaPlaylist, uri: String) {
    self.init(tracks: [Track(kind: .video, playlist: media, uri: uri)])
  }

  /// A writer for a multivariant playlist at `uri` and the media playlists it names
  /// (`playlists`, by the URI as written in it): every video variant, then every audio
  /// rendition with a URI and every audio-only variant, each URI once; those missing from
  /// `playlists` are left out.
  public init(
    multivariant: MultivariantPlaylist, uri: String, playlists: [String: MediaPlaylist]
  ) {
    var tracks: [Track] = []
    var seen: Set<String> = []
    // An audio-only variant (CODECS all audio, as ffmpeg lists its audio rendition) is audio.
    let isAudioOnly = { (variant: VariantStream) in
      !variant.codecList.isEmpty && Self.codecs(variant.codecList, audio: false) == nil
    }
    for variant in multivariant.variants where !isAudioOnly(variant) {
      guard seen.insert(variant.uri).inserted, let playlist = playlists[variant.uri] else {
        continue
      }
      tracks.append(
        Track(
          kind: .video, playlist: playlist,
          uri: URIResolver.resolve(variant.uri, against: uri), bandwidth: variant.bandwidth,
          codecs: Self.codecs(variant.codecList, audio: variant.audio == nil),
          resolution: variant.resolution, frameRate: variant.frameRate))
    }
    for rendition in multivariant.renditions where rendition.type == "AUDIO" {
      guard let renditionURI = rendition.uri, seen.insert(renditionURI).inserted,
        let playlist = playlists[renditionURI]
      else { continue }
      let users = multivariant.variants.filter { $0.audio == rendition.groupID }
      tracks.append(
        Track(
          kind: .audio, playlist: playlist,
          uri: URIResolver.resolve(renditionURI, against: uri),
          bandwidth: multivariant.variants.first { $0.uri == renditionURI }?.bandwidth,
          codecs: users.lazy.compactMap { Self.codecs($0.codecList, video: false) }.first,
          language: rendition.language))
    }
    for variant in multivariant.variants where isAudioOnly(variant) {
      guard seen.insert(variant.uri).inserted, let playlist = playlists[variant.uri] else {
        continue
      }
      tracks.append(
        Track(
          kind: .audio, playlist: playlist,
          uri: URIResolver.resolve(variant.uri, against: uri), bandwidth: variant.bandwidth,
          codecs: Self.codecs(variant.codecList, video: false)))
    }
    self.init(tracks: tracks)
  }

  /// True when every segment of every track has an Initialization Section (EXT-X-MAP), as
  /// fMP4/CMAF media have and MPEG-TS media do not.
  public var isSegmentedMP4: Bool {
    !tracks.isEmpty
      && tracks.allSatisfy { track in
        !track.playlist.segments.isEmpty && track.playlist.segments.allSatisfy { $0.map != nil }
      }
  }

  /// Fills `mpd`'s Periods (made by `DASHPeriodWriter.presentation`: starts in seconds from
  /// the playlist's first segment) with AdaptationSets; for a dynamic MPD, moves them onto the
  /// program date-time clock first (see the type's documentation).
  public func fill(_ mpd: inout MPD) {
    guard let reference = tracks.first?.playlist else { return }
    let live = mpd.type == .dynamic
    let first = reference.segments.first?.programDateTime
    if live, let first {
      moveOntoDateTimeClock(&mpd, reference: reference, first: first)
    }
    let starts = mpd.periods.map { $0.start ?? .zero }
    let dated = live && first != nil
    // Each track's segments by the Period their start falls in (the last Period starting at or
    // before it; one before every Period is in none), in one pass.
    let buckets = tracks.map { track in
      var bucket = [[Segment]](repeating: [], count: starts.count)
      for segment in track.playlist.segments {
        let time = Self.time(of: segment, live: dated)
        var (low, high) = (0, starts.count)
        while low < high {
          let middle = (low + high) / 2
          if starts[middle] <= time { low = middle + 1 } else { high = middle }
        }
        if low > 0 { bucket[low - 1].append(segment) }
      }
      return bucket
    }
    for (index, start) in starts.enumerated() {
      var video = AdaptationSet(contentType: "video", mimeType: "video/mp4")
      var audio: [AdaptationSet] = []
      for (number, track) in tracks.enumerated() {
        let segments = buckets[number][index]
        guard !segments.isEmpty else { continue }
        let representation = Self.representation(
          track, id: "\(track.kind.rawValue)\(number)", segments: segments, periodStart: start,
          live: dated)
        switch track.kind {
        case .video: video.representations.append(representation)
        case .audio:
          audio.append(
            AdaptationSet(
              contentType: "audio", mimeType: "audio/mp4", representations: [representation],
              lang: track.language))
        }
      }
      var sets = video.representations.isEmpty ? [] : [video]
      sets += audio
      for (id, _) in sets.enumerated() { sets[id].id = id }
      mpd.periods[index].adaptationSets += sets
    }
  }

  /// Moves the Periods onto the program date-time clock: each starts at the program
  /// date-time of its first segment (seconds since the epoch), the first content Period at 0
  /// (it may have begun before the window) and content Periods are named by where they begin:
  /// `CONTENT_<media sequence>` after a break, `CONTENT_D<discontinuity sequence>` for the
  /// first one.
  private func moveOntoDateTimeClock(
    _ mpd: inout MPD, reference: MediaPlaylist, first: DateTime
  ) {
    let offset = first.epochSeconds
    mpd.availabilityStartTime = "1970-01-01T00:00:00Z"
    if let last = reference.segments.last, let date = last.programDateTime {
      mpd.publishTime = date.adding(seconds: last.duration).description
    }
    mpd.minimumUpdatePeriod = reference.targetDuration.map(ExactDecimal.init)
    mpd.timeShiftBufferDepth = reference.totalDuration
    for index in mpd.periods.indices {
      let start = mpd.periods[index].start ?? .zero
      let segment = reference.segments.first { $0.startTime >= start }
      // The program date-time of the Period's first segment (which a date-time that jumps
      // moves away from the window's first plus the playlist time).
      let dated = segment?.programDateTime?.epochSeconds ?? (start + offset)
      mpd.periods[index].duration = nil
      guard mpd.periods[index].assetIdentifier == nil else {
        mpd.periods[index].start = dated
        continue
      }
      if index == 0 {
        mpd.periods[index].start = .zero
        mpd.periods[index].id =
          "CONTENT_D\(reference.segments.first?.discontinuitySequence ?? 0)"
      } else {
        mpd.periods[index].start = dated
        mpd.periods[index].id = "CONTENT_\(segment?.mediaSequence ?? 0)"
      }
    }
  }

  /// A segment's time on the MPD's clock.
  private static func time(of segment: Segment, live: Bool) -> ExactDecimal {
    live ? (segment.programDateTime?.epochSeconds ?? segment.startTime) : segment.startTime
  }

  private static func representation(
    _ track: Track, id: String, segments: [Segment], periodStart: ExactDecimal, live: Bool
  ) -> Representation {
    let times = segments.map { time(of: $0, live: live) }
    let timescale = Self.timescale(for: times + segments.map(\.duration) + [periodStart])
    func ticks(_ seconds: ExactDecimal) -> Int64 {
      ExactTime(seconds).rounded(toUnitsPerSecond: timescale)
    }
    let timeline = SegmentTimeline(
      segments: zip(times, segments).map { (ticks($0), ticks($0 + $1.duration) - ticks($0)) })
    let base = URIResolver.Components(Substring(track.uri))
    func url(_ uri: String, _ range: ByteRange?) -> URLRange {
      let resolved = URIResolver.resolve(uri, against: base)
      guard let range else { return URLRange(url: resolved) }
      return URLRange(url: resolved, offset: range.offset, length: range.length)
    }
    let list = SegmentList(
      timescale: timescale, presentationTimeOffset: ticks(periodStart),
      initialization: segments.first?.map.map { url($0.uri, $0.byteRange) }, timeline: timeline,
      segments: segments.map { SegmentURL(url($0.uri, $0.byteRange)) })
    return Representation(
      id: id, bandwidth: track.bandwidth, width: track.resolution.map(\.width),
      height: track.resolution.map(\.height), frameRate: track.frameRate.map(Self.frameRate),
      codecs: track.codecs, segmentList: list)
  }

  /// The smallest power of ten from 1000 to 10⁹ at which every value is a whole number of
  /// ticks (10⁹ when none is: values are then rounded to the nanosecond).
  static func timescale(for values: [ExactDecimal]) -> Int64 {
    let scale = values.reduce(3) { max($0, $1.normalized.scale) }
    return ExactDecimal.powerOfTen(min(scale, 9))
  }

  /// `FrameRateType` (`[0-9]+(/[1-9][0-9]*)?`): whole rates as they are, the NTSC rates
  /// HLS writes rounded (23.976, 29.97, 59.94) as `N/1001`, other rates as an exact fraction.
  static func frameRate(_ rate: ExactDecimal) -> String {
    let value = rate.normalized
    if value.scale == 0 { return value.description }
    for whole: Int64 in [24, 30, 48, 60, 120] {
      let ntsc = ExactTime(numerator: whole * 1000, denominator: 1001)
      if let ntsc, (ntsc - ExactTime(value)).seconds.magnitude < 0.001 {
        return "\(whole * 1000)/1001"
      }
    }
    let denominator = ExactDecimal.powerOfTen(value.scale)
    var (n, d) = (value.significand, denominator)
    var (a, b) = (n, d)
    while b != 0 { (a, b) = (b, a % b) }
    n /= a
    d /= a
    return "\(n)/\(d)"
  }

  /// The codecs of `list` that are video (`video: true`) or audio (`audio: true`), joined;
  /// `nil` when none.
  static func codecs(_ list: [String], video: Bool = true, audio: Bool = true) -> String? {
    let audioPrefixes = ["mp4a", "ac-3", "ec-3", "ac-4", "opus", "flac", "alac", "dtsc", "mhm1"]
    let kept = list.filter { codec in
      let isAudio = audioPrefixes.contains { codec.lowercased().hasPrefix($0) }
      return isAudio ? audio : video
    }
    return kept.isEmpty ? nil : kept.joined(separator: ",")
  }
}
