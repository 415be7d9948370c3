/// Why decoding stopped, as plain values (no strings), so that propagating it through the
/// field readers costs nothing on the success path; `issue` renders the message once.
struct DecodeFailure: Error {
  enum Kind {
    /// A field needs `a` bits but `b` are left in `scope`.
    case truncated
    /// A length field declares `a` bytes but `b` are left in `scope`.
    case lengthOverflow
    /// `section_length` `a` is too small to hold CRC_32.
    case sectionTooShort
    /// `table_id` `a` is not 0xFC.
    case notSpliceInfo
    /// `splice_command_type` `a` is reserved.
    case unknownCommand
  }

  var kind: Kind
  var field: StaticString
  var offset: Int
  var a: Int
  var b: Int
  var scope: ReaderScope

  /// The issue, with its message.
  var issue: SCTE35Issue {
    let name = field.description
    switch kind {
    case .truncated:
      let reason =
        a % 8 == 0 && b % 8 == 0
        ? "needs \(a / 8) byte\(a == 8 ? "" : "s") but \(scope.description) has \(b / 8) left"
        : "needs \(a) bit\(a == 1 ? "" : "s") but \(scope.description) has \(b) left"
      return .error("truncated", name, offset, reason)
    case .lengthOverflow:
      return .error(
        "length-overflow", name, offset,
        "\(a) bytes declared but \(scope.description) has \(b) left")
    case .sectionTooShort:
      return .error("truncated", name, offset, "\(a) bytes cannot hold the section and CRC_32")
    case .notSpliceInfo:
      return .error(
        "not-splice-info", name, offset,
        "0x\(BitReader.hex2(UInt8(truncatingIfNeeded: a))) is not 0xFC, "
          + "so this is not a splice_info_section")
    case .unknownCommand:
      return .error(
        "unknown-command", name, offset,
        "0x\(BitReader.hex2(UInt8(truncatingIfNeeded: a))) is a reserved command type")
    }
  }
}
