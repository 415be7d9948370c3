extension VASTMediaFile {
  /// True for an HLS rendition of the ad: `type` `application/x-mpegURL` or
  /// `application/vnd.apple.mpegurl` (RFC 8216bis §4, any letter case), or streaming
  /// delivery of a URI whose path ends in `.m3u8`.
  public var isHLS: Bool {
    if let type = type?.lowercased(),
      type == "application/x-mpegurl" || type == "application/vnd.apple.mpegurl"
    {
      return true
    }
    return delivery?.lowercased() != "progressive" && Self.pathEndsInM3U8(uri)
  }

  private static func pathEndsInM3U8(_ uri: String) -> Bool {
    var path = Substring(uri)
    if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
    return path.lowercased().hasSuffix(".m3u8")
  }
}

extension VASTLinear {
  /// The HLS media file to splice, or `nil` when there is none. VAST leaves the choice among
  /// several to the player ("the one best suited to its environment"); a stitcher matches
  /// renditions itself, so the richest one is taken: streaming delivery first, then the most
  /// pixels, then the highest bitrate (`maxBitrate`, else `bitrate`), then document order.
  public var hlsMediaFile: VASTMediaFile? {
    var best: VASTMediaFile? = nil
    for file in mediaFiles where file.isHLS {
      guard let current = best else {
        best = file
        continue
      }
      if Self.rank(file) > Self.rank(current) { best = file }
    }
    return best
  }

  private static func rank(_ file: VASTMediaFile) -> (Int, Int, Int) {
    let (pixels, overflow) = max(file.width ?? 0, 0).multipliedReportingOverflow(
      by: max(file.height ?? 0, 0))
    return (
      file.delivery?.lowercased() == "streaming" ? 1 : 0, overflow ? Int.max : pixels,
      file.maxBitrate ?? file.bitrate ?? 0
    )
  }
}
