/// Which renditions of the groups a chosen variant names an offline download takes.
public enum RenditionChoice: String, Sendable, Hashable, CaseIterable {
  /// Only the renditions a client picks without asking: DEFAULT=YES or AUTOSELECT=YES
  /// (RFC 8216bis §4.4.6.1), as player SDKs download by default.
  case preferred
  /// Every rendition of the group.
  case all
}
