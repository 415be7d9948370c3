import ManifestCore
import Testing

@testable import HLS

/// EXT-X-DEFINE substitution is bounded: one value at most `defineValueBytes` once
/// substituted, and at most `defineTotalBytes` added to a playlist (a 100 KB value used 20,000
/// times made 2 GB of JSON from 182 KB).
@Suite struct SubstitutionLimitTests {
  static func limits(value: Int = 1 << 20, total: Int = 64 << 20) -> ParseOptions {
    var options = ParseOptions()
    options.limits.defineValueBytes = value
    options.limits.defineTotalBytes = total
    return options
  }

  @Test func aLongValueUsedTwentyThousandTimesIsRefusedAtTheDefaultLimit() throws {
    var text = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n"
    text += "#EXT-X-DEFINE:NAME=\"v\",VALUE=\"" + String(repeating: "a", count: 100_000) + "\"\n"
    text += String(repeating: "#EXTINF:4,\n{$v}\n", count: 20_000)
    let error = try #require(throws: ParseError.self) { try Playlist.parse(text) }
    // Each use adds 99,996 bytes: the 672nd (line 1347) goes over 64 MiB.
    #expect(error.code == "limit.define-total-bytes")
    #expect(
      error.message
        == "EXT-X-DEFINE substitution has added 67197312 bytes to the playlist by this line "
        + "(limit define-total-bytes=67108864) [limit.define-total-bytes]")
    #expect(error.location.line == 1347)
    #expect(error.location.column == 1)
  }

  @Test func aValueLongerThanTheLimitOnceSubstitutedIsRefused() throws {
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-DEFINE:NAME="v",VALUE="0123456789"
      #EXTINF:4,
      {$v}{$v}.ts
      #EXTINF:4,
      {$v}{$v}{$v}.ts

      """
    let error = try #require(throws: ParseError.self) {
      try Playlist.parse(text, options: Self.limits(value: 25))
    }
    #expect(
      error.message
        == "a value is 33 bytes after EXT-X-DEFINE substitution (limit define-value-bytes=25) "
        + "[limit.define-value-bytes]")
    #expect(error.code == "limit.define-value-bytes")
    #expect(error.location.line == 7)
  }

  @Test func quotedValuesOfTagsAreCountedOneByOne() throws {
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-DEFINE:NAME="v",VALUE="0123456789"
      #EXT-X-KEY:METHOD=AES-128,URI="{$v}{$v}",IV=0x00000000000000000000000000000001,KEYFORMAT="{$v}{$v}{$v}"
      #EXTINF:4,
      a.ts

      """
    // Each value alone is within 30 bytes; the line as a whole is not.
    let playlist = try #require(
      try Playlist.parse(text, options: Self.limits(value: 30)).media)
    #expect(playlist.segments[0].keys[0].uri == "01234567890123456789")
    let error = try #require(throws: ParseError.self) {
      try Playlist.parse(text, options: Self.limits(value: 25))
    }
    #expect(error.location.line == 4)
    #expect(error.location.column == 91)
    #expect(error.message.hasPrefix("a value is 30 bytes after EXT-X-DEFINE substitution"))
  }

  @Test func theTotalCountsBytesAddedAcrossThePlaylist() throws {
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-DEFINE:NAME="v",VALUE="0123456789"
      #EXTINF:4,
      {$v}.ts
      #EXTINF:4,
      {$v}.ts
      #EXTINF:4,
      {$v}.ts

      """
    // 6 bytes added per use: 18 in all.
    #expect(throws: Never.self) { try Playlist.parse(text, options: Self.limits(total: 18)) }
    let error = try #require(throws: ParseError.self) {
      try Playlist.parse(text, options: Self.limits(total: 17))
    }
    #expect(
      error.message
        == "EXT-X-DEFINE substitution has added 18 bytes to the playlist by this line "
        + "(limit define-total-bytes=17) [limit.define-total-bytes]")
    #expect(error.location.line == 9)
  }

  @Test func importedAndQueryValuesAreBoundedToo() throws {
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-DEFINE:IMPORT="a"
      #EXT-X-DEFINE:QUERYPARAM="q"
      #EXTINF:4,
      {$a}/{$q}.ts

      """
    var options = Self.limits(value: 21)
    options.importedVariables = ["a": "0123456789"]
    options.url = "https://h/p.m3u8?q=0123456"
    let playlist = try #require(try Playlist.parse(text, options: options).media)
    #expect(playlist.segments[0].uri == "0123456789/0123456.ts")
    options.url = "https://h/p.m3u8?q=01234567"
    let error = try #require(throws: ParseError.self) { try Playlist.parse(text, options: options) }
    #expect(error.code == "limit.define-value-bytes")
    #expect(error.location.line == 6)
  }

  @Test func referencesInDefinitionsCommentsAndUnknownTagsAreNotSubstitutedOrCounted() throws {
    let text = """
      #EXTM3U
      #EXT-X-TARGETDURATION:4
      #EXT-X-DEFINE:NAME="v",VALUE="0123456789"
      #EXT-X-DEFINE:NAME="w",VALUE="{$v}{$v}{$v}"
      # {$v}{$v}{$v}
      #EXT-X-UNKNOWN:X="{$v}{$v}{$v}"
      #EXTINF:4,
      a.ts

      """
    #expect(throws: Never.self) {
      try Playlist.parse(text, options: Self.limits(value: 5, total: 0))
    }
  }
}
