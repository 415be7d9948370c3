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
    ("AES-128", "com.example.vendor", .unknown),
    ("NONE", "com.apple.streamingkeydelivery", DRMSystem.none),
  ])
  func identifiesFromMethodAndKeyFormat(method: String, keyFormat: String, expected: DRMSystem) {
    #expect(DRMSystem.identify(method: method, keyFormat: keyFormat) == expected)
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
    #expect(DRMSystem.allCases.filter(\.isDRM) == [.fairPlay, .widevine, .playReady, .clearKey])
  }

  @Test func rawValuesAreTheContractSpellings() {
    #expect(
      DRMSystem.allCases.map(\.rawValue) == [
        "FairPlay", "Widevine", "PlayReady", "ClearKey", "AES-128", "SAMPLE-AES",
        "SAMPLE-AES-CTR", "none", "unknown",
      ])
  }
}
