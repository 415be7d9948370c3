import HLS

/// Why a new rendition cannot join its group in a multivariant playlist: what RFC 8216bis
/// §4.4.6.1.1 forbids within a group (members of one TYPE, distinct NAMEs, at most one
/// DEFAULT=YES, distinct LANGUAGEs among AUTOSELECT members), with the language rule applied to
/// every member, as player SDKs do when a subtitle track is added to a stream that has that
/// language already.
struct RenditionConflict {
  /// The rendition already in the playlist that conflicts.
  var rendition: Rendition
  /// One line for the user.
  var message: String

  /// The first rendition of `renditions` that `new` conflicts with, in playlist order.
  static func first(in renditions: [Rendition], adding new: Rendition) -> RenditionConflict? {
    let group = "GROUP-ID \"\(new.groupID)\""
    for existing in renditions where existing.groupID == new.groupID {
      if existing.type != new.type {
        return RenditionConflict(
          rendition: existing,
          message: "\(group) is a group of TYPE=\(existing.type) renditions; the members of a "
            + "group share one TYPE (RFC 8216bis §4.4.6.1.1)")
      }
      if let language = existing.language, let wanted = new.language,
        language.lowercased() == wanted.lowercased()
      {
        return RenditionConflict(
          rendition: existing,
          message: "\(group) already has LANGUAGE \"\(language)\" (NAME \"\(existing.name)\")")
      }
      if existing.name == new.name {
        return RenditionConflict(
          rendition: existing,
          message: "\(group) already has NAME \"\(new.name)\"; names in a group differ "
            + "(RFC 8216bis §4.4.6.1.1)")
      }
      if existing.isDefault && new.isDefault {
        return RenditionConflict(
          rendition: existing,
          message: "\(group) already has a DEFAULT=YES rendition (NAME \"\(existing.name)\"); "
            + "a group has at most one (RFC 8216bis §4.4.6.1.1)")
      }
    }
    return nil
  }
}
