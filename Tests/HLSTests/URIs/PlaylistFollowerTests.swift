import ManifestCore
import Testing

@testable import HLS

/// Serves playlists from a dictionary, as files: a location's query names the same file
/// (its identity is the path without it). Records every read.
final class FileLikeLoader: PlaylistLoader, @unchecked Sendable {
  let files: [String: [UInt8]]
  private(set) var reads: [String] = []

  init(_ files: [String: String]) { self.files = files.mapValues { Array($0.utf8) } }

  func identity(of location: String) -> String {
    String(location.prefix { $0 != "?" && $0 != "#" })
  }

  func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8] {
    reads.append(location)
    guard let bytes = files[identity(of: location)] else {
      throw PlaylistLoadError(location: location, reason: "not in the test's files")
    }
    return bytes
  }
}

/// Following the playlists a multivariant playlist names reads each file once however often it
/// is named, and stops at the playlists and followed-bytes limits.
@Suite struct PlaylistFollowerTests {
  /// A multivariant playlist whose `count` variants are all `uri?v=N`.
  static func master(_ count: Int, uri: String = "big.m3u8") -> String {
    var text = "#EXTM3U\n"
    for n in 0..<count { text += "#EXT-X-STREAM-INF:BANDWIDTH=\(1000 + n)\n\(uri)?v=\(n)\n" }
    return text
  }

  static let media = """
    #EXTM3U
    #EXT-X-TARGETDURATION:4
    #EXT-X-KEY:METHOD=AES-128,URI="k.key"
    #EXTINF:4,
    a.ts

    """

  /// `media` with `comments` comment lines: a playlist that is slow to parse 1,000 times.
  static func largeMedia(comments: Int) -> String {
    media + String(repeating: "#c\n", count: comments)
  }

  static func multivariant(_ text: String) throws -> MultivariantPlaylist {
    try #require(try Playlist.parse(text).multivariant)
  }

  @Test func keysReadAFileNamedByAThousandVariantsOnce() throws {
    let loader = FileLikeLoader(["big.m3u8": Self.largeMedia(comments: 20_000)])
    let report = try Self.multivariant(Self.master(1000)).keys(
      followingWith: loader, location: nil)
    #expect(loader.reads == ["big.m3u8?v=0"])
    #expect(report.limitError == nil)
    #expect(report.diagnostics == [])
    #expect(report.keys.count == 1000)
    #expect(report.keys.last?.playlist == "big.m3u8?v=999")
  }

  @Test func downloadListReadsAFileNamedByAThousandVariantsOnce() throws {
    let loader = FileLikeLoader(["big.m3u8": Self.largeMedia(comments: 20_000)])
    let list = try Self.multivariant(Self.master(1000)).downloadList(
      selecting: VariantFilter(), followingWith: loader, location: nil)
    #expect(loader.reads == ["big.m3u8?v=0"])
    #expect(list.limitError == nil)
    // 1,000 playlists, then the key and the segment once (resolved, they are the same URIs).
    #expect(list.resources.count == 1002)
    #expect(list.resources[1] == DownloadResource(uri: "k.key", kind: .key))
  }

