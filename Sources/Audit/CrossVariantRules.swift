import HLS
import ManifestCore

/// Rules that compare the media playlists of a multivariant playlist (`audit --follow`,
/// RFC 8216bis §6.2.4): one target duration, one playlist type, I-frame playlists that are
/// I-frame playlists, session keys that match the keys in use.
enum CrossVariantRules {
  static let targetDurationMismatch = AuditRule(
    id: "spec.variant-target-duration-mismatch", severity: .error, scope: .variants,
    summary: "A media playlist's EXT-X-TARGETDURATION differs from the first variant's (VOD "
      + "subtitle and I-frame playlists excepted).",
    rationale: "Every media playlist of every variant and rendition MUST have the same target "
      + "duration so clients can switch between them.",
    reference: "RFC 8216bis §6.2.4")
  static let playlistTypeMismatch = AuditRule(
    id: "spec.variant-playlist-type-mismatch", severity: .error, scope: .variants,
    summary: "Media playlists of one presentation disagree on EXT-X-PLAYLIST-TYPE (one has it, "
      + "another has another value or none).",
    rationale: "If any media playlist has EXT-X-PLAYLIST-TYPE, all MUST have the same one.",
    reference: "RFC 8216bis §6.2.4")
  static let playlistKind = AuditRule(
    id: "spec.variant-playlist-kind", severity: .error, scope: .variants,
    summary: "A URI the multivariant playlist names is itself a multivariant playlist, or an "
      + "EXT-X-I-FRAME-STREAM-INF names a playlist without EXT-X-I-FRAMES-ONLY.",
    rationale: "Variant and rendition URIs MUST name media playlists, and an I-frame stream's "
      + "playlist MUST contain EXT-X-I-FRAMES-ONLY.",
    reference: "RFC 8216bis §4.4.6.2, §4.4.6.3")
  static let sessionKeyMismatch = AuditRule(
    id: "keys.session-key-mismatch", severity: .error, scope: .variants,
    summary: "An EXT-X-KEY with the URI of an EXT-X-SESSION-KEY has another METHOD, KEYFORMAT "
      + "or KEYFORMATVERSIONS.",
    rationale: "A session key MUST match every EXT-X-KEY with its URI; clients preload the "
      + "session key and then fail on the segments.",
    reference: "RFC 8216bis §4.4.6.5")

  static let specRules = [targetDurationMismatch, playlistTypeMismatch, playlistKind]
  static let keyRules = [sessionKeyMismatch]

  static func check(
    _ multivariant: MultivariantPlaylist, _ playlists: [FollowedPlaylist],
    _ context: inout AuditContext
  ) {
    var roles: [String: PlaylistReference] = [:]
    for reference in multivariant.mediaPlaylistReferences { roles[reference.uri] = reference }
    var media: [(FollowedPlaylist, MediaPlaylist, PlaylistRole)] = []
    // In the multivariant playlist's order, so "the first variant" is its first
    // EXT-X-STREAM-INF whatever order the caller read them in.
    let ordered = playlists.enumerated().sorted {
      (roles[$0.element.uri]?.line ?? Int.max, $0.offset)
        < (roles[$1.element.uri]?.line ?? Int.max, $1.offset)
    }.map(\.element)
    for followed in ordered {
      let role = roles[followed.uri]?.role ?? .variant
      switch followed.playlist {
      case .multivariant:
        context.report(
          playlistKind, "\(followed.uri) is a multivariant playlist; it must be a media playlist",
          at: .start, file: followed.name)
      case .media(let playlist):
        if role == .iFrame && !playlist.iFramesOnly {
          context.report(
            playlistKind,
            "\(followed.uri) is named by EXT-X-I-FRAME-STREAM-INF but has no "
              + "EXT-X-I-FRAMES-ONLY", at: .start, file: followed.name)
        }
        if role != .image { media.append((followed, playlist, role)) }
      }
    }
    checkTargetDurations(media, &context)
    checkPlaylistTypes(media, &context)
    checkSessionKeys(multivariant, media, &context)
    CrossVariantAdRules.check(media, &context)
  }

