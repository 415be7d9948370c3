import HLS
import Testing

/// `PlaylistDiff` on reloads with tens of thousands of date ranges of one ID: the same
/// inconsistencies as a pair-by-pair comparison, found linearly (pair by pair takes minutes).
@Suite struct LongDiffTests {
  static func media(_ tags: [String]) throws -> MediaPlaylist {
    try Playlist.media(
      "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PROGRAM-DATE-TIME:2025-11-29T00:00:00Z\n"
        + tags.map { "#EXT-X-DATERANGE:ID=\"ad\",START-DATE=\"2025-11-29T00:00:00Z\",\($0)\n" }
        .joined() + "#EXTINF:6,\na.ts\n")
  }

  /// Each tag gives X-N another value: the first new tag already differs from the second old
  /// one, and an ID and name is reported once.
  @Test func oneIDWithManyValuesIsReportedOnce() throws {
    let tags = (0..<20_000).map { "X-N=\"\($0)\"" }
    let diff = PlaylistDiff(old: try Self.media(tags), new: try Self.media(tags))
    #expect(diff.inconsistencies.map(\.message) == ["date range \"ad\" changed X-N from 1 to 0"])
  }

  /// Each tag has an attribute of its own name, changed in the reload: one inconsistency per
  /// name, in the order of the new tags.
  @Test func everyChangedNameIsReportedInOrder() throws {
    let count = 20_000
    let old = try Self.media((0..<count).map { "X-A\($0)=1" })
    let new = try Self.media((0..<count).reversed().map { "X-A\($0)=2,X-A\($0)=3" })
    let messages = PlaylistDiff(old: old, new: new).inconsistencies.map(\.message)
    #expect(messages.count == count)
    #expect(messages.first == "date range \"ad\" changed X-A\(count - 1) from 1 to 2")
    #expect(messages.last == "date range \"ad\" changed X-A0 from 1 to 2")
  }

  /// Within one new tag, reports follow the old tags' order, then the attributes'.
  @Test func reportsOfOneTagFollowTheOldTagsThenTheAttributes() throws {
    let old = try Self.media(["X-B=1", "X-A=1", "X-C=1"])
    let new = try Self.media(["X-C=2,X-A=2,X-B=2,X-A=3"])
    #expect(
      PlaylistDiff(old: old, new: new).inconsistencies.map(\.message) == [
        "date range \"ad\" changed X-B from 1 to 2",
        "date range \"ad\" changed X-A from 1 to 2",
        "date range \"ad\" changed X-C from 1 to 2",
      ])
  }
}