  @Test func aURIThatResolvesToTheBaseIsListedForEachReference() throws {
    // URI="#k" is in the playlist's own URL, query included: each reference lists its own.
    let media = Self.media.replacingOccurrences(of: "URI=\"k.key\"", with: "URI=\"#k\"")
    let loader = FileLikeLoader(["big.m3u8": media])
    let list = try Self.multivariant(Self.master(2)).downloadList(
      selecting: VariantFilter(), followingWith: loader, location: nil)
    #expect(loader.reads == ["big.m3u8?v=0"])
    #expect(
      list.resources.map(\.uri) == [
        "big.m3u8?v=0", "big.m3u8?v=0#k", "a.ts", "big.m3u8?v=1", "big.m3u8?v=1#k",
      ])
  }

  @Test func aFileThatCannotBeReadIsTriedOnce() throws {
    let loader = FileLikeLoader([:])
    let report = try Self.multivariant(Self.master(3)).keys(followingWith: loader, location: nil)
    #expect(loader.reads == ["big.m3u8?v=0"])
    #expect(
      report.diagnostics.map(\.diagnostic.message) == [
        "cannot read big.m3u8?v=0: not in the test's files",
        "cannot read big.m3u8?v=1: not in the test's files",
        "cannot read big.m3u8?v=2: not in the test's files",
      ])
  }

  @Test func followingStopsAtThePlaylistsLimit() throws {
    let loader = FileLikeLoader(["big.m3u8": Self.media])
    var limits = Limits()
    limits.playlists = 3
    let report = try Self.multivariant(Self.master(5)).keys(
      followingWith: loader, location: nil, limits: limits)
    let error = try #require(report.limitError)
    #expect(error.code == "limit.playlists")
    #expect(
      error.message
        == "'big.m3u8?v=3' is one playlist more than may be followed (limit playlists=3) "
        + "[limit.playlists]")
    #expect(error.location.line == 9)
    #expect(report.keys.count == 3)
  }

  @Test func followedBytesCountEveryReferenceToAFile() throws {
    let loader = FileLikeLoader(["big.m3u8": Self.media])
    let size = Self.media.utf8.count
    var limits = Limits()
    limits.followedBytes = 2 * size + size / 2
    let list = try Self.multivariant(Self.master(4)).downloadList(
      selecting: VariantFilter(), followingWith: loader, location: nil, limits: limits)
    let error = try #require(list.limitError)
    #expect(error.code == "limit.followed-bytes")
    #expect(
      error.message
        == "the playlists followed up to 'big.m3u8?v=2' are \(3 * size) bytes "
        + "(limit followed-bytes=\(limits.followedBytes)) [limit.followed-bytes]")
    #expect(error.location.line == 7)
    #expect(loader.reads == ["big.m3u8?v=0"])
  }

  @Test func aLoaderLimitStopsFollowingAsAnError() throws {
    struct TooLarge: PlaylistLoader {
      func bytes(at location: String) throws(PlaylistLoadError) -> [UInt8] {
        throw PlaylistLoadError(
          location: location, reason: "larger than 10 bytes", code: "limit.input-bytes")
      }
    }
    let report = try Self.multivariant(Self.master(2)).keys(
      followingWith: TooLarge(), location: nil)
    let error = try #require(report.limitError)
    #expect(error.code == "limit.input-bytes")
    #expect(error.message == "cannot read big.m3u8?v=0: larger than 10 bytes [limit.input-bytes]")
    #expect(error.location.line == 3)
    #expect(report.diagnostics == [])
  }

  @Test func aPlaylistReadingItsURLQueryIsParsedForEachURL() throws {
    let media = """
      #EXTM3U
      #EXT-X-DEFINE:QUERYPARAM="v"
      #EXT-X-TARGETDURATION:4
      #EXT-X-KEY:METHOD=AES-128,URI="k{$v}.key"
      #EXTINF:4,
      a.ts

      """
    let loader = FileLikeLoader(["big.m3u8": media])
    let report = try Self.multivariant(Self.master(3)).keys(followingWith: loader, location: nil)
    #expect(loader.reads == ["big.m3u8?v=0"])
    #expect(report.keys.map(\.key.uri) == ["k0.key", "k1.key", "k2.key"])
  }

  @Test func importedVariablesReachEveryReuse() throws {
    let media = """
      #EXTM3U
      #EXT-X-DEFINE:IMPORT="host"
      #EXT-X-TARGETDURATION:4
      #EXT-X-KEY:METHOD=AES-128,URI="https://{$host}/k.key"
      #EXTINF:4,
      a.ts

      """
    let master =
      "#EXTM3U\n#EXT-X-DEFINE:NAME=\"host\",VALUE=\"keys.example\"\n"
      + Self.master(2).dropFirst("#EXTM3U\n".count)
    let loader = FileLikeLoader(["big.m3u8": media])
    let report = try Self.multivariant(master).keys(followingWith: loader, location: nil)
    #expect(loader.reads == ["big.m3u8?v=0"])
    #expect(
      report.keys.map(\.key.uri) == ["https://keys.example/k.key", "https://keys.example/k.key"])
  }
}
