import ManifestCore
import Testing

@testable import HLS

@Suite struct PlayReadyObjectTests {
  @Test func header43WithKIDsListAndEscapedLicenseURL() throws {
    let bytes = try Base64.decode(DRMTestVectors.playReadyObject43.utf8)
    #expect(bytes.count == 630)
    let object = try PlayReadyObject(parsing: bytes)
    #expect(object.headerVersion == "4.3.0.0")
    #expect(object.keyIDs == [DRMTestVectors.keyID])
    #expect(
      object.licenseURL == "https://playready.example.com/rightsmanager.asmx?cfg=(ck:1)&tenant=acme"
    )
    let header = try #require(object.header)
    #expect(header.hasPrefix("<WRMHEADER xmlns=\"http://schemas.microsoft.com/DRM/2007/03/"))
    #expect(header.hasSuffix("</DATA></WRMHEADER>"))
  }

  @Test func kidIsConvertedFromLittleEndianGUID() throws {
    // The Microsoft example: GUID 01020304-0506-0708-090A-AABBCCDDEEFF is stored by PlayReady as
    // 04 03 02 01 06 05 08 07 09 0A AA BB CC DD EE FF.
    let stored: [UInt8] = [4, 3, 2, 1, 6, 5, 8, 7, 9, 0x0A, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF]
    let object = try PlayReadyObject(
      parsing: Self.object(
        "<WRMHEADER version=\"4.1.0.0\"><DATA><PROTECTINFO><KID ALGID=\"AESCTR\" VALUE=\""
          + Base64.encode(stored) + "\"></KID></PROTECTINFO></DATA></WRMHEADER>"))
    #expect(object.headerVersion == "4.1.0.0")
    #expect(object.keyIDs == ["0102030405060708090aaabbccddeeff"])
    #expect(object.licenseURL == nil)
  }

  @Test func headerWithSeveralKIDsAndSelfClosingTags() throws {
    let a = Base64.encode([UInt8](repeating: 0x11, count: 16))
    let b = Base64.encode([0x22, 0x22, 0x22, 0x33] + [UInt8](repeating: 0x44, count: 12))
    let object = try PlayReadyObject(
      parsing: Self.object(
        "<WRMHEADER version=\"4.3.0.0\"><DATA><PROTECTINFO><KIDS><KID ALGID=\"AESCBC\" VALUE=\""
          + a + "\" /><KID VALUE='" + b + "' ALGID=\"AESCBC\"/></KIDS></PROTECTINFO>"
          + "<LA_URL>https://lic.example/?a=1&#38;b=&#x32;</LA_URL></DATA></WRMHEADER>"))
    #expect(
      object.keyIDs == ["11111111111111111111111111111111", "33222222444444444444444444444444"])
    #expect(object.licenseURL == "https://lic.example/?a=1&b=2")
  }

  @Test func objectWithoutAHeaderRecord() throws {
    // One record of type 3 (an embedded license store).
    let object = try PlayReadyObject(parsing: [12, 0, 0, 0, 1, 0, 3, 0, 2, 0, 0xAB, 0xCD])
    #expect(object.header == nil)
    #expect(object.headerVersion == nil)
    #expect(object.keyIDs == [])
  }

  @Test func errors() {
    func message(_ bytes: [UInt8]) -> String? {
      do {
        _ = try PlayReadyObject(parsing: bytes)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message([1, 0, 0]) == "PlayReady Object: 3 bytes, shorter than its header")
    #expect(message([7, 0, 0, 0, 1, 0, 1]) == "PlayReady Object ends inside record 1 of 1")
    #expect(
      message([10, 0, 0, 0, 1, 0, 1, 0, 9, 0])
        == "PlayReady Object record 1 needs 9 bytes, 0 left")
    #expect(
      message([6, 1, 0, 0, 0, 0]) == "PlayReady Object length is 262 bytes but 6 were given")
  }

  /// A PlayReady Object holding one header record with `xml` in UTF-16LE.
  static func object(_ xml: String) -> [UInt8] {
    var record: [UInt8] = []
    for unit in xml.utf16 { record += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let length = 10 + record.count
    return [UInt8(length & 0xFF), UInt8(length >> 8 & 0xFF), 0, 0, 1, 0, 1, 0]
      + [UInt8(record.count & 0xFF), UInt8(record.count >> 8)] + record
  }
}
