import Testing

/// Playlists named inside a playlist are read only when they are regular files: a multivariant
/// playlist listing `/dev/zero` made `audit --follow` and `keys --follow` read forever.
@Suite struct NamedFileTests {
  static let devZero = """
    #EXTM3U
    #EXT-X-STREAM-INF:BANDWIDTH=1000000,CODECS="mp4a.40.2"
    /dev/zero

    """

  @Test func auditFollowRefusesADeviceNamedByThePlaylist() {
    let (status, output, error) = m3u8(
      ["audit", "--follow", "master.m3u8"], files: ["master.m3u8": Self.devZero])
    #expect(status == 2)
    #expect(output == "")
    #expect(
      error == "master.m3u8:3:1: error: cannot read /dev/zero: is not a regular file [io.read]\n")
  }

  @Test func keysFollowRefusesADeviceNamedByThePlaylist() {
    let (status, output, error) = m3u8(
      ["keys", "--follow", "master.m3u8"], files: ["master.m3u8": Self.devZero])
    #expect(status == 0)
    #expect(output == "no keys\n")
    #expect(
      error
        == "master.m3u8:3:1: warning: cannot read /dev/zero: is not a regular file [hls.follow.unreadable]\n"
    )
  }
}
