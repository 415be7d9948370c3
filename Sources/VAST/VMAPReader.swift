import ManifestCore
import StrictXML

/// A VMAP document as read, with what reading it found.
public struct VMAPReading: Sendable, Hashable {
  /// The document.
  public var document: VMAPDocument
  /// Problems that did not stop reading: an unreadable `timeOffset` (an error: that break is
  /// left out), a break without an ad source, `CustomAdData` skipped, and what reading each
  /// embedded VAST document found.
  public var diagnostics: [Diagnostic]
}

/// Reads VMAP 1.0 documents (namespace `http://www.iab.net/videosuite/vmap`, usually the
/// prefix `vmap`; elements are matched by local name) through `StrictXML`.
///
/// Read: `<VMAP version>`; each `<AdBreak timeOffset breakType breakId>` with its
/// `<AdSource id allowMultipleAds followRedirects>` holding `<VASTAdData>` (a VAST document,
/// read by `VASTReader` with its locations in the VMAP file) or `<AdTagURI templateType>`,
/// and its `<TrackingEvents>`. `CustomAdData`, `Extensions` and `repeatAfter` are not read.
public enum VMAPReader {
  /// Reads a VMAP document from its bytes (UTF-8). Throws when the XML cannot be read, its
  /// root is not `<VMAP>`, or embedded VAST data has a root other than `<VAST>`.
  public static func read(_ bytes: [UInt8], limits: Limits = .standard) throws(ParseError)
    -> VMAPReading
  {
    let root = try StrictXMLReader.read(bytes, limits: limits)
    guard root.name.localName == "VMAP" else {
      throw VASTDiagnosticCode.vmapRoot.error(
        "the root element is <\(VASTReader.shown(root.name.qualifiedName))>, not <vmap:VMAP>",
        at: root.location)
    }
    var diagnostics: [Diagnostic] = []
    var breaks: [VMAPAdBreak] = []
    for (index, element) in root.elements(named: "AdBreak").enumerated() {
      let id = element.attribute("breakId")
      let name = id.map { "break '\(VASTReader.shown($0))'" } ?? "break #\(index + 1)"
      guard let text = element.attribute("timeOffset") else {
        diagnostics.append(
          VASTDiagnosticCode.vmapTimeOffsetMissing.diagnostic(
            .error, "\(name) has no timeOffset (VMAP 1.0.1 §2.3.1); it is left out",
            at: element.location))
        continue
      }
      guard let offset = VMAPTimeOffset(text) else {
        diagnostics.append(
          VASTDiagnosticCode.vmapTimeOffset.diagnostic(
            .error,
            "\(name): timeOffset '\(VASTReader.shown(text))' is not start, end, HH:MM:SS(.mmm), "
              + "n% or #n (VMAP 1.0.1 §2.3.1); it is left out", at: element.location))
        continue
      }
      var source: VMAPAdSource? = nil
      if let node = element.firstElement(named: "AdSource") {
        source = try readSource(node, name, &diagnostics)
      } else {
        diagnostics.append(
          VASTDiagnosticCode.vmapSourceMissing.diagnostic(
            .warning, "\(name) has no AdSource; it has no ads", at: element.location))
      }
      var tracking: [ScheduledTracking] = []
      for event in element.firstElement(named: "TrackingEvents")?.elements(named: "Tracking") ?? []
      {
        let url = event.trimmedText
        guard let kind = event.attribute("event"), !url.isEmpty else { continue }
        tracking.append(ScheduledTracking(event: kind, url: url))
      }
      breaks.append(
        VMAPAdBreak(
          breakID: id, breakType: element.attribute("breakType"), timeOffset: offset,
          source: source, trackingEvents: tracking, location: element.location))
    }
    let document = VMAPDocument(
      version: root.attribute("version"), breaks: breaks, location: root.location)
    return VMAPReading(document: document, diagnostics: diagnostics)
  }

  private static func readSource(
    _ node: XMLTreeElement, _ name: String, _ diagnostics: inout [Diagnostic]
  ) throws(ParseError) -> VMAPAdSource? {
    let content: VMAPAdSource.Content
    if let data = node.firstElement(named: "VASTAdData") {
      guard let vast = data.firstElement(named: "VAST") else {
        diagnostics.append(
          VASTDiagnosticCode.vmapSourceMissing.diagnostic(
            .warning, "\(name): VASTAdData holds no <VAST>; it has no ads", at: data.location))
        return nil
      }
      let reading = try VASTReader.read(vast)
      diagnostics += reading.diagnostics
      content = .vastAdData(reading.document)
    } else if let tag = node.firstElement(named: "AdTagURI"), !tag.trimmedText.isEmpty {
      content = .adTagURI(tag.trimmedText, templateType: tag.attribute("templateType"))
    } else {
      let what =
        node.firstElement(named: "CustomAdData") != nil
        ? "CustomAdData is not read" : "the AdSource holds neither VASTAdData nor AdTagURI"
      diagnostics.append(
        VASTDiagnosticCode.vmapSourceMissing.diagnostic(
          .warning, "\(name): \(what); it has no ads", at: node.location))
      return nil
    }
    return VMAPAdSource(
      id: node.attribute("id"),
      allowMultipleAds: VASTReader.boolean(node.attribute("allowMultipleAds")),
      followRedirects: VASTReader.boolean(node.attribute("followRedirects")), content: content,
      location: node.location)
  }
}
