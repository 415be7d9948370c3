import ManifestCore

/// Content an MPD element carries that the model does not type (an Event's payload, such as a
/// SCTE-35 cue or a vendor's tracking beacons): anything that writes itself through `XMLWriter`,
/// so every value in it is escaped like the rest of the MPD.
public protocol MPDNode: Sendable {
  /// Writes the node as the next child of the writer's open element.
  func write(into writer: inout XMLWriter)
}

/// A namespace declaration, `xmlns:prefix="uri"`, written on the element that carries it.
public struct XMLNamespace: Sendable, Hashable {
  /// The prefix (`scte35`).
  public var prefix: String
  /// The namespace name (`urn:scte:scte35:2013:xml`).
  public var uri: String

  /// Creates a declaration.
  public init(prefix: String, uri: String) {
    self.prefix = prefix
    self.uri = uri
  }

  /// The attribute that declares it.
  var attribute: (String, String) { ("xmlns:" + prefix, uri) }
}

/// A plain XML element for untyped MPD content: attributes in order, then either text or child
/// elements; the children of an `inline` element are written on one line.
public struct MPDElement: MPDNode, Hashable {
  /// The qualified name (`TrackingEvents`, `VTV-SSAI:beaconurls`).
  public var name: String
  /// Attributes, in writing order.
  public var attributes: [Attribute]
  /// Character data, written when there are no children.
  public var text: String?
  /// Child elements.
  public var children: [MPDElement]
  /// Write the children on the element's line.
  public var inline: Bool

  /// One attribute.
  public struct Attribute: Sendable, Hashable {
    /// The qualified name.
    public var name: String
    /// The value (escaped when written).
    public var value: String

    /// Creates an attribute.
    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Creates an element.
  public init(
    _ name: String, attributes: [Attribute] = [], text: String? = nil,
    children: [MPDElement] = [], inline: Bool = false
  ) {
    self.name = name
    self.attributes = attributes
    self.text = text
    self.children = children
    self.inline = inline
  }

  public func write(into writer: inout XMLWriter) {
    let pairs = attributes.map { ($0.name, $0.value) }
    if children.isEmpty {
      if let text {
        writer.element(name, pairs, text: text)
      } else {
        writer.empty(name, pairs)
      }
      return
    }
    writer.open(name, pairs, inline: inline)
    for child in children { child.write(into: &writer) }
    writer.close()
  }
}
