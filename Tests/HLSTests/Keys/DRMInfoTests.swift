import ManifestCore
import Testing

@testable import HLS

@Suite struct DRMInfoTests {
  private func dataURI(_ base64: String, charset: String? = nil) -> String {
    "data:text/plain;" + (charset.map { "charset=\($0);" } ?? "") + "base64,"
      + base64.filter { $0 != "\n" }
  }

  @Test func fairPlay() {
    let info = DRMInfo(
      method: "SAMPLE-AES", uri: "skd://9eb4050de44b4802932e27d75083e266?iv=8fae",
      keyFormat: "com.apple.streamingkeydelivery", keyID: nil,
      iv: "0x8FAE680D94CF70CC820379F822E70970")
    #expect(info.system == .fairPlay)
    #expect(info.contentID == "9eb4050de44b4802932e27d75083e266")
    #expect(info.skd?.query == "iv=8fae")
    #expect(info.iv == "8fae680d94cf70cc820379f822e70970")
    #expect(info.keyID == nil)
    #expect(info.keyIDs == [])
    #expect(info.dataURI == nil)
    #expect(info.pssh == nil)
    #expect(info.problems == [])
  }

  @Test func widevineDataURIWithPSSHAndKeyID() throws {
    let info = DRMInfo(
      method: "SAMPLE-AES", uri: dataURI(DRMTestVectors.widevineV0),
      keyFormat: "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",
      keyID: "0x9EB4050DE44B4802932E27D75083E266", iv: nil)
    #expect(info.system == .widevine)
    #expect(info.contentID == nil)
    #expect(info.keyID == DRMTestVectors.keyID)
    #expect(info.dataURI?.mediaType == "text/plain")
    #expect(info.dataURI?.bytes.count == 89)
    let pssh = try #require(info.pssh)
    #expect(pssh.systemID == "edef8ba9-79d6-4ace-a3c8-27dcd51d21ed")
    #expect(info.widevine?.protectionScheme == "cbcs")
    #expect(info.keyIDs == [DRMTestVectors.keyID])
    #expect(info.playReadyObject == nil)
    #expect(info.problems == [])
  }

  @Test func playReadyObjectStraightInTheDataURI() throws {
    let info = DRMInfo(
      method: "SAMPLE-AES", uri: dataURI(DRMTestVectors.playReadyObject43, charset: "UTF-16"),
      keyFormat: "com.microsoft.playready", keyID: nil, iv: nil)
    #expect(info.system == .playReady)
    #expect(info.pssh == nil)
    let object = try #require(info.playReadyObject)
    #expect(object.headerVersion == "4.3.0.0")
    #expect(info.keyIDs == [DRMTestVectors.keyID])
    #expect(info.problems == [])
  }

  @Test func playReadyPSSHBoxUnderTheSystemIDKeyFormat() {
    let info = DRMInfo(
      method: "SAMPLE-AES-CTR", uri: dataURI(DRMTestVectors.playReadyPSSH),
      keyFormat: "urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95", keyID: nil, iv: nil)
    #expect(info.system == .playReady)
    #expect(info.pssh?.version == 1)
    #expect(info.playReadyObject?.headerVersion == "4.0.0.0")
    #expect(info.keyIDs == [DRMTestVectors.keyID])
    #expect(info.problems == [])
  }

  @Test func keyIDsFromEverySourceWithoutRepeats() {
    let info = DRMInfo(
      method: "SAMPLE-AES", uri: dataURI(DRMTestVectors.widevineRotated),
      keyFormat: "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed",
      keyID: "0x" + DRMTestVectors.keyID, iv: nil)
    #expect(info.keyIDs == [DRMTestVectors.keyID, DRMTestVectors.rotatedKeyID])
  }

  @Test func pSSHDecidesAnUnknownKeyFormat() {
    let info = DRMInfo(
      method: "SAMPLE-AES", uri: dataURI(DRMTestVectors.widevineV1), keyFormat: "com.example.drm",
      keyID: nil, iv: nil)
    #expect(info.system == .widevine)
    #expect(info.problems == [])
  }

