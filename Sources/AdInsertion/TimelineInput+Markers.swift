import HLS
import ManifestCore

extension TimelineInput {
  /// The marker for a tag line.
  func marker(
    _ line: PlaylistLine, _ dialect: AdMarkerDialect, _ role: AdMarker.Role, id: String? = nil,
    declaredDuration: String? = nil, elapsed: String? = nil, payload: String? = nil,
    attributes: [MarkerAttribute] = [], previous: MarkerCue? = nil
  ) -> AdMarker {
    AdMarker(
      dialect: dialect, role: role, tag: tagName(line), text: text(line),
      location: line.location, segmentIndex: line.segmentIndex, id: id,
      declaredDuration: declaredDuration, elapsed: elapsed,
      scte35: payload.map { text in
        // Continuation tags repeat their break's cue: the same text decodes the same.
        if let previous, previous.text == text {
          return MarkerCue(decoded: previous, location: line.location)
        }
        return MarkerCue(text: text, location: line.location)
      },
      attributes: attributes)
  }
}

/// The issues a marker's SCTE-35 payload raises on its own.
enum PayloadCheck {
  /// An undecodable payload (SCTE 35 §9.2 syntax), with the decoder's message.
  static func issues(_ marker: AdMarker) -> [AdMarkerIssue] {
    guard let payload = marker.scte35 else { return [] }
    if payload.text.isEmpty {
      return [
        AdMarkerIssue(
          .malformedTag, .warning, "\(marker.tag) on line \(marker.line) has no SCTE-35 payload",
          at: marker.location)
      ]
    }
    guard let error = payload.decoding.error else { return [] }
    return [
      AdMarkerIssue(
        .undecodablePayload, .warning,
        "\(marker.tag) SCTE-35 payload does not decode: \(error.message)", at: marker.location)
    ]
  }
}
