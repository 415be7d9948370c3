import ManifestCore
import Testing

@testable import HLS

@Suite struct PSSHBoxTests {
  private func box(_ base64: String) throws -> PSSHBox {
    try PSSHBox(parsing: Base64.decode(base64.utf8))
  }

  @Test func widevineVersion0AsShakaPackagerWritesIt() throws {
    let pssh = try box(DRMTestVectors.widevineV0)
    #expect(pssh.version == 0)
    #expect(pssh.flags == 0)
    #expect(pssh.systemID == "edef8ba9-79d6-4ace-a3c8-27dcd51d21ed")
    #expect(pssh.drmSystem == .widevine)
    #expect(pssh.keyIDs == [])
    #expect(pssh.dataSize == 57)
    let data = try WidevinePSSHData(parsing: pssh.data)
    #expect(data.keyIDs == [DRMTestVectors.keyID])
    #expect(data.provider == "widevine_test")
    #expect(data.contentID == Hex.encode(Array("spring-2024-ep01".utf8)))
    #expect(data.protectionScheme == "cbcs")
  }

  @Test func widevineVersion1WithKIDList() throws {
    let pssh = try box(DRMTestVectors.widevineV1)
    #expect(pssh.version == 1)
    #expect(pssh.keyIDs == [DRMTestVectors.keyID])
    #expect(pssh.dataSize == 24)
    let data = try WidevinePSSHData(parsing: pssh.data)
    #expect(data.keyIDs == [DRMTestVectors.keyID])
    #expect(data.provider == nil)
    #expect(data.contentID == nil)
    #expect(data.protectionScheme == "cenc")
  }

  @Test func playReadyVersion1HoldsAPlayReadyObject() throws {
    let pssh = try box(DRMTestVectors.playReadyPSSH)
    #expect(pssh.version == 1)
    #expect(pssh.systemID == "9a04f079-9840-4286-ab92-e65be0885f95")
    #expect(pssh.drmSystem == .playReady)
    #expect(pssh.keyIDs == [DRMTestVectors.keyID])
    #expect(pssh.dataSize == 568)
    let object = try PlayReadyObject(parsing: pssh.data)
    #expect(object.headerVersion == "4.0.0.0")
    #expect(object.keyIDs == [DRMTestVectors.keyID])
    #expect(object.licenseURL == "https://pr.example.net/rightsmanager.asmx")
  }

  @Test func fairPlayVersion1WithoutData() throws {
    let pssh = try box(DRMTestVectors.fairPlayPSSH)
    #expect(pssh.systemID == "94ce86fb-07ff-4f43-adb8-93d2fa968ca2")
    #expect(pssh.drmSystem == .fairPlay)
    #expect(pssh.keyIDs == [DRMTestVectors.keyID])
    #expect(pssh.dataSize == 0)
  }

  @Test func sizeZeroAndLargeSize() throws {
    var bytes = try Base64.decode(DRMTestVectors.fairPlayPSSH.utf8)
    bytes[0...3] = [0, 0, 0, 0]
    #expect(try PSSHBox(parsing: bytes).keyIDs == [DRMTestVectors.keyID])
    var large: [UInt8] = [0, 0, 0, 1] + Array("pssh".utf8) + [0, 0, 0, 0, 0, 0, 0, 60]
    large += bytes[8...]
    #expect(try PSSHBox(parsing: large).drmSystem == .fairPlay)
  }

  @Test func unknownSystem() throws {
    let bytes: [UInt8] =
      [0, 0, 0, 32] + Array("pssh".utf8) + [0, 0, 0, 0] + [UInt8](repeating: 0x11, count: 16)
      + [0, 0, 0, 0]
    let pssh = try PSSHBox(parsing: bytes)
    #expect(pssh.systemID == "11111111-1111-1111-1111-111111111111")
    #expect(pssh.drmSystem == .unknown)
  }

  @Test func errors() throws {
    let good = try Base64.decode(DRMTestVectors.widevineV1.utf8)
    func message(_ bytes: [UInt8]) -> String? {
      do {
        _ = try PSSHBox(parsing: bytes)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message([0, 0, 0]) == "pssh box: 3 bytes, shorter than a box header")
    #expect(message([0, 0, 0, 8] + Array("moov".utf8)) == "box type is 'moov', not 'pssh'")
    #expect(message(Array(good.dropLast())) == "pssh box size is 76 bytes but 75 were given")
    #expect(
      message([0, 0, 0, 20] + Array("pssh".utf8) + [UInt8](repeating: 0, count: 12))
        == "pssh box: 20 bytes, too short for version, flags and SystemID")
    var kidCount = good
    kidCount[31] = 9
    #expect(message(kidCount) == "pssh box KID_count 9 needs 144 bytes, 44 left")
    var dataSize = good
    dataSize[51] = 30
    #expect(message(dataSize) == "pssh box DataSize is 30 bytes but 24 remain")
    #expect(
      message([0, 0, 0, 1] + Array("pssh".utf8) + [0, 0, 0])
        == "pssh box: 11 bytes, too short for its 64-bit size")
  }

  @Test func widevineDataErrors() {
    #expect(
      throws: WidevinePSSHData.ParseError(message: "Widevine PSSH data: varint runs past the end")
    ) {
      try WidevinePSSHData(parsing: [0x48, 0xF3])
    }
    #expect(
      throws: WidevinePSSHData.ParseError(
        message: "Widevine PSSH data: field 2 needs 16 bytes, 3 left")
    ) { try WidevinePSSHData(parsing: [0x12, 0x10, 1, 2, 3]) }
    #expect(
      throws: WidevinePSSHData.ParseError(message: "Widevine PSSH data: field 1 has wire type 3")
    ) { try WidevinePSSHData(parsing: [0x0B]) }
  }
}