  @Test func clearKeyAndIdentity() {
    let clear = DRMInfo(
      method: "SAMPLE-AES-CTR", uri: "https://keys.example.com/clearkey",
      keyFormat: "org.w3.clearkey",
      keyID: nil, iv: nil)
    #expect(clear.system == .clearKey)
    let aes = DRMInfo(
      method: "AES-128", uri: "https://keys.example.com/k/1", keyFormat: nil, keyID: nil,
      iv: "0x00000000000000000000000000000007")
    #expect(aes.system == .aes128)
    #expect(aes.iv == "00000000000000000000000000000007")
    let none = DRMInfo(method: "NONE", uri: nil, keyFormat: nil, keyID: nil, iv: nil)
    #expect(none.system == DRMSystem.none)
    #expect(none.keyIDs == [])
  }

  @Test func problemsAreReportedNotThrown() {
    let info = DRMInfo(
      method: "SAMPLE-AES", uri: "data:text/plain;base64,AAAAHHBzc2g=",
      keyFormat: "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed", keyID: "0x1234", iv: "0xZZ")
    #expect(info.system == .widevine)
    #expect(info.keyID == nil)
    #expect(info.iv == nil)
    #expect(
      info.problems == [
        "KEYID 0x1234 is not a 128-bit hex value",
        "IV 0xZZ is not a hexadecimal value of at most 128 bits",
        "pssh box size is 28 bytes but 8 were given",
      ])
  }

  @Test func mismatchedSystemIDIsAProblem() {
    let info = DRMInfo(
      method: "SAMPLE-AES", uri: dataURI(DRMTestVectors.widevineV0),
      keyFormat: "com.microsoft.playready", keyID: nil, iv: nil)
    #expect(info.system == .playReady)
    #expect(info.widevine?.keyIDs == [DRMTestVectors.keyID])
    #expect(
      info.problems == [
        "KEYFORMAT names PlayReady but the pssh box's SystemID "
          + "edef8ba9-79d6-4ace-a3c8-27dcd51d21ed is Widevine"
      ])
  }

  @Test func badDataURIAndBadPlayReadyObject() {
    let bad = DRMInfo(
      method: "SAMPLE-AES", uri: "data:text/plain;base64,%%", keyFormat: "com.microsoft.playready",
      keyID: nil, iv: nil)
    #expect(bad.problems == ["data: URI has a '%' not followed by two hex digits"])
    let short = DRMInfo(
      method: "SAMPLE-AES", uri: "data:text/plain;charset=UTF-16;base64,AAAA",
      keyFormat: "com.microsoft.playready", keyID: nil, iv: nil)
    #expect(short.problems == ["PlayReady Object: 3 bytes, shorter than its header"])
  }

  /// Each problem carries the code of what could not be read, as the parsers' errors do.
  @Test func problemsCarryStableCodes() {
    let bad = DRMInfo(
      method: "SAMPLE-AES", uri: "data:text/plain;base64,%%", keyFormat: "com.microsoft.playready",
      keyID: "0x12", iv: "0xZZ")
    #expect(bad.issues.map(\.code) == [.drmKeyID, .drmIV, .drmDataURI])
    #expect(
      bad.issues.map(\.code.rawValue) == ["hls.drm.key-id", "hls.drm.iv", "hls.drm.data-uri"])
    do {
      _ = try PSSHBox(parsing: [0, 0, 0])
      Issue.record("a 3-byte pssh box parsed")
    } catch {
      #expect(error.code == "hls.drm.pssh")
      #expect(error.message == "pssh box: 3 bytes, shorter than a box header")
    }
    do {
      _ = try PlayReadyObject(parsing: [0, 0, 0])
      Issue.record("a 3-byte PlayReady Object parsed")
    } catch {
      #expect(error.code == "hls.drm.playready")
    }
  }
}
