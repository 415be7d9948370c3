import ManifestCore

/// A VAST response (IAB VAST 2.0, 3.0 and 4.0–4.3): its ads in document order, as
/// `VASTReader` reads them. Only what ad insertion needs is kept (see docs/vast.md).
public struct VASTDocument: Sendable, Hashable {
  /// The `version` attribute of `<VAST>` (`"4.2"`), or `nil`.
  public var version: String?
  /// The `<Ad>` elements that carry an `<InLine>` or a `<Wrapper>`, in document order.
  public var ads: [VASTAd]
  /// The `<Error>` URLs of `<VAST>` itself, which a response with no ad carries (VAST 4.x
  /// §2.3.6.4, "No Ad Response").
  public var errorURLs: [String]
  /// Where `<VAST>` starts.
  public var location: SourceLocation

  /// Creates a document.
  public init(
    version: String? = nil, ads: [VASTAd] = [], errorURLs: [String] = [],
    location: SourceLocation = .start
  ) {
    self.version = version
    self.ads = ads
    self.errorURLs = errorURLs
    self.location = location
  }
}

/// One `<Ad>`: an inline ad or a wrapper pointing at another VAST response.
public struct VASTAd: Sendable, Hashable {
  /// What the ad holds.
  public enum Content: Sendable, Hashable {
    /// `<InLine>`: the ad itself.
    case inline(VASTInline)
    /// `<Wrapper>`: a redirect to another VAST response (VAST 4.x §2.3.5, "VAST Wrapper Ads").
    case wrapper(VASTWrapper)
  }

  /// The `id` attribute, or `nil`.
  public var id: String?
  /// The `sequence` attribute: the ad's place in an ad pod, or `nil` for a stand-alone ad.
  public var sequence: Int?
  /// The inline ad or the wrapper.
  public var content: Content
  /// Where `<Ad>` starts.
  public var location: SourceLocation

  /// Creates an ad.
  public init(
    id: String? = nil, sequence: Int? = nil, content: Content, location: SourceLocation = .start
  ) {
    self.id = id
    self.sequence = sequence
    self.content = content
    self.location = location
  }
}

/// `<InLine>`: an ad with its creatives.
public struct VASTInline: Sendable, Hashable {
  /// `<AdSystem>`, or `nil`.
  public var adSystem: String?
  /// `<AdTitle>`, or `nil`.
  public var adTitle: String?
  /// The `<Impression>` URLs in document order (empty ones dropped).
  public var impressions: [String]
  /// The `<Error>` URLs in document order (empty ones dropped).
  public var errorURLs: [String]
  /// The creatives in document order.
  public var creatives: [VASTCreative]

  /// Creates an inline ad.
  public init(
    adSystem: String? = nil, adTitle: String? = nil, impressions: [String] = [],
    errorURLs: [String] = [], creatives: [VASTCreative] = []
  ) {
    self.adSystem = adSystem
    self.adTitle = adTitle
    self.impressions = impressions
    self.errorURLs = errorURLs
    self.creatives = creatives
  }
}

/// `<Wrapper>`: where the ad is (`VASTAdTagURI`) and the tracking its server adds, which fires
/// in addition to the inline ad's (VAST 4.x §2.3.5).
public struct VASTWrapper: Sendable, Hashable {
  /// `<AdSystem>`, or `nil`.
  public var adSystem: String?
  /// `<VASTAdTagURI>`: the next VAST response in the chain.
  public var adTagURI: String
  /// The `<Impression>` URLs.
  public var impressions: [String]
  /// The `<Error>` URLs.
  public var errorURLs: [String]
  /// The creatives (a wrapper's Linear creatives carry tracking and click tracking only).
  public var creatives: [VASTCreative]
  /// The `allowMultipleAds` attribute (VAST 3.0+, default false): whether the response it
  /// points to may give more than one ad (a pod) in its place.
  public var allowMultipleAds: Bool
  /// The `followAdditionalWrappers` attribute (VAST 3.0+, default true): whether the response
  /// it points to may itself be a wrapper.
  public var followAdditionalWrappers: Bool

  /// Creates a wrapper.
  public init(
    adSystem: String? = nil, adTagURI: String, impressions: [String] = [],
    errorURLs: [String] = [], creatives: [VASTCreative] = [], allowMultipleAds: Bool = false,
    followAdditionalWrappers: Bool = true
  ) {
    self.adSystem = adSystem
    self.adTagURI = adTagURI
    self.impressions = impressions
    self.errorURLs = errorURLs
    self.creatives = creatives
    self.allowMultipleAds = allowMultipleAds
    self.followAdditionalWrappers = followAdditionalWrappers
  }
}
