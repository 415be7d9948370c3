import ManifestCore
import Testing

@testable import Subtitles
@testable import TTML

/// One case of the W3C imsc-tests `imsc1/ttml/timing` folder (most of them the TTML1 test
/// suite's 2008 timing cases), of its `region-timing` document or of the w3c/ttml1 testsuite
/// "Third Edition" implicit duration cases: the markup shape of the case with our own text
/// (which says what the case's description and reference renderings expect), and the cues that
/// expectation makes.
struct TTMLTimingSuiteCase: Sendable, CustomTestStringConvertible {
  let name: String
  /// Attributes on `tt`.
  var parameters = ""
  /// The content of `head`.
  var head = ""
  /// The `body` element.
  let body: String
  /// Each cue's begin, end and plain text.
  let cues: [[String]]
  /// The codes of the diagnostics, in order.
  var codes: [String] = []

  var testDescription: String { name }

  func read() throws(ParseError) -> SubtitleDocument {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \
      xmlns:tts="http://www.w3.org/ns/ttml#styling" \(parameters) xml:lang="en">
      <head>\(head)</head>
      \(body)
      </tt>
      """
    return try TTMLReader.read(Array(text.utf8))
  }
}

/// The whole timing part of the W3C imsc-tests suite (`imsc1/ttml/timing`, which carries the
/// TTML1 test suite's BasicTiming, BeginEnd, MediaParTiming and MediaSeqTiming cases, and
/// `region/region-timing`) and the timing cases of the w3c/ttml1 testsuite "Third Edition"
/// folder (TTML1 §10.4 implicit durations), each case written again from its description, with
/// the cue intervals its description and its reference renderings (`imsc1/png/<case>/<time>.png`,
/// one per change of what is shown) give. TTML2 §12 decides every interval. A paragraph whose
/// end is indefinite lasts to the document's end, which a player takes from the media and which
/// is here the latest time the document gives (docs/subtitles.md); one that begins at that time
/// lasts no time, with `ttml.p.no-end`.
@Suite struct TTMLTimingSuiteTests {
  static let textInSequence = SubtitleDiagnosticCode.ttmlTextInSequence.rawValue

  static let cases: [TTMLTimingSuiteCase] = [
    TTMLTimingSuiteCase(
      name: "BasicTimeContainment001 (par containment: spans of 5 s and 10 s)",
      body: """
        <body>
          <div timeContainer="par" dur="10s">
            <p timeContainer="par">
              <span dur="5s">first, 0 to 5 s.</span>
              <span dur="10s">second, 0 to 10 s</span>
            </p>
          </div>
        </body>
        """,
      cues: [["0", "5", "first, 0 to 5 s. second, 0 to 10 s"], ["5", "10", "second, 0 to 10 s"]]),
    TTMLTimingSuiteCase(
      name: "BasicTimeContainment002 (a par paragraph, then another, in a seq div)",
      body: """
        <body>
          <div timeContainer="seq" dur="20s">
            <p timeContainer="par" dur="10s">
              <span dur="5s">first, 0 to 5 s.</span>
              <span dur="10s">second, 0 to 10 s</span>
            </p>
            <p dur="10s">third, 10 to 20 s</p>
          </div>
        </body>
        """,
      cues: [
        ["0", "5", "first, 0 to 5 s. second, 0 to 10 s"], ["5", "10", "second, 0 to 10 s"],
        ["10", "20", "third, 10 to 20 s"],
      ]),
    TTMLTimingSuiteCase(
      name: "BasicTimeContainment003 (begin after the parent ends, seq)",
      body: """
        <body>
          <div timeContainer="seq" dur="10s">
            <p timeContainer="par" dur="10s">
              <span begin="5s" dur="5s">5 to 10 s</span>
              <span begin="10s" dur="5s">must not appear</span>
            </p>
            <p dur="10s">must not appear either</p>
          </div>
        </body>
        """,
      cues: [["5", "10", "5 to 10 s"]]),
    TTMLTimingSuiteCase(
      name: "BasicTimeContainment004 (begin after the parent ends, par)",
      body: """
        <body>
          <div timeContainer="par" dur="10s">
            <p timeContainer="par" dur="10s">
              <span begin="5s" dur="5s">5 to 10 s</span>
              <span begin="10s" dur="5s">must not appear</span>
            </p>
            <p begin="10s" dur="10s">must not appear either</p>
          </div>
        </body>
        """,
      cues: [["5", "10", "5 to 10 s"]]),
    TTMLTimingSuiteCase(
      name: "BasicTiming001 (frames begin, seconds dur, par)", parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="par"><p begin="00:00:10:00" dur="10s">10<br/>to 20 s</p></div>
        </body>
        """,
      cues: [["10", "20", "10\nto 20 s"]]),
    TTMLTimingSuiteCase(
      name: "BasicTiming002 (seconds begin, clock dur, par)",
      body: """
        <body timeContainer="par">
          <div timeContainer="par"><p begin="10s" dur="00:00:10.0">10<br/>to 20 s</p></div>
        </body>
        """,
      cues: [["10", "20", "10\nto 20 s"]]),
    TTMLTimingSuiteCase(
      name: "BasicTiming003 (time expressions on seq)", parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq"><p begin="10s" dur="00:00:10:00">10<br/>to 20 s</p></div>
        </body>
        """,
      cues: [["10", "20", "10\nto 20 s"]]),
    TTMLTimingSuiteCase(
      name: "BasicTiming005 (a paragraph in a seq div)", parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq">
            <p begin="0s" dur="00:00:15:00">
              0<br/>
              to 15 s</p>
          </div>
        </body>
        """,
      cues: [["0", "15", "0\nto 15 s"]]),
    TTMLTimingSuiteCase(
      name: "BasicTiming006 (anonymous spans in a par paragraph last as long as it)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq">
            <p timeContainer="par" dur="00:00:15:00">0 to 15 s
              <br/>this too, 0 to 15 s
            </p>
          </div>
        </body>
        """,
      cues: [["0", "15", "0 to 15 s\nthis too, 0 to 15 s"]]),
    TTMLTimingSuiteCase(
      name: "BasicTiming007 (anonymous spans in a seq paragraph have no duration)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="par">
            <p timeContainer="seq" begin="5s" dur="00:00:15:00">must not appear.
              <span dur="10s">5 to 15 s</span>
              must not appear.
            </p>
          </div>
        </body>
        """,
      cues: [["5", "15", "5 to 15 s"]], codes: [textInSequence]),
    TTMLTimingSuiteCase(
      name: "BasicTiming008 (deeply nested spans in a seq paragraph)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq">
            <p timeContainer="seq" dur="00:00:15:00">
              <span begin="1s" dur="20s">
                <span begin="1s" dur="20s">
                  <span begin="1s" dur="20s">
                    <span begin="1s" dur="20s">
                      <span begin="1s" dur="20s">
                        <span begin="1s" dur="20s">6 to 15 s<br/>
                        </span>5 to 15 s<br/>
                      </span>4 to 15 s<br/>
                    </span>3 to 15 s<br/>
                  </span>2 to 15 s<br/>
                </span>1 to 15 s<br/>
              </span>must not appear
            </p>
          </div>
        </body>
        """,
      cues: [
        ["1", "2", "1 to 15 s\n"], ["2", "3", "2 to 15 s\n1 to 15 s\n"],
        ["3", "4", "3 to 15 s\n2 to 15 s\n1 to 15 s\n"],
        ["4", "5", "4 to 15 s\n3 to 15 s\n2 to 15 s\n1 to 15 s\n"],
        ["5", "6", "5 to 15 s\n4 to 15 s\n3 to 15 s\n2 to 15 s\n1 to 15 s\n"],
        ["6", "15", "6 to 15 s\n5 to 15 s\n4 to 15 s\n3 to 15 s\n2 to 15 s\n1 to 15 s\n"],
      ], codes: [textInSequence]),
    TTMLTimingSuiteCase(
      name: "BasicTiming010 (time expressions on spans)", parameters: #"ttp:frameRate="30""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="par">
            <p begin="10000ms" dur="00:00:30:00">
              <span end="0.004h">10 to 24.4 s</span>
              <br/>
              <span begin="0.25m" dur="300f">25 to 35 s</span>
            </p>
          </div>
        </body>
        """,
      cues: [["10", "24.4", "10 to 24.4 s\n"], ["25", "35", "\n25 to 35 s"]]),
    TTMLTimingSuiteCase(
      name: "BasicTiming011 (roll-up: a word every 0.1875 s, to the last span's begin)",
      body: """
        <body timeContainer="par">
          <div timeContainer="par">
            <p timeContainer="par">
              <span begin="0.1875s">one </span>
              <span begin="0.375s">word </span>
              <span begin="0.5625s"><br/>at </span>
              <span begin="0.75s">a time<br/></span>
              <span begin="0.9375s"><br/></span>
              <span begin="1.125s"><br/></span>
            </p>
          </div>
        </body>
        """,
      cues: [
        ["0.1875", "0.375", "one"], ["0.375", "0.5625", "one word"],
        ["0.5625", "0.75", "one word\nat"], ["0.75", "1.125", "one word\nat a time\n"],
      ]),
    TTMLTimingSuiteCase(
      name: "BasicTiming012 (crawl: spans of preserved spaces after the last word)",
      body: """
        <body timeContainer="par">
          <div timeContainer="par">
            <p timeContainer="par">
              <span begin="0.1875s">one </span>
              <span begin="0.375s">line </span>
              <span begin="0.5625s" xml:space="preserve">        </span>
              <span begin="0.75s" xml:space="preserve">        </span>
            </p>
            <p begin="2s" end="3s">next</p>
          </div>
        </body>
        """,
      cues: [["0.1875", "0.375", "one"], ["0.375", "3", "one line"], ["2", "3", "next"]]),
    TTMLTimingSuiteCase(
      name: "BeginDur001 (begin and dur on paragraphs, one every other second)",
      body: """
        <body timeContainer="par">
          <div>
            <p begin="0s" dur="6s">0 to 6 s</p>
            <p begin="6s" dur="1s">6 to 7 s</p>
            <p begin="8s" dur="1s">8 to 9 s</p>
            <p begin="18s" dur="1s">18 to 19 s</p>
            <p begin="20s" dur="5s">20 to 25 s</p>
          </div>
        </body>
        """,
      cues: [
        ["0", "6", "0 to 6 s"], ["6", "7", "6 to 7 s"], ["8", "9", "8 to 9 s"],
        ["18", "19", "18 to 19 s"], ["20", "25", "20 to 25 s"],
      ]),
    TTMLTimingSuiteCase(
      name: "BeginEnd001 (begin and end on paragraphs, one every other second)",
      body: """
        <body timeContainer="par">
          <div>
            <p begin="0s" end="6s">0 to 6 s</p>
            <p begin="6s" end="7s">6 to 7 s</p>
            <p begin="8s" end="9s">8 to 9 s</p>
            <p begin="18s" end="19s">18 to 19 s</p>
            <p begin="20s" end="25s">20 to 25 s</p>
          </div>
        </body>
        """,
      cues: [
        ["0", "6", "0 to 6 s"], ["6", "7", "6 to 7 s"], ["8", "9", "8 to 9 s"],
        ["18", "19", "18 to 19 s"], ["20", "25", "20 to 25 s"],
      ]),
    TTMLTimingSuiteCase(
      name: "BeginEnd002 (begin only: every count stays to 20 s, under them one from 11 s)",
      head: #"<layout><region xml:id="r1"/></layout>"#,
      body: """
        <body region="r1">
          <div>
            <p begin="0s">counting<br/>0</p>
            <p begin="1s">counting<br/>1</p>
            <p begin="2s">counting<br/>2</p>
            <p begin="9s">counting<br/>9</p>
            <p begin="10s">counting<br/>10</p>
            <p begin="11s" end="20s">over, 11 to 20 s</p>
          </div>
        </body>
        """,
      cues: [
        ["0", "20", "counting\n0"], ["1", "20", "counting\n1"], ["2", "20", "counting\n2"],
        ["9", "20", "counting\n9"], ["10", "20", "counting\n10"], ["11", "20", "over, 11 to 20 s"],
      ]),
    TTMLTimingSuiteCase(
      name: "BeginEnd003 (begin and end on paragraphs written out of order)",
      body: """
        <body timeContainer="par">
          <div>
            <p begin="0s" end="6s">0 to 6 s</p>
            <p begin="18s" end="19s">18 to 19 s</p>
            <p begin="10s" end="11s">10 to 11 s</p>
            <p begin="6s" end="7s">6 to 7 s</p>
            <p begin="20s" end="25s">20 to 25 s</p>
          </div>
        </body>
        """,
      cues: [
        ["0", "6", "0 to 6 s"], ["18", "19", "18 to 19 s"], ["10", "11", "10 to 11 s"],
        ["6", "7", "6 to 7 s"], ["20", "25", "20 to 25 s"],
      ]),
    TTMLTimingSuiteCase(
      name: "FixedBeginEnd002 (BeginEnd002 with the text on lines of its own)",
      body: """
        <body timeContainer="par">
          <div>
            <p begin="0s">
              counting<br/>0
            </p>
            <p begin="1s">
              counting<br/>1
            </p>
            <p begin="11s" end="20s">over, 11 to 20 s</p>
          </div>
        </body>
        """,
      cues: [
        ["0", "20", "counting\n0"], ["1", "20", "counting\n1"], ["11", "20", "over, 11 to 20 s"],
      ]),
    TTMLTimingSuiteCase(
      name: "MediaParTiming001 (two paragraphs in par)", parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="par">
            <p begin="10s" dur="00:00:10:00">10<br/>to 20 s,<br/></p>
            <p begin="00:00:05:00" dur="10s">5<br/>to 15 s,<br/>
            </p>
          </div>
        </body>
        """,
      cues: [["10", "20", "10\nto 20 s,\n"], ["5", "15", "5\nto 15 s,\n"]]),
    TTMLTimingSuiteCase(
      name: "MediaParTiming002 (end truncates par at 10 s; display set to auto from 5 s)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="par" end="10s">
            <div timeContainer="par" dur="20s">
              <p begin="00:00:05:00" dur="15s">5<br/>to 10 s,</p>
              <p begin="5s" dur="00:00:15:00">also 5<br/>to 10 s,</p>
            </div>
            <div timeContainer="par" dur="20s">
              <p tts:display="none" dur="00:00:20:00">
                <set begin="5s" dur="00:00:20:00" tts:display="auto"/>shown 5<br/>to 10 s</p>
              <p begin="10s" dur="00:00:15:00">must not appear </p>
            </div>
          </div>
        </body>
        """,
      cues: [
        ["5", "10", "5\nto 10 s,"], ["5", "10", "also 5\nto 10 s,"],
        ["5", "10", "shown 5\nto 10 s"],
      ]),
    TTMLTimingSuiteCase(
      name: "MediaParTiming003 (par divs in a seq div, paragraphs without dur)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq" dur="40s">
            <div timeContainer="par" dur="10s">
              <p dur="5s">0<br/>to 5 s,</p>
              <p begin="5s">5<br/>to 10 s,</p>
            </div>
            <div timeContainer="par" dur="10s">
              <p begin="00:00:05:00" dur="5s">15<br/>to 20 s.</p>
              <p>10<br/>to 20 s.</p>
            </div>
          </div>
        </body>
        """,
      cues: [
        ["0", "5", "0\nto 5 s,"], ["5", "10", "5\nto 10 s,"], ["15", "20", "15\nto 20 s."],
        ["10", "20", "10\nto 20 s."],
      ]),
    TTMLTimingSuiteCase(
      name: "MediaSeqTiming001 (a seq div without dur)",
      parameters: #"ttp:frameRate="24" ttp:timeBase="media""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq">
            <p begin="5s" dur="00:00:05:00">5<br/>to 10 s,</p>
            <p begin="00:00:05:00" dur="5s">15<br/>to 20 s,</p>
          </div>
        </body>
        """,
      cues: [["5", "10", "5\nto 10 s,"], ["15", "20", "15\nto 20 s,"]]),
    TTMLTimingSuiteCase(
      name: "MediaSeqTiming002 (a seq paragraph of text only lasts no time)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq" dur="40s">
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="5s">5<br/>to 10 s,</p>
              <p begin="00:00:05:00" timeContainer="seq">must not appear.</p>
              <p dur="00:00:05:00">15<br/>to 20 s,</p>
            </div>
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="5s">25<br/>to 30 s.</p>
              <p timeContainer="seq">must not appear.</p>
              <p begin="5s" dur="00:00:05:00">35<br/>to 40 s.</p>
            </div>
          </div>
        </body>
        """,
      cues: [
        ["5", "10", "5\nto 10 s,"], ["15", "20", "15\nto 20 s,"], ["25", "30", "25\nto 30 s."],
        ["35", "40", "35\nto 40 s."],
      ], codes: [textInSequence, textInSequence]),
    TTMLTimingSuiteCase(
      name: "MediaSeqTiming003 (text in seq paragraphs lasts no time)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq" dur="40s">
            <div timeContainer="seq">
              <p begin="00:00:05:00" dur="5s" timeContainer="seq">must not appear.</p>
              <p begin="5s" dur="00:00:05:00" timeContainer="seq"> must not appear.</p>
            </div>
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="5s">25<br/>to 30 s.</p>
              <p begin="5s" dur="00:00:05:00">35<br/>to 40 s.</p>
            </div>
          </div>
        </body>
        """,
      cues: [["25", "30", "25\nto 30 s."], ["35", "40", "35\nto 40 s."]],
      codes: [textInSequence, textInSequence]),
    TTMLTimingSuiteCase(
      name: "MediaSeqTiming004 (dur truncation: the second seq div begins at the parent's end)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq" dur="20s">
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="5s">5<br/>to 10 s,</p>
              <p begin="5s" dur="00:00:05:00">15<br/>to 20 s,</p>
            </div>
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="5s">must not appear.</p>
              <p begin="5s" dur="00:00:05:00">must not appear.</p>
            </div>
          </div>
        </body>
        """,
      cues: [["5", "10", "5\nto 10 s,"], ["15", "20", "15\nto 20 s,"]]),
    TTMLTimingSuiteCase(
      name: "MediaSeqTiming005 (end truncates seq at 30 s)", parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="seq" end="30s">
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="5s">5<br/>to 10 s,</p>
              <p begin="5s" dur="00:00:05:00">15<br/>to 20 s,</p>
            </div>
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="5s">25<br/>to 30 s.</p>
              <p begin="5s" dur="00:00:05:00">must not appear.</p>
            </div>
          </div>
        </body>
        """,
      cues: [
        ["5", "10", "5\nto 10 s,"], ["15", "20", "15\nto 20 s,"], ["25", "30", "25\nto 30 s."],
      ]),
    TTMLTimingSuiteCase(
      name: "MediaSeqTiming006 (end truncates par at 10 s, seq divs in it)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="par" end="10s">
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="5s">5<br/>to 10 s,</p>
              <p begin="5s" dur="00:00:05:00">must not appear.</p>
            </div>
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="5s">also 5<br/>to 10 s.</p>
              <p begin="5s" dur="00:00:05:00">must not appear.</p>
            </div>
          </div>
        </body>
        """,
      cues: [["5", "10", "5\nto 10 s,"], ["5", "10", "also 5\nto 10 s."]]),
    TTMLTimingSuiteCase(
      name: "MediaSeqTiming007 (end truncation on seq; display set to auto from 5 s)",
      parameters: #"ttp:frameRate="24""#,
      body: """
        <body timeContainer="par">
          <div timeContainer="par" end="10s">
            <div timeContainer="seq" dur="20s">
              <p begin="00:00:05:00" dur="10s">5<br/>to 10 s,</p>
              <p begin="5s" dur="00:00:05:00">must not appear.</p>
            </div>
            <div timeContainer="seq" dur="20s">
              <p tts:display="none" dur="00:00:20:00">
                <set begin="5s" dur="00:00:20:00" tts:display="auto"/>shown 5<br/>to 10 s</p>
              <p begin="5s" dur="00:00:05:00">must not appear.</p>
            </div>
          </div>
        </body>
        """,
      cues: [["5", "10", "5\nto 10 s,"], ["5", "10", "shown 5\nto 10 s"]]),
    TTMLTimingSuiteCase(
      name: "TimeExpressions001 (each time expression form as a dur in a seq div)",
      parameters: #"ttp:frameRate="24" ttp:frameRateMultiplier="1000 1001" ttp:tickRate="60""#,
      body: """
        <body>
          <div timeContainer="seq">
            <p dur="1.2s">1.2s</p>
            <p dur="1.2m">1.2m = 72s</p>
            <p dur="1.2h">1.2h = 4320s</p>
            <p dur="24f">24f = 1.001s</p>
            <p dur="120t">120t = 2s</p>
            <p dur="01:02:03">01:02:03 = 3723s</p>
            <p dur="01:02:03.2350">01:02:03.2350 = 3723.235s</p>
            <p dur="100:00:00.1">100:00:00.1 = 360000.1s</p>
          </div>
        </body>
        """,
      cues: [
        ["0", "1.2", "1.2s"], ["1.2", "73.2", "1.2m = 72s"], ["73.2", "4393.2", "1.2h = 4320s"],
        ["4393.2", "4394.201", "24f = 1.001s"], ["4394.201", "4396.201", "120t = 2s"],
        ["4396.201", "8119.201", "01:02:03 = 3723s"],
        ["8119.201", "11842.436", "01:02:03.2350 = 3723.235s"],
        ["11842.436", "371842.536", "100:00:00.1 = 360000.1s"],
      ]),
    TTMLTimingSuiteCase(
      name: "timing-on-span-001 (EBU-TT-D: the times on the span)",
      parameters: #"ttp:timeBase="media""#,
      body: """
        <body>
          <div>
            <p xml:id="subtitle1">
              <span begin="00:00:00.000" end="00:00:10.000">0 to 10 s.</span>
            </p>
          </div>
        </body>
        """,
      cues: [["0", "10", "0 to 10 s."]]),
    TTMLTimingSuiteCase(
      name: "timing-on-span-002 (EBU-TT-D: two spans on one line, a space between)",
      parameters: #"ttp:timeBase="media""#,
      body: """
        <body>
          <div>
            <p xml:id="subtitle1">
              <span begin="00:00:00.000" end="00:00:04.000">0 to 4 s.</span> <span \
        begin="00:00:04.000" end="00:00:10.000">4 to 10 s.</span>
            </p>
          </div>
        </body>
        """,
      cues: [["0", "4", "0 to 4 s."], ["4", "10", "4 to 10 s."]]),
    TTMLTimingSuiteCase(
      name: "region-timing (content shows only while its region is active)",
      head: """
        <layout>
          <region xml:id="r1" begin="0s" end="10s"/>
          <region xml:id="r2" begin="10s" end="20s"/>
        </layout>
        """,
      body: """
        <body>
          <div region="r1"><p>0 to 10 s</p></div>
          <div region="r2">
            <p begin="5s" end="15s">10 to 15 s</p>
            <p begin="12s" end="18s">12 to 18 s</p>
            <p begin="10s" end="20s">10 to 20 s</p>
            <p begin="16s" end="25s">16 to 20 s</p>
          </div>
        </body>
        """,
      cues: [
        ["0", "10", "0 to 10 s"], ["10", "15", "10 to 15 s"], ["12", "18", "12 to 18 s"],
        ["10", "20", "10 to 20 s"], ["16", "20", "16 to 20 s"],
      ]),
    TTMLTimingSuiteCase(
      name: "ttml1 AnonymousSpanImplicitDuration (text in a seq paragraph lasts no time)",
      body: """
        <body>
          <div>
            <p begin="0s" end="1s" timeContainer="seq">
              not displayed.
            </p>
          </div>
          <div>
            <p begin="0s" end="1s">
              displayed.
            </p>
          </div>
        </body>
        """,
      cues: [["0", "1", "displayed."]], codes: [textInSequence]),
    TTMLTimingSuiteCase(
      name: "ttml1 PlainSpanImplicitDuration (a span of text only in a seq paragraph)",
      body: """
        <body>
          <div>
            <p begin="0s" end="1s" timeContainer="seq">
              <span>not displayed.</span>
            </p>
          </div>
          <div>
            <p begin="0s" end="1s">
              <span>displayed.</span>
            </p>
          </div>
        </body>
        """,
      cues: [["0", "1", "displayed."]]),
    TTMLTimingSuiteCase(
      name: "ttml1 BrImplicitDuration (a line break in a seq paragraph lasts no time)",
      body: """
        <body>
          <div>
            <p begin="0s" end="1s" timeContainer="seq">
              no text or line break<br/>displayed.
            </p>
            <p begin="0s" end="1s">
              text with a line break<br/>displayed.
            </p>
          </div>
        </body>
        """,
      cues: [["0", "1", "text with a line break\ndisplayed."]], codes: [textInSequence]),
    TTMLTimingSuiteCase(
      name: "ttml1 SetImplicitDuration (with tts:display for tts:backgroundColor)",
      body: """
        <body>
          <div>
            <p begin="0s" end="1s" timeContainer="seq">
              <set tts:display="none"/>
              <span dur="1s">the set lasts no time: 0 to 1 s</span>
            </p>
          </div>
          <div>
            <p begin="0s" end="1s">
              <set tts:display="none"/>
              <span dur="1s">the set lasts as long as the paragraph: never shown</span>
            </p>
          </div>
        </body>
        """,
      cues: [["0", "1", "the set lasts no time: 0 to 1 s"]]),
  ]

  @Test(arguments: cases) func timingCase(_ suiteCase: TTMLTimingSuiteCase) throws {
    let document = try suiteCase.read()
    #expect(document.cues.map { ["\($0.start)", "\($0.end)", $0.plainText] } == suiteCase.cues)
    #expect(document.diagnostics.map(\.code) == suiteCase.codes)
  }

  /// TTML1 §8.2.5 and §11.1.1 beyond the two suite cases (MediaParTiming002, MediaSeqTiming007,
  /// where a paragraph whose display is `none` was shown for its whole interval): a `set` of
  /// `none` cuts a displayed paragraph in two, a paragraph whose display is `none` and that no
  /// `set` changes is never shown, a shown part's display is `auto`, a `set` of another
  /// property changes no interval, the later of two overlapping `set`s wins, and a `set`
  /// without `end` or `dur` lasts as long as a `par` paragraph but no time in a `seq` one
  /// (ttml1 testsuite Third Edition SetImplicitDuration, there with `tts:backgroundColor`).
  @Test func displaySetsCutAndHideParagraphs() throws {
    let document = try TTMLTimingSuiteCase(
      name: "display",
      body: """
        <body>
          <div>
            <p begin="0s" end="10s">a<set begin="2s" end="4s" tts:display="none"/></p>
            <p begin="0s" end="10s" tts:display="none">b</p>
            <p begin="0s" end="10s" tts:display="none"><set begin="1s" tts:display="auto"/>c</p>
            <p begin="0s" end="10s"><set begin="1s" dur="1s" tts:color="red"/>d</p>
            <p begin="0s" end="10s">f<set begin="2s" end="6s" tts:display="none"/>\
        <set begin="3s" end="4s" tts:display="auto"/></p>
            <p begin="0s" end="1s" timeContainer="seq">
              <set tts:display="none"/>
              <span dur="1s">e</span>
            </p>
          </div>
        </body>
        """, cues: []
    ).read()
    #expect(
      document.cues.map { ["\($0.start)", "\($0.end)", $0.plainText] } == [
        ["0", "2", "a"], ["4", "10", "a"], ["1", "10", "c"], ["0", "10", "d"], ["0", "2", "f"],
        ["3", "4", "f"], ["6", "10", "f"], ["0", "1", "e"],
      ])
    #expect(
      document.cues.map { $0.style.filter { $0.name == "display" } } == [
        [], [], [StyleProperty("display", "auto")], [], [], [], [], [],
      ])
    #expect(document.diagnostics.isEmpty)
  }
}
