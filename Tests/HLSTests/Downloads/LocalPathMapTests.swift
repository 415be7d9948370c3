import HLS
import Testing

@Suite struct LocalPathMapTests {
  @Test func localPathRule() throws {
    #expect(
      try LocalPathMap.localPath(of: "gear1/./x/../fileSequence0.ts") == "gear1/fileSequence0.ts")
    #expect(
      try LocalPathMap.localPath(of: "https://user@CDN.Example.net:8443/a/c%20d.ts?token=1#t")
        == "cdn.example.net:8443/a/c d.ts")
    #expect(try LocalPathMap.localPath(of: "//cdn.example.net/a.ts") == "cdn.example.net/a.ts")
    #expect(try LocalPathMap.localPath(of: "file:///media/a.ts") == nil)
    #expect(
      throws: LocalPathError("'/media/a.ts' is not relative to the root", code: .localPathEscape)
    ) {
      try LocalPathMap.localPath(of: "/media/a.ts")
    }
    #expect(
      throws: LocalPathError("'a/%2E%2E/../../b.ts' climbs above the root", code: .localPathEscape)
    ) {
      try LocalPathMap.localPath(of: "a/%2E%2E/../../b.ts")
    }
    #expect(
      throws: LocalPathError("'https://cdn.example.net/a/' has no file name", code: .localPathName)
    ) {
      try LocalPathMap.localPath(of: "https://cdn.example.net/a/")
    }
    #expect(
      throws: LocalPathError(
        "'a%0Ab.ts' names a file with a control character", code: .localPathName)
    ) {
      try LocalPathMap.localPath(of: "a%0Ab.ts")
    }
  }

  @Test func referencesBetweenLocalFiles() {
    #expect(
      LocalPathMap.reference(to: "cdn.example.net:8443/v/a b.ts", from: "gear2/prog.m3u8")
        == "../cdn.example.net%3A8443/v/a%20b.ts")
    #expect(LocalPathMap.reference(to: "gear2/a.ts", from: "gear2/prog.m3u8") == "a.ts")
    #expect(LocalPathMap.reference(to: "gear2/a.ts", from: "master.m3u8") == "gear2/a.ts")
    #expect(LocalPathMap.reference(to: "a/b/c.ts", from: "a/d/e/p.m3u8") == "../../b/c.ts")
  }

  @Test func sameFileTwiceIsOneEntryAndAQueryCollisionIsRefused() throws {
    // One segment file read with two byte ranges, and one spelled with a dot segment.
    var list = DownloadList()
    list.resources = [
      DownloadResource(
        uri: "v/main.ts", kind: .segment, byteRange: ByteRange(length: 10, offset: 0)),
      DownloadResource(
        uri: "v/./main.ts", kind: .segment, byteRange: ByteRange(length: 10, offset: 10)),
    ]
    let map = try LocalPathMap(list, playlist: "master.m3u8")
    #expect(map.paths == ["v/main.ts": "v/main.ts", "v/./main.ts": "v/main.ts"])
    list.resources.append(DownloadResource(uri: "v/main.ts?session=2", kind: .segment))
    #expect(
      throws: LocalPathError(
        "'v/main.ts' and 'v/main.ts?session=2' would both be stored as 'v/main.ts'",
        code: .localPathCollision)
    ) { try LocalPathMap(list, playlist: "master.m3u8") }
    list.resources = [DownloadResource(uri: "master.m3u8?v=1", kind: .playlist)]
    #expect(
      throws: LocalPathError(
        "'master.m3u8' and 'master.m3u8?v=1' would both be stored as 'master.m3u8'",
        code: .localPathCollision)
    ) { try LocalPathMap(list, playlist: "master.m3u8") }
  }
}
