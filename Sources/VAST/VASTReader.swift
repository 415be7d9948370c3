import ManifestCore
import StrictXML

/// A VAST document as read, with what reading it found.
public struct VASTReading: Sendable, Hashable {
  /// The document.
  public var document: VASTDocument
  /// Problems that did not stop reading: an unreadable `Duration` or progress `offset`, a
  /// wrapper without `VASTAdTagURI`, NonLinear and Companion creatives skipped, an unknown
  /// version.
  public var diagnostics: [Diagnostic]
}

/// Reads VAST 2.0, 3.0 and 4.0–4.3 responses, with or without the VAST 4 namespace
/// (`http://www.iab.com/VAST`: elements are matched by local name), through `StrictXML` (no
/// DTD, no entities, no network, bounded depth and attributes).
///
/// Read: `<VAST version>`, its `<Error>`; each `<Ad id sequence>` with `<InLine>` (AdSystem,
/// AdTitle, Impression, Error, Creatives) or `<Wrapper>` (AdSystem, VASTAdTagURI, Impression,
/// Error, Creatives, `allowMultipleAds`, `followAdditionalWrappers`); each `<Creative id adId
/// sequence>` with `<Linear>`: Duration, MediaFiles, TrackingEvents, VideoClicks. Everything
/// else (Extensions, AdVerifications, Icons, Pricing, …) is not read; docs/vast.md lists it.
public enum VASTReader {
  /// The versions this reader knows; another is read the same way, with a note.
  public static let knownVersions = ["2.0", "3.0", "4.0", "4.1", "4.2", "4.3"]

  /// Reads a VAST document from its bytes (UTF-8). Throws when the XML cannot be read or its
  /// root is not `<VAST>`.
  public static func read(_ bytes: [UInt8], limits: Limits = .standard) throws(ParseError)
    -> VASTReading
  {
    let root = try StrictXMLReader.read(bytes, limits: limits)
    return try read(root)
  }

  /// Reads a VAST document from its root element (also a VMAP `VASTAdData` child).
  package static func read(_ root: XMLTreeElement) throws(ParseError) -> VASTReading {
    guard root.name.localName == "VAST" else {
      throw VASTDiagnosticCode.root.error(
        "the root element is <\(TextEscaping.escapingControlCharacters(root.name.qualifiedName))>, not <VAST>",
        at: root.location)
    }
    var diagnostics: [Diagnostic] = []
    let version = root.attribute("version")
    if let version, !knownVersions.contains(version) {
      diagnostics.append(
        VASTDiagnosticCode.versionUnknown.diagnostic(
          .info,
          "VAST version '\(version)' is not one of \(knownVersions.joined(separator: ", ")); "
            + "read as VAST 4", at: root.location))
    }
    var ads: [VASTAd] = []
    for (index, element) in root.elements(named: "Ad").enumerated() {
      if let ad = readAd(element, number: index + 1, &diagnostics) { ads.append(ad) }
    }
    let document = VASTDocument(
      version: version, ads: ads, errorURLs: urls(root, "Error"), location: root.location)
    return VASTReading(document: document, diagnostics: diagnostics)
  }

  /// The name an ad goes by in messages: `ad 'ID'`, or `ad #N` (its place in the document).
  static func label(_ id: String?, number: Int) -> String {
    id.map { "ad '\(TextEscaping.escapingControlCharacters($0))'" } ?? "ad #\(number)"
  }

  private static func readAd(_ element: XMLTreeElement, number: Int, _ d: inout [Diagnostic])
    -> VASTAd?
  {
    let id = element.attribute("id")
    let name = label(id, number: number)
    var sequence: Int? = nil
    if let text = element.attribute("sequence") {
      sequence = Int(text)
      if sequence == nil {
        d.append(
          VASTDiagnosticCode.adSequence.diagnostic(
            .warning, "\(name): sequence '\(text)' is not a whole number; read as a stand-alone ad",
            at: element.location))
      }
    }
    if let inline = element.firstElement(named: "InLine") {
      let content = VASTInline(
        adSystem: text(inline, "AdSystem"), adTitle: text(inline, "AdTitle"),
        impressions: urls(inline, "Impression"), errorURLs: urls(inline, "Error"),
        creatives: creatives(inline, name, &d))
      return VASTAd(
        id: id, sequence: sequence, content: .inline(content), location: element.location)
    }
    if let wrapper = element.firstElement(named: "Wrapper") {
      guard let tag = wrapper.firstElement(named: "VASTAdTagURI"), !tag.trimmedText.isEmpty else {
        d.append(
          VASTDiagnosticCode.wrapperTagURIMissing.diagnostic(
            .error, "\(name) is a Wrapper without a VASTAdTagURI; it is skipped",
            at: wrapper.location))
        return nil
      }
      let content = VASTWrapper(
        adSystem: text(wrapper, "AdSystem"), adTagURI: tag.trimmedText,
        impressions: urls(wrapper, "Impression"), errorURLs: urls(wrapper, "Error"),
        creatives: creatives(wrapper, name, &d),
        allowMultipleAds: boolean(wrapper.attribute("allowMultipleAds")) ?? false,
        followAdditionalWrappers: boolean(wrapper.attribute("followAdditionalWrappers")) ?? true)
      return VASTAd(
        id: id, sequence: sequence, content: .wrapper(content), location: element.location)
    }
    d.append(
      VASTDiagnosticCode.adEmpty.diagnostic(
        .warning, "\(name) has neither InLine nor Wrapper; it is skipped", at: element.location))
    return nil
  }

