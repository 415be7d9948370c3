import ManifestCore

extension KeyReport {
  /// The contract's `keys --json` document: `{"sessionKeys":[Key+], "keys":[Key+]}`.
  public var jsonValue: JSONValue { jsonValue(contentID: .hostPath) }

  /// The `keys --json` document with `contentId` in `form`.
  public func jsonValue(contentID form: SKDURI.ContentIDForm) -> JSONValue {
    .object([
      ("sessionKeys", .array(sessionKeys.map { $0.jsonValue(contentID: form) })),
      ("keys", .array(keys.map { $0.jsonValue(contentID: form) })),
    ])
  }
}

extension PlaylistKey {
  /// The contract's `Key+`: the `Key` fields (IV and KEYID normalized to 32 lower-case hex
  /// digits, `null` when absent or malformed), then `playlist`, `line`, `firstSegment`,
  /// `mediaSequence`, `lastSegment`, `segmentCount`, `drmSystem`, `contentId` (`skd:` URIs),
  /// `keyIds` (every key ID the tag names) and the decoded `pssh`, `widevine` and `playReady`
  /// data, each `null` when absent, then `drmSystemName` (the DASH-IF registry's name).
  public var jsonValue: JSONValue { jsonValue(contentID: .hostPath) }

  /// `Key+` with `contentId` in `form`.
  public func jsonValue(contentID form: SKDURI.ContentIDForm) -> JSONValue {
    .object([
      ("method", .string(key.method.description)), ("uri", JSONValue(key.uri)),
      ("iv", JSONValue(drm.iv)), ("keyFormat", JSONValue(key.keyFormat)),
      ("keyFormatVersions", JSONValue(key.keyFormatVersions)), ("keyId", JSONValue(drm.keyID)),
      ("playlist", JSONValue(playlist)), ("line", JSONValue(lineNumber)),
      ("firstSegment", JSONValue(firstSegment)), ("mediaSequence", JSONValue(mediaSequence)),
      ("lastSegment", JSONValue(lastSegment)),
      ("segmentCount", isSessionKey ? .null : JSONValue(segmentCount)),
      ("drmSystem", .string(drm.system.rawValue)),
      ("contentId", JSONValue(drm.skd?.contentID(form))),
      ("keyIds", .array(drm.keyIDs.map { .string($0) })),
      (
        "pssh",
        drm.pssh.map { pssh in
          .object([
            ("version", JSONValue(Int(pssh.version))), ("systemId", .string(pssh.systemID)),
            ("keyIds", .array(pssh.keyIDs.map { .string($0) })),
            ("dataSize", JSONValue(pssh.dataSize)),
          ])
        } ?? .null
      ),
      (
        "widevine",
        drm.widevine.map { data in
          .object([
            ("keyIds", .array(data.keyIDs.map { .string($0) })),
            ("provider", JSONValue(data.provider)), ("contentId", JSONValue(data.contentID)),
            ("protectionScheme", JSONValue(data.protectionScheme)),
          ])
        } ?? .null
      ),
      (
        "playReady",
        drm.playReadyObject.map { object in
          .object([
            ("headerVersion", JSONValue(object.headerVersion)),
            ("keyIds", .array(object.keyIDs.map { .string($0) })),
            ("licenseUrl", JSONValue(object.licenseURL)),
          ])
        } ?? .null
      ),
      ("drmSystemName", JSONValue(drm.registeredName)),
    ])
  }
}
