import ManifestCore

/// Writes a splice_info_section (SCTE 35 §9.2) from the model, computing every length field and
/// CRC_32, and refusing values that do not fit their fields.
struct SectionEncoder {
  private(set) var writer = BitWriter(capacity: 64)

  /// Writes `value` into a `bits`-wide field, or throws when it does not fit.
  mutating func put(_ value: UInt64, _ bits: Int, _ field: String) throws(SCTE35Issue) {
    guard bits == 64 || value < 1 << UInt64(bits) else {
      throw .error(
        "out-of-range", field, writer.count, "\(value) does not fit in \(bits) bits")
    }
    writer.write(value, bits)
  }

  mutating func put(_ flag: Bool) {
    writer.write(flag)
  }

  /// Writes reserved bits: the preserved value, or all ones.
  mutating func reserved(_ value: UInt64?, _ bits: Int) {
    writer.write(value ?? (1 << UInt64(bits)) - 1, bits)
  }

  /// Writes a length-prefixed block: `lengthBits` of length, then what `body` writes, with the
  /// length patched in afterwards (the writer must be byte-aligned).
  mutating func lengthPrefixed(
    _ lengthBits: Int, _ field: String, _ body: (inout SectionEncoder) throws(SCTE35Issue) -> Void
  ) throws(SCTE35Issue) {
    let lengthOffset = writer.count
    writer.write(0, lengthBits)
    let start = writer.count
    try body(&self)
    let length = writer.count - start
    guard length < 1 << lengthBits else {
      throw .error(
        "out-of-range", field, lengthOffset, "\(length) does not fit in \(lengthBits) bits")
    }
    writer.patch(UInt64(length), bytes: lengthBits / 8, at: lengthOffset)
  }

  mutating func append(_ bytes: [UInt8]) {
    writer.append(bytes)
  }

  /// Writes the whole section and its CRC_32.
  mutating func section(_ s: SpliceInfoSection) throws(SCTE35Issue) {
    try put(UInt64(s.tableId), 8, "table_id")
    put(s.sectionSyntaxIndicator)
    put(s.privateIndicator)
    try put(UInt64(s.sapType), 2, "sap_type")
    writer.write(0, 12)  // section_length, patched below
    try put(UInt64(s.protocolVersion), 8, "protocol_version")
    put(s.encryptedPacket)
    try put(UInt64(s.encryptionAlgorithm), 6, "encryption_algorithm")
    try put(s.ptsAdjustment, 33, "pts_adjustment")
    try put(UInt64(s.cwIndex), 8, "cw_index")
    try put(UInt64(s.tier), 12, "tier")
    let commandLengthOffset = writer.count
    writer.write(0, 12)  // splice_command_length, patched below
    if let encrypted = s.encrypted {
      guard encrypted.spliceCommandLength <= 0xFFF else {
        throw .error(
          "out-of-range", "splice_command_length", commandLengthOffset,
          "\(encrypted.spliceCommandLength) does not fit in 12 bits")
      }
      writer.patch12(Int(encrypted.spliceCommandLength), at: commandLengthOffset)
      append(encrypted.bytes)
    } else {
      try put(UInt64(s.command.type), 8, "splice_command_type")
      let commandStart = writer.count
      try command(s.command)
      let commandLength = writer.count - commandStart
      guard commandLength < 0xFFF else {
        throw .error(
          "out-of-range", "splice_command_length", commandLengthOffset,
          "\(commandLength) does not fit in 12 bits")
      }
      writer.patch12(s.legacySpliceCommandLength ? 0xFFF : commandLength, at: commandLengthOffset)
      try lengthPrefixed(16, "descriptor_loop_length") { (e) throws(SCTE35Issue) in
        for d in s.descriptors { try e.descriptor(d) }
      }
      append(s.alignmentStuffing)
    }
    let sectionLength = writer.count + 4 - 3
    guard sectionLength <= 4093 else {
      throw .error("out-of-range", "section_length", 1, "\(sectionLength) is more than 4093")
    }
    writer.patch12(sectionLength, at: 1)
    let crc = CRC32MPEG2.checksum(writer.bytes)
    writer.write(UInt64(crc), 32)
  }
}

extension SectionEncoder {
  /// The encoded length of a command's fields (its `splice_command_length`), or `nil` when a
  /// value does not fit its field.
  static func length(of command: SpliceCommand) -> Int? {
    var encoder = SectionEncoder()
    guard (try? encoder.command(command)) != nil else { return nil }
    return encoder.writer.count
  }

  /// A descriptor's `descriptor_length`, or `nil` when a value does not fit its field.
  static func length(of descriptor: SpliceDescriptor) -> Int? {
    var encoder = SectionEncoder()
    guard (try? encoder.descriptor(descriptor)) != nil else { return nil }
    return encoder.writer.count - 2
  }
}

extension SpliceInfoSection {
  /// The section's bytes with every length and CRC_32 computed (SCTE 35 §9.2). Throws when a
  /// value does not fit its field (a 13-bit `sap_type`, a UPID over 255 bytes…).
  public func encoded() throws(SCTE35Issue) -> [UInt8] {
    var encoder = SectionEncoder()
    try encoder.section(self)
    return encoder.writer.bytes
  }

  /// The encoded section in base64 (with padding), as HLS tags carry it.
  public func base64Encoded() throws(SCTE35Issue) -> String {
    Base64.encode(try encoded())
  }

  /// The encoded section as `0x` and upper-case hex digits, the RFC 8216 hexadecimal-sequence
  /// of `EXT-X-DATERANGE` `SCTE35-OUT`/`SCTE35-IN`/`SCTE35-CMD`.
  public func hexEncoded() throws(SCTE35Issue) -> String {
    "0x" + Hex.encode(try encoded(), uppercase: true)
  }
}
