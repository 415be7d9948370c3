import ManifestCore

/// A sub-range of a resource (RFC 8216bis §4.4.4.2 EXT-X-BYTERANGE, §4.4.4.5 EXT-X-MAP
/// BYTERANGE, §4.4.4.9 EXT-X-PART BYTERANGE), with an implicit offset already resolved.
public struct ByteRange: Sendable, Hashable {
  /// Length in bytes.
  public var length: Int
  /// Offset of the first byte from the start of the resource.
  public var offset: Int
  /// True when the offset was written (`n@o`); false when it was implied by the previous range.
  public var offsetWasExplicit: Bool

  /// Creates a byte range.
  public init(length: Int, offset: Int, offsetWasExplicit: Bool = true) {
    self.length = length
    self.offset = offset
    self.offsetWasExplicit = offsetWasExplicit
  }

  /// One past the last byte.
  public var end: Int { offset + length }

  /// The last byte, as an HTTP Range header names it.
  public var lastByte: Int { offset + length - 1 }

  /// `bytes=FIRST-LAST`, the HTTP Range header value.
  public var httpRange: String { "bytes=\(offset)-\(lastByte)" }
}

/// A video resolution, `WIDTHxHEIGHT` (RFC 8216bis §4.2 decimal-resolution): ManifestCore's
/// `PixelSize`, the one width-and-height type of the package, under its HLS attribute name.
public typealias Resolution = PixelSize
