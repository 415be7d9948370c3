import StrictXML
import Testing
import VAST

/// The codes are stable names: dotted, lower case, unique, each with a one-sentence summary.
@Suite struct VASTDiagnosticCodeTests {
  static func wellFormed(_ code: String) -> Bool {
    let parts = code.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count >= 2
      && parts.allSatisfy { part in
        !part.isEmpty && part.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D }
      }
  }

  @Test func vastCodes() {
    let codes = VASTDiagnosticCode.allCases.map(\.rawValue)
    #expect(Set(codes).count == codes.count)
    #expect(
      codes.allSatisfy { ($0.hasPrefix("vast.") || $0.hasPrefix("vmap.")) && Self.wellFormed($0) })
    #expect(VASTDiagnosticCode.allCases.allSatisfy { $0.summary.hasSuffix(".") })
  }

  @Test func xmlCodes() {
    let codes = StrictXMLReader.codes.map(\.code)
    #expect(Set(codes).count == codes.count)
    #expect(codes.allSatisfy { $0.hasPrefix("xml.") && Self.wellFormed($0) })
    #expect(StrictXMLReader.codes.allSatisfy { $0.summary.hasSuffix(".") })
  }
}
