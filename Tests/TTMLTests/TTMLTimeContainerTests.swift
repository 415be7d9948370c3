import ManifestCore
import Testing

@testable import Subtitles
@testable import TTML

/// TTML2 §12 timing (`par` and `seq` time containers, implicit durations, `begin`/`dur`/`end`)
/// on documents written from the descriptions of the W3C imsc-tests `imsc1/ttml/timing` cases
/// (named in each test; the XML is ours) and on the rules the cases exercise.
@Suite struct TTMLTimeContainerTests {
  private func read(_ body: String, parameters: String = "", bodyAttributes: String = "")
    throws(ParseError) -> SubtitleDocument
  {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      \(parameters) xml:lang="en">
      <head/><body\(bodyAttributes)>\(body)</body>
      </tt>
      """
    return try TTMLReader.read(Array(text.utf8))
  }

  private func cues(_ document: SubtitleDocument) -> [[String]] {
    document.cues.map { ["\($0.start)", "\($0.end)", $0.plainText] }
  }

  /// imsc-tests MediaSeqTiming003 ("implicit duration for anonymous spans in seq container is
  /// 0"): text directly in a `seq` paragraph must not appear; the second `seq` div begins when
  /// the first ends (20 s: 5 s + 5 s, then 5 s + 5 s), so its paragraphs show at 25–30 s and
  /// 35–40 s. The hidden text was shown as two cues.
  @Test func mediaSeqTiming003TextInASeqParagraphMustNotAppear() throws {
    let document = try read(
      """
      <div timeContainer="seq" dur="40s">
        <div timeContainer="seq">
          <p begin="00:00:05:00" dur="5s" timeContainer="seq">must not appear</p>
          <p begin="5s" dur="00:00:05:00" timeContainer="seq"> must not appear either</p>
        </div>
        <div timeContainer="seq" dur="20s">
          <p begin="00:00:05:00" dur="5s">appears at 25 s<br/>until 30 s</p>
          <p begin="5s" dur="00:00:05:00">appears at 35 s<br/>until 40 s</p>
        </div>
      </div>
      """, parameters: #"ttp:frameRate="24""#, bodyAttributes: #" timeContainer="par""#)
    #expect(
      cues(document) == [
        ["25", "30", "appears at 25 s\nuntil 30 s"], ["35", "40", "appears at 35 s\nuntil 40 s"],
      ])
    let warning =
      "text directly inside an element with timeContainer=\"seq\" has no duration and is "
      + "never shown"
    #expect(document.diagnostics.map(\.message) == [warning, warning])
    #expect(document.diagnostics.map(\.location.line) == [5, 6])
  }

  /// imsc-tests BasicTiming005: one paragraph (`begin="0s" dur="00:00:15:00"` at 24 fps) in a
  /// `seq` div shows from 0 to 15 s.
  @Test func basicTiming005ParagraphInASeqDiv() throws {
    let document = try read(
      """
      <div timeContainer="seq">
        <p begin="0s" dur="00:00:15:00">shows from 0 to 15 seconds</p>
      </div>
      """, parameters: #"ttp:frameRate="24""#, bodyAttributes: #" timeContainer="par""#)
    #expect(cues(document) == [["0", "15", "shows from 0 to 15 seconds"]])
    #expect(document.diagnostics.isEmpty)
  }

  /// imsc-tests BasicTiming010 ("basic time expressions on span", 30 fps): in a paragraph from
  /// 10 s for 30 s, a span with `end="0.004h"` shows 10–24.4 s and one with `begin="0.25m"
  /// dur="300f"` shows 25–35 s; the line break between them shows nothing on its own (each
  /// piece keeps it, as the roll-up pieces of `TTMLConformanceTests` do).
  @Test func basicTiming010SpanTimesAreRelativeToTheParagraph() throws {
    let document = try read(
      """
      <div timeContainer="par">
        <p begin="10000ms" dur="00:00:30:00">
          <span end="0.004h">from 10 s to 24.4 s</span>
          <br/>
          <span begin="0.25m" dur="300f">from 25 s to 35 s</span>
        </p>
      </div>
      """, parameters: #"ttp:frameRate="30""#, bodyAttributes: #" timeContainer="par""#)
    #expect(
      cues(document) == [
        ["10", "24.4", "from 10 s to 24.4 s\n"], ["25", "35", "\nfrom 25 s to 35 s"],
      ])
    #expect(document.diagnostics.isEmpty)
  }

  /// imsc-tests BasicTiming011 (roll-up: one word at a time over four lines). The suite leaves
  /// the paragraph's end to the end of the media; here the div lasts 4 s, as a player's media
  /// would. Spans that add only line breaks after the last word (2.625 s, 2.8125 s, 3 s) change
  /// nothing visible, so the last interval is one cue, not four.
  @Test func basicTiming011RollUpKeepsOneIntervalWhole() throws {
    let document = try read(
      """
      <div timeContainer="par" dur="4s">
        <p timeContainer="par">
          <span begin="0.75s">appear </span>
          <span begin="1.5s"><br/>a </span>
          <span begin="2.4375s">lines<br/></span>
          <span begin="2.625s"><br/></span>
          <span begin="2.8125s"><br/></span>
          <span begin="3s"><br/></span>
        </p>
      </div>
      """, bodyAttributes: #" timeContainer="par""#)
    #expect(
      cues(document) == [
        ["0.75", "1.5", "appear"], ["1.5", "2.4375", "appear\na"],
        ["2.4375", "4", "appear\na lines\n"],
      ])
    #expect(document.diagnostics.isEmpty)
  }

  /// imsc-tests BasicTiming012 (crawl): spans of preserved spaces after the last word change
  /// nothing visible once trailing spaces go, so they do not split the last interval.
  @Test func basicTiming012CrawlKeepsOneIntervalWhole() throws {
    let document = try read(
      """
      <div timeContainer="par" dur="4s">
        <p timeContainer="par">
          <span begin="2.0625s">to </span>
          <span begin="2.25s">left </span>
          <span begin="2.4375s" xml:space="preserve">        </span>
          <span begin="2.625s" xml:space="preserve">         </span>
        </p>
      </div>
      """, bodyAttributes: #" timeContainer="par""#)
    #expect(cues(document) == [["2.0625", "2.25", "to"], ["2.25", "4", "to left"]])
    #expect(document.diagnostics.isEmpty)
  }

  /// TTML2 §12.1.1 (`end` is relative to the same sync base as `begin`) and §12.4 (with both
  /// `dur` and `end`, the active end is the earlier of begin + dur and end), in a `par` div
  /// that begins at 10 s.
  @Test func parChildrenAreTimedFromTheParentsBegin() throws {
    let document = try read(
      """
      <div begin="10s">
        <p begin="2s" end="5s">12 to 15</p>
        <p begin="1s" dur="2s" end="5s">11 to 13</p>
        <p begin="1s" dur="5s" end="3s">11 to 13 again</p>
      </div>
      """)
    #expect(
      cues(document) == [
        ["12", "15", "12 to 15"], ["11", "13", "11 to 13"], ["11", "13", "11 to 13 again"],
      ])
    #expect(document.diagnostics.isEmpty)
  }

  /// TTML2 §12.4: an interval is clipped to its parent's; content whose interval is then empty
  /// is not shown, and untimed content lasts as long as its parent.
  @Test func intervalsAreClippedToTheParent() throws {
    let document = try read(
      """
      <div begin="2s" end="6s">
        <p>the div's time</p>
        <p begin="1s" end="9s">cut at 6 s</p>
        <p begin="5s" end="9s">never shown</p>
      </div>
      """)
    #expect(cues(document) == [["2", "6", "the div's time"], ["3", "6", "cut at 6 s"]])
    #expect(document.diagnostics.isEmpty)
  }

  /// TTML2 §12.4: in a `seq` container each child begins at the previous one's end (`begin`
  /// and `end` both count from there); a `seq` div's implicit duration is the sum of its
  /// children's, a `par` div's the latest end of its children.
  @Test func seqChildrenFollowEachOther() throws {
    let document = try read(
      """
      <div timeContainer="seq" begin="10s">
        <p dur="2s">10 to 12</p>
        <p begin="1s" dur="2s">13 to 15</p>
        <p end="3s">15 to 18</p>
        <div timeContainer="par">
          <p dur="3s">18 to 21</p>
          <p begin="1s" end="5s">19 to 23</p>
        </div>
        <div timeContainer="seq">
          <p dur="1s">23 to 24</p>
          <p dur="1s">24 to 25</p>
        </div>
        <p dur="1s">25 to 26</p>
      </div>
      """)
    #expect(
      cues(document) == [
        ["10", "12", "10 to 12"], ["13", "15", "13 to 15"], ["15", "18", "15 to 18"],
        ["18", "21", "18 to 21"], ["19", "23", "19 to 23"], ["23", "24", "23 to 24"],
        ["24", "25", "24 to 25"], ["25", "26", "25 to 26"],
      ])
    #expect(document.diagnostics.isEmpty)
  }

  /// Spans in a `seq` paragraph follow each other; the paragraph's own text is not shown.
  @Test func seqParagraphShowsOnlyItsSpans() throws {
    let document = try read(
      """
      <div><p begin="1s" dur="4s" timeContainer="seq">hidden <span dur="1s">a</span>\
      <span dur="2s">b</span></p></div>
      """)
    #expect(cues(document) == [["1", "2", "a"], ["2", "4", "b"]])
    #expect(document.diagnostics.map(\.location.line) == [3])
  }

  /// ttml1 testsuite "Third Edition" AnonymousSpanImplicitDuration, PlainSpanImplicitDuration
  /// and BrImplicitDuration (TTML1 §10.4): in a `seq` paragraph, text, a span holding only
  /// text and a line break have no duration, so none of them is displayed, while the same
  /// content in a `par` paragraph shows for its 0–1 s. A span with an element child is not
  /// "only text": its content lasts as long as the paragraph.
  @Test func ttml1ImplicitDurationsInSeqParagraphs() throws {
    let document = try read(
      """
      <div>
        <p begin="0s" end="1s" timeContainer="seq">not displayed</p>
        <p begin="0s" end="1s">displayed</p>
        <p begin="0s" end="1s" timeContainer="seq"><span>no span text displayed</span></p>
        <p begin="0s" end="1s"><span>span text displayed</span></p>
        <p begin="0s" end="1s" timeContainer="seq">no line break<br/>displayed</p>
        <p begin="0s" end="1s">a line break<br/>displayed</p>
        <p begin="0s" end="2s" timeContainer="seq"><span><span>nested</span></span></p>
      </div>
      """)
    #expect(
      cues(document) == [
        ["0", "1", "displayed"], ["0", "1", "span text displayed"],
        ["0", "1", "a line break\ndisplayed"], ["0", "2", "nested"],
      ])
    #expect(document.diagnostics.map(\.location.line) == [4, 8])
  }

  /// TTML2 §12.4 (SMIL sequential semantics): a child of a `seq` container begins when the one
  /// before it ends, so after a paragraph with an indefinite end nothing more begins. The later
  /// paragraphs began at the div's begin, on top of the first one.
  @Test func nothingBeginsAfterAnIndefiniteSeqChild() throws {
    let document = try read(
      """
      <div timeContainer="seq" begin="1s" end="9s">
        <p dur="2s">1 to 3</p>
        <p>3 to the div's end</p>
        <p dur="2s">never shown</p>
        <div><p><span dur="1s">never shown either</span></p></div>
      </div>
      """)
    #expect(cues(document) == [["1", "3", "1 to 3"], ["3", "9", "3 to the div's end"]])
    #expect(document.diagnostics.isEmpty)
  }
}