  private static func checkTargetDurations(
    _ media: [(FollowedPlaylist, MediaPlaylist, PlaylistRole)], _ context: inout AuditContext
  ) {
    guard context.isOn(targetDurationMismatch),
      let reference = media.first(where: { $0.2 == .variant }) ?? media.first,
      let target = reference.1.targetDuration
    else { return }
    for (followed, playlist, role) in media {
      guard let other = playlist.targetDuration, other != target else { continue }
      let exempt =
        (role == .subtitles || playlist.iFramesOnly) && playlist.playlistType == .vod
      if exempt { continue }
      context.report(
        targetDurationMismatch,
        "EXT-X-TARGETDURATION \(other) differs from \(target) in \(reference.0.uri) (the first "
          + "variant)", at: tagLocation(.targetDuration, playlist), file: followed.name)
    }
  }

  private static func checkPlaylistTypes(
    _ media: [(FollowedPlaylist, MediaPlaylist, PlaylistRole)], _ context: inout AuditContext
  ) {
    guard context.isOn(playlistTypeMismatch),
      let typed = media.first(where: { $0.1.playlistType != nil }),
      let type = typed.1.playlistType
    else { return }
    for (followed, playlist, _) in media where playlist.playlistType != type {
      let own =
        playlist.playlistType.map { "EXT-X-PLAYLIST-TYPE \($0.rawValue)" }
        ?? "no EXT-X-PLAYLIST-TYPE"
      context.report(
        playlistTypeMismatch,
        "\(own), but \(typed.0.uri) has EXT-X-PLAYLIST-TYPE \(type.rawValue)",
        at: tagLocation(.playlistType, playlist), file: followed.name)
    }
  }

  private static func checkSessionKeys(
    _ multivariant: MultivariantPlaylist,
    _ media: [(FollowedPlaylist, MediaPlaylist, PlaylistRole)], _ context: inout AuditContext
  ) {
    guard context.isOn(sessionKeyMismatch), !multivariant.sessionKeys.isEmpty else { return }
    // The first session key of each URI, found once rather than searched for per key.
    var sessionKeys: [String: EncryptionKey] = [:]
    for session in multivariant.sessionKeys {
      if let uri = session.uri, sessionKeys[uri] == nil { sessionKeys[uri] = session }
    }
    for (followed, playlist, _) in media {
      for key in playlist.keys {
        guard let uri = key.uri, let session = sessionKeys[uri] else { continue }
        var differences: [String] = []
        if session.method != key.method {
          differences.append("METHOD \(key.method) ≠ \(session.method)")
        }
        if session.effectiveKeyFormat != key.effectiveKeyFormat {
          differences.append("KEYFORMAT \(key.effectiveKeyFormat) ≠ \(session.effectiveKeyFormat)")
        }
        if (session.keyFormatVersions ?? "1") != (key.keyFormatVersions ?? "1") {
          differences.append(
            "KEYFORMATVERSIONS \(key.keyFormatVersions ?? "1") ≠ \(session.keyFormatVersions ?? "1")"
          )
        }
        guard !differences.isEmpty else { continue }
        let line = key.line
        let location =
          playlist.source.lines.indices.contains(line)
          ? playlist.source.lines[line].location : .start
        context.report(
          sessionKeyMismatch,
          "EXT-X-KEY \(uri) does not match the EXT-X-SESSION-KEY on line "
            + "\(context.number(session.line)) of the multivariant playlist: "
            + differences.joined(separator: ", "), at: location, file: followed.name)
      }
    }
  }

  /// Where `tag` is in `playlist` (line 1 when it is absent).
  static func tagLocation(_ tag: TagName, _ playlist: MediaPlaylist) -> SourceLocation {
    playlist.source.lines.first { $0.tag == tag }?.location ?? .start
  }
}
