import ManifestCore
import StrictXML
import Testing

/// Mutated documents (bytes flipped, dropped, inserted, duplicated) never trap; an error points
/// inside the input; a document that reads writes back (`XMLWriter`) to one that reads equal.
@Suite struct MutationTests {
  static let seed = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <VAST version="4.2" xmlns="http://www.iab.com/VAST" xmlns:x="urn:x">\r
      <!-- c --><Ad id="1" sequence="2" x:k='v&amp;w'>
        <InLine><AdTitle>T&#233;st &lt;1&gt; &#x1F600;</AdTitle>
          <Impression><![CDATA[ https://t.example/i?a=1&b=2 ]]></Impression>
          <?pi data?><Creatives><Creative><Linear><Duration>00:00:15</Duration>
          <MediaFiles><MediaFile type="application/x-mpegURL" delivery="streaming">https://c/m.m3u8</MediaFile></MediaFiles>
          </Linear></Creative></Creatives></InLine></Ad>
    </VAST>
    """.utf8)

  static let alphabet: [UInt8] =
    Array("<>/=\"'&;#x![]-?: \r\n\tCDATA".utf8) + [0x00, 0xC3, 0xA9, 0xFF]

  static func mutate(_ bytes: [UInt8], _ r: inout SplitMix64) -> [UInt8] {
    var out = bytes
    for _ in 0..<Int.random(in: 1...4, using: &r) {
      guard !out.isEmpty else { break }
      let at = Int.random(in: 0..<out.count, using: &r)
      switch Int.random(in: 0..<4, using: &r) {
      case 0: out[at] = alphabet.randomElement(using: &r) ?? 0x3C
      case 1: out.remove(at: at)
      case 2: out.insert(alphabet.randomElement(using: &r) ?? 0x3C, at: at)
      default:
        let end = min(out.count, at + Int.random(in: 1...12, using: &r))
        out.insert(contentsOf: out[at..<end], at: at)
      }
    }
    return out
  }

  static func write(_ element: XMLTreeElement, into writer: inout XMLWriter) {
    writer.open(
      element.name.qualifiedName, element.attributes.map { ($0.name.qualifiedName, $0.value) },
      inline: true)
    for child in element.children {
      switch child {
      case .text(let text): writer.text(text)
      case .element(let inner): write(inner, into: &writer)
      }
    }
    writer.close()
  }

  @Test func mutatedDocumentsNeverTrap() throws {
    var r = SplitMix64(seed: 0xBAD_5EED)
    var read = 0
    var refused = 0
    for _ in 0..<3000 {
      let bytes = Self.mutate(Self.seed, &r)
      do {
        let tree = try StrictXMLReader.read(bytes)
        read += 1
        var writer = XMLWriter()
        Self.write(tree, into: &writer)
        let again = try StrictXMLReader.read(writer.bytes)
        #expect(
          XMLWriterRoundTripTests.withoutLocations(again)
            == XMLWriterRoundTripTests.withoutLocations(tree))
      } catch {
        refused += 1
        #expect(error.location.offset >= 0 && error.location.offset <= bytes.count)
        #expect(error.location.line >= 1 && error.location.column >= 1)
        #expect(error.code.hasPrefix("xml.") || error.code.hasPrefix("limit."))
        #expect(!error.message.isEmpty)
      }
    }
    // Both outcomes occur, so the checks above run on each.
    #expect(read > 100)
    #expect(refused > 100)
  }
}
