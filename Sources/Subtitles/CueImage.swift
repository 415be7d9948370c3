import ManifestCore

/// An image subtitle: the picture (embedded PNG bytes, or a reference to an external file) as
/// SMPTE ST 2052-1 `smpte:image` / `smpte:backgroundImage` and IMSC `<image>` carry it (IMSC 1.1
/// §9.4.4; its `src` may be a `data:` URL, RFC 2397, which carries the bytes). Where it is shown
/// is the cue's region.
public struct CueImage: Sendable, Equatable {
  /// The decoded image bytes, when the document embeds them.
  public var data: [UInt8]?
  /// The reference as written (`#img1` for an embedded image, `img1.png` for a file), if any;
  /// `nil` for a `data:` URL that decoded into `data`.
  public var source: String?
  /// The image type (`image/png`).
  public var mediaType: String
  /// The `xml:id` of the embedded image element, if any.
  public var identifier: String?

  /// Creates an image. A `source` that is a `data:` URL (RFC 2397) gives the bytes when `data`
  /// is `nil`; it is kept as the source only when it does not decode.
  public init(
    data: [UInt8]?, source: String? = nil, mediaType: String = "image/png",
    identifier: String? = nil
  ) {
    self.data = data
    self.source = source
    self.mediaType = mediaType
    self.identifier = identifier
    if data == nil, let source, DataURL.isDataURL(source), let decoded = DataURL.decode(source) {
      self.data = decoded.bytes
      self.source = nil
    }
  }

  /// The width and height of a PNG image, from its `IHDR` chunk.
  public var pixelSize: PixelSize? { data.flatMap(PixelSize.init(png:)) }

  /// True when the bytes start with the PNG signature.
  public var isPNG: Bool {
    guard let data, data.count >= 8 else { return false }
    return data[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }
}
