extension LiveOrigin {
  /// The stream an origin serves: variants, segment and part durations, window, ad breaks.
  package struct Configuration: Sendable {
    /// The BANDWIDTH of each variant; variant `i` is served at `/live/v<i>/index.m3u8`.
    package var bandwidths = [800_000, 2_400_000]
    /// The duration of every segment, and the target duration.
    package var segmentSeconds = 4
    /// How many segments the window holds.
    package var windowSegments = 5
    /// Parts per segment; more than 0 serves LL-HLS (EXT-X-PART, EXT-X-PRELOAD-HINT,
    /// CAN-BLOCK-RELOAD=YES, RFC 8216bis §4.4.3.7-§4.4.3.8, §6.2.5.2).
    package var partsPerSegment = 0
    /// The media sequence number of the first segment of the first window.
    package var firstSequence = 100
    /// The ad breaks, by media sequence number.
    package var adBreaks: [AdBreak] = []
    /// How long a blocking reload is held, wall milliseconds, before the playlist as it is
    /// is sent.
    package var maximumHoldMilliseconds = 3_000

    /// The defaults: two variants, 4 s segments, a 5-segment window, no parts, no breaks.
    package init() {}

    /// Milliseconds of one segment.
    var segmentMilliseconds: Int { segmentSeconds * 1000 }
    /// Milliseconds of one part (0 without parts).
    var partMilliseconds: Int { partsPerSegment > 0 ? segmentMilliseconds / partsPerSegment : 0 }
  }

  /// An ad break signalled with EXT-X-CUE-OUT / -CUE-OUT-CONT / -CUE-IN, the way AWS Elemental
  /// MediaLive writes them into a live window.
  package struct AdBreak: Sendable {
    /// The media sequence number of the break's first segment.
    package var firstSequence: Int
    /// How many segments it lasts.
    package var segments: Int
    /// The variants that carry it (nil: all): a break in one variant only is a fault.
    package var variants: Set<Int>?
    /// False for a CUE-OUT never closed by a CUE-IN (a fault).
    package var closes: Bool

    /// Creates a break.
    package init(firstSequence: Int, segments: Int, variants: Set<Int>? = nil, closes: Bool = true)
    {
      self.firstSequence = firstSequence
      self.segments = segments
      self.variants = variants
      self.closes = closes
    }
  }

  /// What goes wrong, injected per test (`LiveOrigin.inject(_:)`).
  package enum Fault: Sendable {
    /// The variant's playlist stops changing once its last segment is `lastSequence`.
    case stale(variant: Int, lastSequence: Int)
    /// Once the variant's last segment reaches `atSequence`, every sequence number it shows is
    /// `by` lower (EXT-X-MEDIA-SEQUENCE goes back).
    case sequenceRegression(variant: Int, atSequence: Int, by: Int)
    /// Once the variant's last segment reaches `atSequence`, segment `sequence` has another URI.
    case segmentURIChanged(variant: Int, sequence: Int, atSequence: Int)
    /// The next requests of `path` answer these statuses, one each, then normally again.
    case statuses(path: String, [Int])
    /// Requests of `path` are redirected (302) to `location`.
    case redirect(path: String, to: String)
    /// Requests of `path` get their body after this many milliseconds.
    case slow(path: String, milliseconds: Int)
  }
}
