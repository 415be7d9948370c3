import Testing

@testable import HLS

@Suite struct DRMSystemTests {
  @Test(arguments: [
    ("SAMPLE-AES", "com.apple.streamingkeydelivery", DRMSystem.fairPlay),
    ("SAMPLE-AES", "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed", .widevine),
    ("SAMPLE-AES-CTR", "urn:uuid:EDEF8BA9-79D6-4ACE-A3C8-27DCD51D21ED", .widevine),
    ("SAMPLE-AES-CENC", "com.widevine", .widevine),
    ("SAMPLE-AES", "com.microsoft.playready", .playReady),
    ("SAMPLE-AES-CTR", "urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95", .playReady),
    ("SAMPLE-AES-CTR", "org.w3.clearkey", .clearKey),
    ("SAMPLE-AES", "urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e", .clearKey),
    ("SAMPLE-AES", "urn:uuid:1077efec-c0b2-4d02-ace3-3c1e52e2fb4b", .clearKey),
    ("AES-128", "identity", .aes128),
    ("SAMPLE-AES", "identity", .sampleAES),
    ("SAMPLE-AES-CTR", "identity", .sampleAESCTR),
    ("SAMPLE-AES-CTR", "urn:uuid:adb41c24-2dbf-4a6d-958b-4457c0d27b95", .nagra),
    ("SAMPLE-AES", "URN:UUID:ADB41C24-2DBF-4A6D-958B-4457C0D27B95", .nagra),
    ("SAMPLE-AES-CTR", "urn:uuid:5e629af5-38da-4063-8977-97ffbd9902d4", .registered),
    ("SAMPLE-AES-CTR", "urn:uuid:9a27dd82-fde2-4725-8cbc-4234aa06ec09", .registered),
    ("SAMPLE-AES-CTR", "urn:uuid:00000000-0000-0000-0000-000000000001", .unknown),
    ("AES-128", "com.example.vendor", .unknown),
    ("NONE", "com.apple.streamingkeydelivery", DRMSystem.none),
  ])
  func identifiesFromMethodAndKeyFormat(method: String, keyFormat: String, expected: DRMSystem) {
    #expect(DRMSystem.identify(method: method, keyFormat: keyFormat) == expected)
  }

