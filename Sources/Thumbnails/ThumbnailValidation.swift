import ManifestCore
import Subtitles

extension ThumbnailTrack {
  /// The default count `validate --max-thumbnails` warns above (150), as issue 20 asks. No
  /// public SDK documentation states 150: Brightcove's Android SDK keeps at most 50
  /// (`DefaultTimedThumbnailFilter.MAX_NUMBER_OF_TIMED_THUMBNAILS`), and JW Player's "100-150"
  /// is a width in pixels (docs/thumbnails.md has the links).
  public static let playerThumbnailLimit = 150

  /// Checks what players trip over, each finding at the line it concerns:
  /// - errors: a thumbnail ending at or before its start, thumbnails out of time order,
  ///   overlapping thumbnails, an empty or (in percent) out-of-image rectangle, and the common
  ///   mistake of writing the corners `x1,y1,x2,y2` where Media Fragments (§4.2.2) wants
  ///   `x,y,width,height` (`160,0,320,90` for the second 160×90 cell);
  /// - warnings: gaps between thumbnails (no preview there), a rectangle whose size differs from
  ///   the track's usual thumbnail size, a whole-image thumbnail in a sprite track, and, when
  ///   `maximumCount` is given, more thumbnails than that (reported at the first one past it:
  ///   `ThumbnailTrack.playerThumbnailLimit` is the command line's default).
  ///
  /// The reading diagnostics (`diagnostics`) are not repeated here.
  public func validate(maximumCount: Int? = nil) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    checkTiming(into: &findings)
    checkRegions(into: &findings)
    if let maximumCount, maximumCount >= 0, thumbnails.count > maximumCount {
      findings.append(
        Diagnostic(
          .warning,
          "\(thumbnails.count) thumbnails, more than \(maximumCount): players that read at most "
            + "\(maximumCount) cues show no preview past this one",
          code: ThumbnailDiagnosticCode.tooMany.rawValue,
          at: timingLocation(thumbnails[maximumCount])))
    }
    return findings.sorted { $0.location.line < $1.location.line }
  }

  private func timingLocation(_ thumbnail: Thumbnail) -> SourceLocation {
    SourceLocation(line: thumbnail.line, column: 1, offset: 0)
  }

  private func regionLocation(_ thumbnail: Thumbnail) -> SourceLocation {
    thumbnail.regionLocation
      ?? SourceLocation(line: thumbnail.line == 0 ? 0 : thumbnail.line + 1, column: 1, offset: 0)
  }

  private func checkTiming(into findings: inout [Diagnostic]) {
    var previous: Thumbnail? = nil
    for thumbnail in thumbnails {
      let at = timingLocation(thumbnail)
      let start = WebVTTTimestamp.format(thumbnail.start)
      if thumbnail.end <= thumbnail.start {
        findings.append(
          Diagnostic(
            .error,
            "thumbnail ends at \(WebVTTTimestamp.format(thumbnail.end)), not after its start "
              + start,
            code: ThumbnailDiagnosticCode.endBeforeStart.rawValue, at: at))
      }
      defer { previous = thumbnail }
      guard let previous else { continue }
      let previousEnd = WebVTTTimestamp.format(previous.end)
      if thumbnail.start < previous.start {
        findings.append(
          Diagnostic(
            .error,
            "thumbnail starts at \(start), before the previous one "
              + "(\(WebVTTTimestamp.format(previous.start))); players expect time order",
            code: ThumbnailDiagnosticCode.unsorted.rawValue, at: at))
      } else if thumbnail.start < previous.end {
        findings.append(
          Diagnostic(
            .error,
            "thumbnail starts at \(start), before the previous one ends (\(previousEnd)): "
              + "overlap of \(Self.seconds(previous.end - thumbnail.start))",
            code: ThumbnailDiagnosticCode.overlap.rawValue, at: at))
      } else if thumbnail.start > previous.end {
        findings.append(
          Diagnostic(
            .warning,
            "gap of \(Self.seconds(thumbnail.start - previous.end)) before this thumbnail "
              + "(previous ends at \(previousEnd), this one starts at \(start)): no preview there",
            code: ThumbnailDiagnosticCode.gap.rawValue, at: at))
      }
    }
  }

  private struct Size: Hashable {
    var unit: SpatialFragment.Unit
    var width: Int
    var height: Int
  }

  private func checkRegions(into findings: inout [Diagnostic]) {
    var sizes: [Size: Int] = [:]
    var corners: [Size: Int] = [:]
    var withRegion = 0
    for thumbnail in thumbnails {
      guard let r = thumbnail.region else { continue }
      withRegion += 1
      sizes[Size(unit: r.unit, width: r.width, height: r.height), default: 0] += 1
      if r.width > r.x && r.height > r.y {
        corners[Size(unit: r.unit, width: r.width - r.x, height: r.height - r.y), default: 0] += 1
      }
    }
    let usual = Self.mostCommon(sizes)
    let usualCorner = Self.mostCommon(corners)
    // When sizes computed as corners agree more often than sizes read as sizes, the whole track
    // was written with corners.
    let writtenAsCorners = (usualCorner?.count ?? 0) > (usual?.count ?? 0)
    let expected = writtenAsCorners ? usualCorner?.size : usual?.size
    for thumbnail in thumbnails {
      guard let r = thumbnail.region else {
        if withRegion > 0 {
          findings.append(
            Diagnostic(
              .warning,
              "thumbnail shows the whole image '\(thumbnail.url)' while \(withRegion) others "
                + "show an xywh region of a sprite sheet",
              code: ThumbnailDiagnosticCode.wholeImage.rawValue, at: regionLocation(thumbnail)))
        }
        continue
      }
      let at = regionLocation(thumbnail)
      if r.width == 0 || r.height == 0 {
        findings.append(
          Diagnostic(
            .error, "xywh=\(r.value) is empty: width and height must be positive",
            code: ThumbnailDiagnosticCode.regionEmpty.rawValue, at: at))
        continue
      }
      if r.unit == .percent && (r.maxX > 100 || r.maxY > 100) {
        findings.append(
          Diagnostic(
            .error, "xywh=\(r.value) reaches past 100% of the image (to \(r.maxX)%,\(r.maxY)%)",
            code: ThumbnailDiagnosticCode.regionPastImage.rawValue, at: at))
      }
      guard let expected, r.unit == expected.unit else { continue }
      let size = Size(unit: r.unit, width: r.width, height: r.height)
      let cornerSize = Size(unit: r.unit, width: r.width - r.x, height: r.height - r.y)
      // Only a rectangle whose third and fourth numbers lie right of and below its corner can
      // be corners (160,90,160,90 is a cell, not an empty rectangle).
      let canBeCorners = r.width > r.x && r.height > r.y
      if canBeCorners
        && ((writtenAsCorners && (r.x > 0 || r.y > 0))
          || (size != expected && cornerSize == expected))
      {
        findings.append(
          Diagnostic(
            .error,
            "xywh=\(r.value) looks like corners x1,y1,x2,y2; Media Fragments wants x,y,width,"
              + "height: did you mean xywh="
              + SpatialFragment(
                x: r.x, y: r.y, width: cornerSize.width, height: cornerSize.height, unit: r.unit,
                unitWritten: r.unitWritten
              ).value + "?",
            code: ThumbnailDiagnosticCode.regionCorners.rawValue, at: at))
      } else if size != expected && !writtenAsCorners {
        findings.append(
          Diagnostic(
            .warning,
            "thumbnail is \(r.width)×\(r.height), unlike the track's usual "
              + "\(expected.width)×\(expected.height)",
            code: ThumbnailDiagnosticCode.regionUnusualSize.rawValue, at: at))
      }
    }
  }

  /// The most frequent size and how often it occurs (ties go to the smaller size, so the result
  /// does not depend on hashing order).
  private static func mostCommon(_ counts: [Size: Int]) -> (size: Size, count: Int)? {
    counts.max { a, b in
      if a.value != b.value { return a.value < b.value }
      return (a.key.width, a.key.height) > (b.key.width, b.key.height)
    }.map { ($0.key, $0.value) }
  }

  /// `2.5 s`.
  private static func seconds(_ time: SubtitleTime) -> String { "\(time) s" }
}
