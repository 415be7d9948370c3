/// An image subtitle: the picture (embedded PNG bytes, or a reference to an external file) as
/// SMPTE ST 2052-1 `smpte:image` / `smpte:backgroundImage` and IMSC `<image>` carry it. Where it
/// is shown is the cue's region.
public struct CueImage: Sendable, Equatable {
  /// The decoded image bytes, when the document embeds them.
  public var data: [UInt8]?
  /// The reference as written (`#img1` for an embedded image, `img1.png` for a file), if any.
  public var source: String?
  /// The image type (`image/png`).
  public var mediaType: String
  /// The `xml:id` of the embedded image element, if any.
  public var identifier: String?

  /// Creates an image.
  public init(
    data: [UInt8]?, source: String? = nil, mediaType: String = "image/png",
    identifier: String? = nil
  ) {
    self.data = data
    self.source = source
    self.mediaType = mediaType
    self.identifier = identifier
  }

  /// True when the bytes start with the PNG signature.
  public var isPNG: Bool {
    guard let data, data.count >= 8 else { return false }
    return data[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
  }
}