  private static func creatives(_ parent: XMLTreeElement, _ ad: String, _ d: inout [Diagnostic])
    -> [VASTCreative]
  {
    guard let list = parent.firstElement(named: "Creatives") else { return [] }
    var out: [VASTCreative] = []
    for creative in list.elements(named: "Creative") {
      let id = creative.attribute("id")
      let adID = creative.attribute("adId") ?? creative.attribute("AdID")
      let sequence = creative.attribute("sequence").flatMap { Int($0) }
      for child in creative.elements {
        let content: VASTCreative.Content
        switch child.name.localName {
        case "Linear":
          content = .linear(linear(child, ad, &d))
        case "NonLinearAds":
          content = .skipped("NonLinearAds")
          d.append(
            VASTDiagnosticCode.creativeSkipped.diagnostic(
              .warning,
              "\(ad): a NonLinearAds creative is skipped (only Linear creatives are "
                + "spliced)", at: child.location))
        case "CompanionAds":
          content = .skipped("CompanionAds")
          d.append(
            VASTDiagnosticCode.creativeSkipped.diagnostic(
              .info,
              "\(ad): a CompanionAds creative is skipped (only Linear creatives are "
                + "spliced)", at: child.location))
        default:
          continue
        }
        out.append(
          VASTCreative(
            id: id, adID: adID, sequence: sequence, content: content, location: creative.location))
      }
    }
    return out
  }

  private static func linear(_ element: XMLTreeElement, _ ad: String, _ d: inout [Diagnostic])
    -> VASTLinear
  {
    var duration: ExactDecimal? = nil
    if let node = element.firstElement(named: "Duration") {
      duration = VASTClock.seconds(node.text)
      if duration == nil {
        d.append(
          VASTDiagnosticCode.duration.diagnostic(
            .warning,
            "\(ad): Duration '\(shown(node.trimmedText))' is not HH:MM:SS or HH:MM:SS.mmm; the "
              + "ad's duration is unknown", at: node.location))
      }
    }
    var media: [VASTMediaFile] = []
    for file in element.firstElement(named: "MediaFiles")?.elements(named: "MediaFile") ?? [] {
      let uri = file.trimmedText
      guard !uri.isEmpty else { continue }
      media.append(
        VASTMediaFile(
          uri: uri, type: file.attribute("type"), delivery: file.attribute("delivery"),
          width: file.attribute("width").flatMap { Int($0) },
          height: file.attribute("height").flatMap { Int($0) },
          bitrate: file.attribute("bitrate").flatMap { Int($0) },
          minBitrate: file.attribute("minBitrate").flatMap { Int($0) },
          maxBitrate: file.attribute("maxBitrate").flatMap { Int($0) },
          codec: file.attribute("codec"), id: file.attribute("id"), location: file.location))
    }
    var tracking: [VASTTrackingEvent] = []
    for event in element.firstElement(named: "TrackingEvents")?.elements(named: "Tracking") ?? [] {
      let url = event.trimmedText
      guard let name = event.attribute("event"), !url.isEmpty else { continue }
      var offset: VASTProgressOffset? = nil
      if let text = event.attribute("offset") {
        if let seconds = VASTClock.seconds(text) {
          offset = .time(seconds)
        } else if let percent = VASTClock.percent(text) {
          offset = .percent(percent)
        } else {
          d.append(
            VASTDiagnosticCode.trackingOffset.diagnostic(
              .warning,
              "\(ad): \(shown(name)) tracking offset '\(shown(text))' is not HH:MM:SS(.mmm) or n%; "
                + "the event has no offset", at: event.location))
        }
      }
      tracking.append(
        VASTTrackingEvent(event: name, url: url, offset: offset, location: event.location))
    }
    let clicks = element.firstElement(named: "VideoClicks")
    let through = clicks?.firstElement(named: "ClickThrough")?.trimmedText
    return VASTLinear(
      duration: duration, mediaFiles: media, trackingEvents: tracking,
      clickThrough: through?.isEmpty == false ? through : nil,
      clickTracking: clicks.map { urls($0, "ClickTracking") } ?? [], location: element.location)
  }

  /// The trimmed text of each child `name`, empty ones dropped.
  static func urls(_ parent: XMLTreeElement, _ name: String) -> [String] {
    parent.elements(named: name).map(\.trimmedText).filter { !$0.isEmpty }
  }

  private static func text(_ parent: XMLTreeElement, _ name: String) -> String? {
    parent.firstElement(named: name).map(\.trimmedText)
  }

  /// xs:boolean: `true`/`1`, `false`/`0`.
  static func boolean(_ text: String?) -> Bool? {
    switch text {
    case "true", "1": true
    case "false", "0": false
    default: nil
    }
  }

  static func shown(_ text: String) -> String { TextEscaping.escapingControlCharacters(text) }
}
