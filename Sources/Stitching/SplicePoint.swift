import HLS
import ManifestCore

/// One ad of a pod as it goes into one rendition: its segments with their URIs already named
/// from the output, and the file they were read from (for diagnostics).
struct PodAd: Sendable {
  var ad: StitchPlan.Ad
  var segments: [Segment]
  var file: String
}

/// One break to splice into one rendition: where (a time, or a span of content time to
/// replace) and the pod.
struct SplicePoint: Sendable {
  enum Kind: Sendable, Hashable {
    /// Insert at this content time (snapped to the next segment boundary).
    case insert(at: ExactDecimal)
    /// Replace the content from `start` for `duration` seconds (the pod's when `nil`).
    case replace(start: ExactDecimal, duration: ExactDecimal?)
  }

  var kind: Kind
  var pod: [PodAd]
  /// `break 2 (breaks[1])`: how diagnostics name the break.
  var label: String
  /// Where the break is in the plan.
  var origin: PlanOrigin
  /// False for a live break whose end is not in the window yet: the pod goes as far as the
  /// break does, nothing completes it and nothing closes it.
  var closed = true
}
