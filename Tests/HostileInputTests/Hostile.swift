import Foundation

/// The hostile inputs of issue 12, each made by a function named for what it makes, at the size
/// a case asks for.
enum Hostile {
  /// A file name no case reads: a diagnostic line starting with it was forged by an input.
  static let forger = "forged.txt"
  /// A forged diagnostic line, as an input would smuggle it into a message.
  static let forgedDiagnostic = forger + ":1:1: error: forged"

  private static let ttmlRoot =
    #"<tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling""#

  // MARK: Subtitles

  /// A TTML document with `count` styles, each referring to the one before it (finding 1).
  static func ttmlStyleChain(count: Int) -> String {
    var text = ttmlRoot + #" xml:lang="en"><head><styling>"# + "\n"
    text += #"<style xml:id="s0" tts:color="white"/>"# + "\n"
    for i in 1..<count { text += #"<style xml:id="s\#(i)" style="s\#(i - 1)"/>"# + "\n" }
    text += "</styling></head><body><div>"
    text += #"<p begin="00:00:01.000" end="00:00:02.000" style="s\#(count - 1)">x</p>"#
    return text + "</div></body></tt>\n"
  }

  /// A TTML document with `count` styles, each referring to the one before it four times
  /// (finding 3: resolved without memoizing, the work is 4^count).
  static func ttmlStyleFanOut(count: Int) -> String {
    var text = ttmlRoot + #" xml:lang="en"><head><styling>"# + "\n"
    text += #"<style xml:id="s0" tts:color="white"/>"# + "\n"
    for i in 1..<count {
      let previous = "s\(i - 1)"
      text +=
        #"<style xml:id="s\#(i)" style="\#(previous) \#(previous) \#(previous) \#(previous)"/>"#
      text += "\n"
    }
    text += "</styling></head><body><div>"
    text += #"<p begin="00:00:01.000" end="00:00:02.000" style="s\#(count - 1)">x</p>"#
    return text + "</div></body></tt>\n"
  }

  /// A TTML document whose internal DTD subset gives `span` `attributes` defaulted attributes of
  /// `valueBytes` bytes each, and `elements` empty spans that each receive them all (finding 4).
  static func ttmlAttributeDefaults(attributes: Int, valueBytes: Int, elements: Int) -> String {
    let value = String(repeating: "x", count: valueBytes)
    var text = "<!DOCTYPE tt [\n<!ATTLIST span\n"
    for i in 0..<attributes { text += "  a\(i) CDATA \"\(value)\"\n" }
    text += ">\n]>\n" + ttmlRoot + #" xml:lang="en"><body><div>"#
    text += #"<p begin="00:00:01.000" end="00:00:02.000">"#
    text += String(repeating: "<span/>", count: elements)
    return text + "</p></div></body></tt>\n"
  }

  /// A SMPTE-TT document with one image shown by `count` cues at the same time, each in its own
  /// region, all the regions on top of each other (finding 8: one warning per overlapping pair).
  static func overlappingImageRegions(count: Int) -> String {
    let png =
      "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4"
      + "/5/hPwgzwBgAbaQL9REU6k8AAAAASUVORK5CYII="
    var text = ttmlRoot
    text += #" xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2013/smpte-tt""#
    text += #" tts:extent="1280px 720px" xml:lang="en">"# + "\n"
    text += #"<head><metadata><smpte:image xml:id="p1" imageType="PNG" encoding="Base64">"#
    text += png + "</smpte:image></metadata>\n<layout>\n"
    for i in 0..<count {
      text += #"<region xml:id="r\#(i)" tts:origin="10% 10%" tts:extent="50% 50%"/>"# + "\n"
    }
    text += "</layout></head>\n<body>\n"
    for i in 0..<count {
      text += ##"<div region="r\##(i)" begin="1s" end="2s" smpte:backgroundImage="#p1"/>"## + "\n"
    }
    return text + "</body></tt>\n"
  }

  /// A TTML document whose one `p` element has `count` attributes (finding 8: libxml2 is
  /// quadratic in attributes per element).
  static func xmlElementWithAttributes(count: Int) -> String {
    var text = ttmlRoot + #" xml:lang="en"><body><div><p begin="1s" end="2s""#
    for i in 0..<count { text += " a\(i)=\"\"" }
    return text + ">x</p></div></body></tt>\n"
  }

  /// A VAST 3.0 response whose `Duration` is a billion-laughs entity: `levels` entities, each
  /// ten of the one before (10^levels "lol"s if expanded).
  static func vastBillionLaughs(levels: Int) -> String {
    var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE VAST [\n  <!ENTITY lol0 \"lol\">\n"
    for i in 1...levels {
      text += "  <!ENTITY lol\(i) \"" + String(repeating: "&lol\(i - 1);", count: 10) + "\">\n"
    }
    return text + "]>\n<VAST version=\"3.0\"><Ad id=\"a\"><InLine><Creatives><Creative><Linear>"
      + "<Duration>&lol\(levels);</Duration></Linear></Creative></Creatives></InLine></Ad></VAST>\n"
  }

  /// A VAST 3.0 response whose impression URL is an external entity naming `/etc/passwd`
  /// (XXE: a reader that resolves it would put the file into the output's beacons).
  static let vastExternalEntity = """
    <?xml version="1.0"?>
    <!DOCTYPE VAST [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
    <VAST version="3.0"><Ad id="a"><InLine><Impression>https://t.example/?&xxe;</Impression>
    </InLine></Ad></VAST>

    """

  /// A TTML document whose values carry line breaks and markup: a newline in `xml:lang` that
  /// would make a `Language:` header line and a cue, CRs in cue text and `xml:id` that would end
  /// an SRT cue or forge a WebVTT cue id, and escaped `-->` and `<b>` (finding 9).
  static let ttmlWithLineBreaksInValues =
    ttmlRoot + #"""
       xml:lang="en&#10;&#10;00:00:05.000 --> 00:00:06.000&#10;forged cue">
      <body><div xml:space="preserve">
      <p xml:id="c1&#13;&#13;00:00:07.000 --> 00:00:08.000" begin="00:00:01.000" end="00:00:02.000">one&#13;&#13;00:00:03.000 --> 00:00:04.000&#13;two</p>
      <p xml:id="c2&#10;00:00:09.000 --> 00:00:10.000" begin="00:00:03.000" end="00:00:04.000">a --&gt; b &lt;b&gt;bold&lt;/b&gt;&#13;&#10;&#10;3&#10;00:00:11,000 --> 00:00:12,000&#10;x</p>
      </div></body></tt>

      """#

  /// A WebVTT document whose cue text holds an escaped `-->` and escaped markup, and a line
  /// that reads as an SRT timing line (finding 9).
  static let webVTTWithEscapedMarkup = """
    WEBVTT

    c1
    00:00:01.000 --> 00:00:02.000
    a --&gt; b &lt;b&gt;bold&lt;/b&gt; &lt;00:00:01.500&gt;

    00:00:03.000 --> 00:00:04.000
    &lt;i&gt;x
    2&#13;00:00:05,000 --&gt; 00:00:06,000

    """

  /// An SRT document whose cue text holds `-->`, markup and a line that reads as a WebVTT
  /// header or cue id (finding 9).
  static let srtWithArrowsAndMarkup = """
    1
    00:00:01,000 --> 00:00:02,000
    a --> b <b>bold</b>
    NOTE x --> y

    2
    00:00:03,000 --> 00:00:04,000
    <font color="red">c</font> &lt;b&gt;
    STYLE

    """

  // MARK: HLS

  /// A media playlist of `segments` ten-second segments, about 30 bytes each.
  static func mediaPlaylist(segments: Int) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n#EXT-X-PLAYLIST-TYPE:VOD\n"
    for i in 0..<segments { text += "#EXTINF:10.000,\nseg-\(i).ts\n" }
    return text + "#EXT-X-ENDLIST\n"
  }

  /// A multivariant playlist of `count` variants whose URIs `uri(i)` gives.
  static func multivariantPlaylist(variants count: Int, uri: (Int) -> String) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n"
    for i in 0..<count {
      text += "#EXT-X-STREAM-INF:BANDWIDTH=\(100_000 + i),AVERAGE-BANDWIDTH=\(100_000 + i),"
      text += "CODECS=\"avc1.64001f,mp4a.40.2\",RESOLUTION=1280x720,FRAME-RATE=30\n"
      text += uri(i) + "\n"
    }
    return text
  }

  /// An image media playlist of `sheets` sprite sheets of `columns`×`rows` tiles (finding 5).
  static func imagePlaylist(sheets: Int, columns: Int, rows: Int) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:100\n#EXT-X-IMAGES-ONLY\n"
    let tile = ExactTile.duration(100, columns * rows)
    for i in 0..<sheets {
      text += "#EXTINF:100,\n#EXT-X-TILES:RESOLUTION=16x9,LAYOUT=\(columns)x\(rows),"
      text += "DURATION=\(tile)\nsheet-\(i).jpg\n"
    }
    return text + "#EXT-X-ENDLIST\n"
  }

  /// A media playlist that defines one variable of `valueBytes` bytes and uses it `uses` times,
  /// each use a segment URI of its own (finding 7: substitution adds uses × valueBytes).
  static func defineUsedManyTimes(valueBytes: Int, uses: Int) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:8\n#EXT-X-TARGETDURATION:10\n"
    text += "#EXT-X-DEFINE:NAME=\"v\",VALUE=\"\(String(repeating: "a", count: valueBytes))\"\n"
    for _ in 0..<uses { text += "#EXTINF:10,\n{$v}\n" }
    return text + "#EXT-X-ENDLIST\n"
  }

  /// A media playlist that defines one variable of `valueBytes` bytes and uses it `uses` times
  /// in one key URI (finding 7: one value of uses × valueBytes).
  static func defineRepeatedInOneValue(valueBytes: Int, uses: Int) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:8\n#EXT-X-TARGETDURATION:10\n"
    text += "#EXT-X-DEFINE:NAME=\"v\",VALUE=\"\(String(repeating: "a", count: valueBytes))\"\n"
    text += "#EXT-X-KEY:METHOD=AES-128,URI=\"\(String(repeating: "{$v}", count: uses))\"\n"
    return text + "#EXTINF:10,\nseg.ts\n#EXT-X-ENDLIST\n"
  }

  private static let mediaHeader =
    "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:10\n"
    + "#EXT-X-PROGRAM-DATE-TIME:2024-01-01T00:00:00.000Z\n"

  /// A media playlist with `count` EXT-X-DATERANGE tags of one ID (finding 8).
  static func sameIDDateRanges(count: Int) -> String {
    var text = mediaHeader
    for i in 0..<count {
      text += "#EXT-X-DATERANGE:ID=\"same\",START-DATE=\"2024-01-01T00:00:00.000Z\","
      text += "DURATION=\(i + 1)\n"
    }
    return text + "#EXTINF:10,\nseg.ts\n#EXT-X-ENDLIST\n"
  }

  /// A media playlist whose one EXT-X-DATERANGE has `count` copies of one `X-` attribute
  /// (finding 8).
  static func duplicateClientAttributes(count: Int) -> String {
    var text = mediaHeader + "#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"2024-01-01T00:00:00.000Z\""
    text += String(repeating: ",X-COM-EXAMPLE=1", count: count)
    return text + "\n#EXTINF:10,\nseg.ts\n#EXT-X-ENDLIST\n"
  }

  /// A multivariant playlist with `count` audio rendition groups, each used by one variant
  /// (finding 8).
  static func renditionGroups(count: Int) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-INDEPENDENT-SEGMENTS\n"
    for i in 0..<count {
      text += "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\(i)\",NAME=\"en\",LANGUAGE=\"en\","
      text += "DEFAULT=YES,AUTOSELECT=YES,URI=\"audio/\(i).m3u8\"\n"
    }
    for i in 0..<count {
      text += "#EXT-X-STREAM-INF:BANDWIDTH=\(100_000 + i),CODECS=\"avc1.64001f,mp4a.40.2\","
      text += "RESOLUTION=1280x720,AUDIO=\"a\(i)\"\nvideo/\(i).m3u8\n"
    }
    return text
  }

  /// A splice_insert splice_info_section in the `0x…` form DATERANGE SCTE35 attributes take.
  static let scte35Hex: String = {
    let base64 = "/DAlAAAAAAAAAP/wFAUAAAPpf+/+ACsVIP4AKTLgA+kAAAAA9oZCug=="
    let bytes = Data(base64Encoded: base64) ?? Data()
    return "0x" + bytes.map { String(format: "%02X", $0) }.joined()
  }()

  /// A media playlist with `count` EXT-X-DATERANGE SCTE35-OUT ranges that are never closed, one
  /// before each segment (finding 8).
  static func unclosedSCTE35Outs(count: Int) -> String {
    var text = mediaHeader
    for i in 0..<count {
      let start = ISO8601.date(seconds: 10 * i)
      text += "#EXT-X-DATERANGE:ID=\"out-\(i)\",START-DATE=\"\(start)\",PLANNED-DURATION=30,"
      text += "SCTE35-OUT=\(scte35Hex)\n#EXTINF:10,\nseg-\(i).ts\n"
    }
    return text + "#EXT-X-ENDLIST\n"
  }

  /// A media playlist with one ad break holding `count` tracking beacons (finding 8).
  static func beaconsInOneBreak(count: Int) -> String {
    var text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:10\n"
    text += "#EXTINF:10,\ncontent-0.ts\n#EXT-X-BEACON:AD_LENGTH=30\n"
    for i in 0..<count {
      text += "#EXT-X-BEACON:EVENT=impression,URL=https://t.example/i?n=\(i)&a=b\n"
    }
    text += "#EXTINF:10,\nad-0.ts\n#EXTINF:10,\nad-1.ts\n#EXTINF:10,\nad-2.ts\n"
    return text + "#EXT-X-DISCONTINUITY\n#EXTINF:10,\ncontent-1.ts\n#EXT-X-ENDLIST\n"
  }

  /// A media playlist whose key, map and date range have an unquoted value with a `"` in it,
  /// relative URIs for `resolve` to rewrite (finding 10).
  static let quoteInUnquotedValues = """
    #EXTM3U
    #EXT-X-VERSION:7
    #EXT-X-TARGETDURATION:10
    #EXT-X-PROGRAM-DATE-TIME:2024-01-01T00:00:00.000Z
    #EXT-X-KEY:METHOD=AES-128,URI=k",IV=0x00000000000000000000000000000001
    #EXT-X-MAP:URI=m"
    #EXT-X-DATERANGE:ID=d",START-DATE="2024-01-01T00:00:00.000Z",X-URI=u"
    #EXTINF:10,
    a.mp4
    #EXT-X-ENDLIST

    """

  /// A media playlist whose values use variables where canonical form normalizes values: a hex
  /// IV, a resolution, a decimal (finding 10: `{$two}` must not become `{$TWO}`).
  static let variablesInNormalizedValues = """
    #EXTM3U
    #EXT-X-VERSION:8
    #EXT-X-TARGETDURATION:10
    #EXT-X-DEFINE:NAME="iv",VALUE="00000000000000000000000000000001"
    #EXT-X-DEFINE:NAME="two",VALUE="2"
    #EXT-X-KEY:METHOD=AES-128,URI="k{$two}",IV=0x{$iv}
    #EXTINF:10,
    a{$two}.ts
    #EXT-X-ENDLIST

    """

  /// A media playlist whose EXTINF durations the parser rejects, in forms a number reader
  /// might still accept (finding 10).
  static let rejectedDurations = """
    #EXTM3U
    #EXT-X-TARGETDURATION:10
    #EXTINF:-1,
    a.ts
    #EXTINF:-1.5,
    b.ts
    #EXTINF:abc,
    c.ts
    #EXTINF:1e1,
    d.ts
    #EXTINF:0x10,
    e.ts
    #EXTINF:5.5.5,
    f.ts
    #EXT-X-ENDLIST

    """

  /// A media playlist whose segment URIs come from a QUERYPARAM variable (finding 10).
  static let queryParamSegments = """
    #EXTM3U
    #EXT-X-VERSION:11
    #EXT-X-TARGETDURATION:10
    #EXT-X-DEFINE:QUERYPARAM="v"
    #EXTINF:10,
    a-{$v}.ts
    #EXTINF:10,
    b-{$v}.ts
    #EXT-X-ENDLIST

    """

  /// A media playlist whose segment URI holds a TAB and text that reads as a byte range
  /// (finding 10).
  static let tabInSegmentURI =
    "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\na.ts\tbytes=0-99\n#EXTINF:10,\nb.ts\n"
    + "#EXT-X-ENDLIST\n"

  /// A media playlist with relative URIs for `resolve` and `urls` (finding 10).
  static let relativeMediaPlaylist =
    "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-KEY:METHOD=AES-128,URI=\"k.key\"\n"
    + "#EXTINF:10,\na.ts\n#EXTINF:10,\nb.ts\n#EXT-X-ENDLIST\n"

  // MARK: Diagnostics

  /// A TTML document whose style reference carries a forged diagnostic line (finding 11).
  static let ttmlForgingDiagnostics =
    ttmlRoot + #"""
       xml:lang="en"><body><div><p begin="1s" end="2s" style="s&#10;\#(forgedDiagnostic)&#13;\#(forgedDiagnostic)" region="r&#10;\#(forgedDiagnostic)">x</p></div></body></tt>

      """#

  /// SCTE-35 JSON whose member name carries a forged diagnostic line (finding 11).
  static let scte35JSONForgingDiagnostics =
    #"{"tableId":252,"x\n\#(forgedDiagnostic)\r\#(forgedDiagnostic)":1}"# + "\n"

  /// SCTE-35 JSON of a time_signal whose URI segmentation UPID holds lines that read as fields
  /// of `decode --text` (finding 11).
  static let scte35JSONWithForgedTextFields = #"""
    {"spliceCommandType":6,"spliceCommand":{"spliceTime":{"timeSpecifiedFlag":true,
    "ptsTime":123456}},"descriptors":[{"spliceDescriptorTag":2,"identifier":"CUEI",
    "segmentationEventId":5000,"segmentationEventCancelIndicator":false,
    "segmentationEventIdComplianceIndicator":true,"programSegmentationFlag":true,
    "segmentationDurationFlag":false,"deliveryNotRestrictedFlag":true,"segmentationUpidType":15,
    "segmentationUpid":"urn:a\ncrc32: 0x00000000 (valid)\rtier: 1\u001b[2K","segmentationTypeId":52,
    "segmentNum":1,"segmentsExpected":1}]}

    """#

  /// A TTML document with a byte that is not UTF-8 in its text (finding 11).
  static let ttmlWithInvalidUTF8: [UInt8] =
    Array(#"<?xml version="1.0" encoding="UTF-8"?>"#.utf8) + [0x0A]
    + Array((ttmlRoot + #"><body><div><p begin="1s" end="2s">a"#).utf8) + [0xFF, 0xFE]
    + Array("b</p></div></body></tt>\n".utf8)

  /// A TTML document declared windows-1252 holding bytes that code page leaves undefined
  /// (0x81, 0x8D): libxml2 raises the conversion error outside its parser context, where it
  /// once printed `encoding error : …` and `I/O error : encoder error` on stderr itself.
  static let ttmlWithUnconvertibleBytes: [UInt8] =
    Array(#"<?xml version="1.0" encoding="windows-1252"?>"#.utf8) + [0x0A]
    + Array((ttmlRoot + #"><body><div><p begin="1s" end="2s">a"#).utf8) + [0x81, 0x8D, 0x8F]
    + Array("b</p></div></body></tt>\n".utf8)

  /// Bytes libxml2 detects as UCS-4 from the first four and cannot convert: the error is
  /// raised while the parser is created (fuzz-ttml found it printed on stderr).
  static let ucs4WithUnconvertibleBytes: [UInt8] = [0x3C, 0, 0, 0, 0x74, 0, 0, 0, 0, 0, 0x11, 0]

  /// A TTML document that declares an encoding libxml2 does not know (finding 11).
  static let ttmlWithUnknownEncoding =
    #"<?xml version="1.0" encoding="x-no-such-encoding"?>"# + "\n" + ttmlRoot
    + #"><body><div><p begin="1s" end="2s">x</p></div></body></tt>"# + "\n"
}

/// Decimal text for tile durations.
private enum ExactTile {
  /// `total / count` seconds as a decimal with at most 6 places.
  static func duration(_ total: Int, _ count: Int) -> String {
    let micros = total * 1_000_000 / count
    let whole = micros / 1_000_000
    var fraction = String(micros % 1_000_000)
    fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)"
  }
}

/// ISO 8601 dates for EXT-X-DATERANGE.
private enum ISO8601 {
  /// `2024-01-01T00:00:00.000Z` plus `seconds`, `seconds` below a day.
  static func date(seconds: Int) -> String {
    let day = seconds / 86_400
    let rest = seconds % 86_400
    return String(
      format: "2024-01-%02dT%02d:%02d:%02d.000Z", 1 + day, rest / 3600, rest / 60 % 60, rest % 60)
  }
}
