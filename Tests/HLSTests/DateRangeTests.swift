import HLS
import ManifestCore
import Testing

@Suite struct DateRangeTests {
  @Test func scte35AndInterstitialDateRanges() throws {
    let p = try Samples.media("media-daterange.m3u8")
    #expect(p.diagnostics.isEmpty)
    #expect(p.dateRanges.count == 3)
    let out = p.dateRanges[0]
    #expect(out.id == "splice-6FFFFFF0")
    #expect(out.startDate?.description == "2025-11-29T20:00:06.000Z")
    #expect(out.plannedDuration == ExactDecimal(30))
    #expect(out.scte35Out?.hasPrefix("0xFC3025") == true)
    #expect(out.segmentIndex == 1)
    #expect(out.line == 8)
    let ad = p.dateRanges[1]
    #expect(ad.isInterstitial)
    #expect(ad.assetList == "https://ads.example.com/pod?break=1")
    #expect(ad.resumeOffset == ExactDecimal(30))
    #expect(ad.snap == ["OUT", "IN"])
    #expect(ad.restrict == ["SKIP", "JUMP"])
    #expect(ad.cueValues == ["ONCE"])
    #expect(
      ad.clientAttributes.map(\.name) == [
        "X-ASSET-LIST", "X-RESUME-OFFSET", "X-SNAP", "X-RESTRICT",
      ])
    let back = p.dateRanges[2]
    #expect(back.endDate?.description == "2025-11-29T20:00:36.000Z")
    #expect(back.duration == ExactDecimal(30))
    #expect(back.scte35In != nil)
    #expect(back.effectiveEndDate == back.endDate)
    #expect(back.segmentIndex == 6)
  }

  @Test func dateRangeErrorsAreReported() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-TARGETDURATION:6
      #EXT-X-DATERANGE:ID="a",START-DATE="2025-11-29T20:00:06Z",END-DATE="2025-11-29T20:00:00Z"
      #EXT-X-DATERANGE:START-DATE="yesterday",END-ON-NEXT=YES
      #EXTINF:6,
      a.ts
      """)
    #expect(
      rendered(p.diagnostics) == [
        "3:1: error: EXT-X-DATERANGE: END-DATE is before START-DATE",
        "4:1: error: EXT-X-DATERANGE: missing required attribute ID",
        "4:1: error: EXT-X-DATERANGE: END-ON-NEXT=YES needs a CLASS",
        "4:30: error: EXT-X-DATERANGE: START-DATE must be a quoted ISO 8601 date-time, got 'yesterday'",
      ])
  }

  /// A live packager closes a SCTE-35 range with a second tag of the same ID that carries only
  /// DURATION and SCTE35-IN; START-DATE is missing only where no earlier tag of the ID gave it.
  @Test func startDateMayComeFromAnEarlierTagWithTheSameID() throws {
    let p = try Playlist.media(
      """
      #EXTM3U
      #EXT-X-VERSION:6
      #EXT-X-TARGETDURATION:6
      #EXT-X-PROGRAM-DATE-TIME:2025-11-30T12:00:00.000Z
      #EXT-X-DATERANGE:ID="splice-91",START-DATE="2025-11-30T12:00:06.000Z",PLANNED-DURATION=12
      #EXTINF:6.000,
      live-1.ts
      #EXTINF:6.000,
      live-2.ts
      #EXT-X-DATERANGE:ID="splice-91",DURATION=12.000
      #EXT-X-DATERANGE:ID="splice-92",DURATION=6.000
      #EXTINF:6.000,
      live-3.ts
      """)
    #expect(
      rendered(p.diagnostics) == [
        "11:1: error: EXT-X-DATERANGE: missing required attribute START-DATE"
      ])
    #expect(p.dateRanges.map(\.id) == ["splice-91", "splice-91", "splice-92"])
    #expect(p.dateRanges[1].startDate == nil)
    #expect(p.dateRanges[1].duration == ExactDecimal(12))
  }
}