  @Test func registeredSystemIDsCarryTheRegistryName() {
    // The DASH-IF content protection registry (dashif.org/identifiers/content_protection).
    #expect(DRMSystem.nagra.systemID == "adb41c24-2dbf-4a6d-958b-4457c0d27b95")
    #expect(DRMSystem(systemID: "ADB41C24-2DBF-4A6D-958B-4457C0D27B95") == .nagra)
    #expect(DRMSystem(systemID: "80a6be7e-1448-4c37-9e70-d5aebe04c8d2") == .registered)
    #expect(DRMSystem(systemID: "00000000-0000-0000-0000-000000000001") == nil)
    #expect(
      DRMSystemRegistry.name(ofSystemID: "adb41c24-2dbf-4a6d-958b-4457c0d27b95")
        == "Nagra MediaAccess PRM 3.0")
    #expect(
      DRMSystemRegistry.name(ofSystemID: "5E629AF5-38DA-4063-8977-97FFBD9902D4")
        == "Marlin Adaptive Streaming Simple Profile V1.0")
    #expect(DRMSystem.nagra.isDRM)
    #expect(DRMSystem.registered.isDRM)
    #expect(DRMSystemRegistry.entries.count == Set(DRMSystemRegistry.entries.map(\.systemID)).count)
  }

  @Test func nagraPRMKeyWithItsPSSHBox() {
    // A CENC playlist with NAGRA PRM beside Widevine, in the layout Bitmovin writes: a
    // urn:uuid KEYFORMAT and the pssh box (NAGRA's opaque JSON data) in a data: URI.
    let drm = DRMInfo(
      method: "SAMPLE-AES-CTR",
      uri:
        "data:text/plain;base64,AAAAbXBzc2gAAAAArbQcJC2/Sm2Vi0RXwNJ7lQAAAE17ImNvbnRlbnRJZCI6ImJpZy1idWNrLWJ1bm55Iiwia2V5SWQiOiI5ZWI0MDUwZC1lNDRiLTQ4MDItOTMyZS0yN2Q3NTA4M2UyNjYifQ==",
      keyFormat: "urn:uuid:adb41c24-2dbf-4a6d-958b-4457c0d27b95", keyID: nil, iv: nil)
    #expect(drm.system == .nagra)
    #expect(drm.registeredName == "Nagra MediaAccess PRM 3.0")
    #expect(drm.pssh?.systemID == "adb41c24-2dbf-4a6d-958b-4457c0d27b95")
    #expect(drm.pssh?.dataSize == 77)
    #expect(drm.problems == [])
    let fairPlay = DRMInfo(
      method: "SAMPLE-AES", uri: "skd://fps.example.com/keys/abc",
      keyFormat: "com.apple.streamingkeydelivery", keyID: nil, iv: nil)
    #expect(fairPlay.registeredName == "Apple FairPlay")
    let aes = DRMInfo(method: "AES-128", uri: "k.key", keyFormat: nil, keyID: nil, iv: nil)
    #expect(aes.registeredName == nil)
  }

  @Test func missingKeyFormatMeansIdentity() {
    #expect(DRMSystem.identify(method: "AES-128", keyFormat: nil, uri: "key.bin") == .aes128)
    #expect(DRMSystem.identify(method: "SAMPLE-AES", keyFormat: nil) == .sampleAES)
    #expect(DRMSystem.identify(method: "SAMPLE-AES-CTR", keyFormat: nil) == .sampleAESCTR)
    #expect(DRMSystem.identify(method: "AES-256", keyFormat: nil) == .unknown)
    #expect(DRMSystem.identify(method: "NONE", keyFormat: nil) == DRMSystem.none)
  }

  @Test func skdURIWithoutKeyFormatIsFairPlay() {
    #expect(
      DRMSystem.identify(method: "SAMPLE-AES", keyFormat: nil, uri: "skd://a1b2") == .fairPlay)
    #expect(
      DRMSystem.identify(method: "SAMPLE-AES", keyFormat: nil, uri: "SKD://a1b2") == .fairPlay)
    // An explicit identity KEYFORMAT wins over the URI's scheme.
    #expect(
      DRMSystem.identify(method: "SAMPLE-AES", keyFormat: "identity", uri: "skd://a1b2")
        == .sampleAES)
  }

  @Test func systemIDsRoundTrip() {
    #expect(DRMSystem(systemID: "94CE86FB-07FF-4F43-ADB8-93D2FA968CA2") == .fairPlay)
    #expect(DRMSystem(systemID: "edef8ba9-79d6-4ace-a3c8-27dcd51d21ed") == .widevine)
    #expect(DRMSystem(systemID: "9a04f079-9840-4286-ab92-e65be0885f95") == .playReady)
    #expect(DRMSystem(systemID: "1077efec-c0b2-4d02-ace3-3c1e52e2fb4b") == .clearKey)
    #expect(DRMSystem(systemID: "00000000-0000-0000-0000-000000000000") == nil)
    for system in DRMSystem.allCases {
      if let id = system.systemID { #expect(DRMSystem(systemID: id) == system) }
    }
    #expect(
      DRMSystem.allCases.filter(\.isDRM) == [
        .fairPlay, .widevine, .playReady, .clearKey, .nagra, .registered,
      ])
  }

  @Test func rawValuesAreTheContractSpellings() {
    #expect(
      DRMSystem.allCases.map(\.rawValue) == [
        "FairPlay", "Widevine", "PlayReady", "ClearKey", "Nagra", "registered", "AES-128",
        "SAMPLE-AES", "SAMPLE-AES-CTR", "none", "unknown",
      ])
  }
}
