import ManifestCore
import Subtitles

/// The form `TTMLWriter` gives image cues. Text cues are written in the IMSC1 text profile
/// shape either way.
public enum TTMLImageProfile: String, Sendable, Hashable, CaseIterable {
  /// IMSC 1.1 Image Profile (W3C IMSC 1.1 §9, designator
  /// `http://www.w3.org/ns/ttml/profile/imsc1.1/image`): each image a TTML2 `image` element in
  /// its own `div`, in a region of exactly the image's pixel size. The profile prohibits
  /// `smpte:image` and TTML2's embedding vocabulary (`resources`, `source`, `data`:
  /// `#embedded-data` is prohibited), so the PNG bytes travel in the `src` `<uri>` as an RFC
  /// 2397 `data:` URL.
  case imsc11 = "imsc1.1"
  /// SMPTE ST 2052-1 (SMPTE-TT, 2010 namespace): base64 PNG in `smpte:image` elements in
  /// `head/metadata`, shown by `div smpte:backgroundImage="#id"`, for systems that still need
  /// it. Not an IMSC document: IMSC 1.0.1 and 1.1 prohibit `smpte:image` (IMSC 1.1 §9.4.5.3).
  case smpteTT = "smpte-tt"

  /// The profile a command-line spelling names (`imsc1.1`, `imsc`, `smpte-tt`, `smpte`),
  /// case-insensitive.
  public init?(name: String) {
    switch name.lowercased() {
    case "imsc1.1", "imsc11", "imsc": self = .imsc11
    case "smpte-tt", "smptett", "smpte": self = .smpteTT
    default: return nil
    }
  }

  /// The IMSC 1.1 Image Profile designator (IMSC 1.1 §9.1), for `ttp:contentProfiles`.
  public static let imsc11ImageDesignator = "http://www.w3.org/ns/ttml/profile/imsc1.1/image"
}
