/// Reads a splice_info_section (SCTE 35 §9.2) field by field, collecting warnings and keeping
/// what it decoded before an error (the header and command, and the descriptors before the
/// failing one) for a best-effort report.
struct SectionDecoder {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var warnings: [SCTE35Issue] = []
  private var crc32: UInt32?
  private var crcValid = false
  /// The first length field that claimed more bytes than remained; decoding went on within
  /// what remained (as threefive and scte35-go do), and this is the result's error.
  private var overflow: DecodeFailure?
  /// The descriptor decoded from the bytes left after an overflowing descriptor_length (at most
  /// one; an array rather than an optional, which the success path would copy generically).
  private var salvaged: [SpliceDescriptor] = []

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Decodes the section in `bytes`.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> SCTE35Decoding {
    var decoder = SectionDecoder(bytes)
    var section: SpliceInfoSection? = nil
    do throws(DecodeFailure) {
      try decoder.decode(into: &section)
    } catch let failure {
      return decoder.result(section, error: decoder.overflow ?? failure)
    }
    if decoder.overflow == nil && decoder.warnings.isEmpty {
      // The common case: nothing to report, so no problems box and no issue is made.
      return SCTE35Decoding(section: section, crc32: decoder.crc32, crcValid: decoder.crcValid)
    }
    return decoder.result(section, error: decoder.overflow)
  }

  /// The result with the warnings, `error` and the salvaged descriptor.
  @inline(never)
  private func result(_ section: SpliceInfoSection?, error: DecodeFailure?) -> SCTE35Decoding {
    SCTE35Decoding(
      section: section, crc32: crc32, crcValid: crcValid, warnings: warnings,
      error: error?.issue, salvaged: salvaged.first)
  }

  private mutating func decode(into result: inout SpliceInfoSection?) throws(DecodeFailure) {
    var reader = BitReader(bytes, scope: .payload)
    let tableId = try reader.uint8("table_id")
    guard tableId == 0xFC else {
      throw DecodeFailure(
        kind: .notSpliceInfo, field: "table_id", offset: 0, a: Int(tableId), b: 0, scope: .payload)
    }
    let syntaxIndicator: Bool
    let privateIndicator: Bool
    let sapType: UInt8
    let sectionLength: Int
    if bytes.count >= 3 {
      // The usual case: the rest of the header is there, so it is read at once.
      syntaxIndicator = bytes[1] & 0x80 != 0
      privateIndicator = bytes[1] & 0x40 != 0
      sapType = bytes[1] >> 4 & 3
      sectionLength = Int(bytes[1] & 0x0F) << 8 | Int(bytes[2])
      reader.seek(toByte: 3)
    } else {
      syntaxIndicator = try reader.flag("section_syntax_indicator")
      privateIndicator = try reader.flag("private_indicator")
      sapType = UInt8(try reader.bits(2, "sap_type"))
      sectionLength = Int(try reader.bits(12, "section_length"))
    }
    let total = 3 + sectionLength
    guard total <= bytes.count else {
      throw reader.overflow("section_length", at: 1, sectionLength)
    }
    guard sectionLength >= 4 else {
      throw DecodeFailure(
        kind: .sectionTooShort, field: "section_length", offset: 1, a: sectionLength, b: 0,
        scope: .payload)
    }
    if total < bytes.count {
      let extra = bytes.count - total
      warnings.append(
        .warning(
          "trailing-bytes", "section_length", 1,
          "\(sectionLength) bytes declared; the \(extra) byte\(extra == 1 ? "" : "s") after "
            + "the section \(extra == 1 ? "is" : "are") ignored"))
    }
    if syntaxIndicator { warnings.append(indicatorWarning("section_syntax_indicator")) }
    if privateIndicator { warnings.append(indicatorWarning("private_indicator")) }
    checkCRC(bytes, total: total)

    reader = BitReader(bytes, start: 3, end: total - 4, scope: .section)
    let protocolVersion: UInt8
    let encryptedPacket: Bool
    let algorithm: UInt8
    let ptsAdjustment: UInt64
    let cwIndex: UInt8
    let tier: UInt16
    let commandLength: Int
    if reader.bytesLeft >= 10 {
      // The usual case: protocol_version through splice_command_length (bytes 3 to 12) are
      // there, so they are read at once; field by field below, to name the one cut short.
      protocolVersion = bytes[3]
      checkProtocolVersion(protocolVersion)
      encryptedPacket = bytes[4] & 0x80 != 0
      algorithm = bytes[4] >> 1 & 0x3F
      ptsAdjustment =
        UInt64(bytes[4] & 1) << 32 | UInt64(bytes[5]) << 24 | UInt64(bytes[6]) << 16
        | UInt64(bytes[7]) << 8 | UInt64(bytes[8])
      cwIndex = bytes[9]
      tier = UInt16(bytes[10]) << 4 | UInt16(bytes[11] >> 4)
      commandLength = Int(bytes[11] & 0x0F) << 8 | Int(bytes[12])
      reader.seek(toByte: 13)
    } else {
      protocolVersion = try reader.uint8("protocol_version")
      checkProtocolVersion(protocolVersion)
      encryptedPacket = try reader.flag("encrypted_packet")
      algorithm = UInt8(try reader.bits(6, "encryption_algorithm"))
      ptsAdjustment = try reader.bits(33, "pts_adjustment")
      cwIndex = try reader.uint8("cw_index")
      tier = UInt16(try reader.bits(12, "tier"))
      commandLength = Int(try reader.bits(12, "splice_command_length"))
    }
    func section(
      _ command: SpliceCommand, _ descriptors: [SpliceDescriptor], _ stuffing: [UInt8] = [],
      _ encrypted: EncryptedPart? = nil
    ) -> SpliceInfoSection {
      SpliceInfoSection(
        storage: SpliceInfoSection.Storage(
          SpliceInfoSection.Fields(
            tableId: tableId, sectionSyntaxIndicator: syntaxIndicator,
            privateIndicator: privateIndicator, sapType: sapType, protocolVersion: protocolVersion,
            encryptionAlgorithm: algorithm, ptsAdjustment: ptsAdjustment, cwIndex: cwIndex,
            tier: tier, legacySpliceCommandLength: commandLength == 0xFFF, command: command,
            descriptors: descriptors, alignmentStuffing: stuffing, encrypted: encrypted)))
    }

    if encryptedPacket {
      let encrypted = EncryptedPart(
        spliceCommandLength: UInt16(commandLength),
        bytes: try reader.byteArray(reader.bytesLeft, "splice_command_type"))
      warnings.append(
        .warning(
          "encrypted", "encrypted_packet", 4,
          "the section is encrypted (encryption_algorithm \(algorithm), "
            + "\(SpliceInfoSection.encryptionAlgorithmName(algorithm)), cw_index \(cwIndex)); "
            + "the command and descriptors cannot be decoded"))
      result = section(.spliceNull, [], [], encrypted)
      return
    }

    let command = try command(&reader, length: commandLength)
    var descriptors: [SpliceDescriptor] = []
    if overflow != nil {
      // The command was read from what the section has; the descriptor loop is read only
      // where it would end exactly at CRC_32, so a wrong splice_command_length never turns
      // command bytes into descriptors.
      guard reader.bytesLeft >= 2,
        Int(bytes[reader.byteOffset]) << 8 | Int(bytes[reader.byteOffset + 1])
          == reader.bytesLeft - 2
      else {
        result = section(command, [])
        return
      }
    }
    do {
      try descriptorLoop(&reader, into: &descriptors)
    } catch {
      result = section(command, descriptors)
      throw error
    }
    let stuffing =
      reader.bytesLeft > 0 ? try reader.byteArray(reader.bytesLeft, "alignment_stuffing") : []
    result = section(command, descriptors, stuffing)
  }

  /// Reads `descriptor_loop_length` and the descriptors, leaving the reader after the loop.
  private mutating func descriptorLoop(
    _ reader: inout BitReader, into descriptors: inout [SpliceDescriptor]
  ) throws(DecodeFailure) {
    let loopOffset = reader.byteOffset
    var loopLength = Int(try reader.uint16("descriptor_loop_length"))
    if loopLength > reader.bytesLeft {
      record(reader.overflow("descriptor_loop_length", at: loopOffset, loopLength))
      loopLength = reader.bytesLeft
    }
    let loopEnd = reader.byteOffset + loopLength
    let saved = reader.narrow(to: loopLength, scope: .descriptorLoop(length: loopLength))
    while reader.bytesLeft > 0 {
      let start = reader.byteOffset
      if reader.bytesLeft >= 2, Int(bytes[start + 1]) > reader.bytesLeft - 2 {
        // A descriptor_length past the loop: its fields are decoded from what is left (kept
        // apart, as `salvagedDescriptor`), and the loop ends there.
        record(
          DecodeFailure(
            kind: .lengthOverflow, field: "descriptor_length", offset: start + 1,
            a: Int(bytes[start + 1]), b: reader.bytesLeft - 2, scope: reader.scope))
        var scratch: [SCTE35Issue] = []
        if let descriptor = try? reader.spliceDescriptor(warnings: &scratch, upToEnd: true) {
          salvaged = [descriptor]
        }
        break
      }
      let descriptor = try reader.spliceDescriptor(warnings: &warnings)
      // Most sections carry one descriptor: an array of exactly one is cheaper than growing.
      if descriptors.isEmpty {
        descriptors = [descriptor]
      } else {
        descriptors.append(descriptor)
      }
    }
    reader.restore(saved)
    reader.seek(toByte: loopEnd)
  }

  /// Reads `splice_command_type` and the command, within `splice_command_length` unless it is
  /// the legacy 0xFFF.
  private mutating func command(_ reader: inout BitReader, length: Int) throws(DecodeFailure)
    -> SpliceCommand
  {
    let typeOffset = reader.byteOffset
    let type = try reader.uint8("splice_command_type")
    if length == 0xFFF {
      return try reader.spliceCommand(type: type, at: typeOffset)
    }
    guard length <= reader.bytesLeft else {
      // Commands delimit themselves: read this one from what the section has.
      record(reader.overflow("splice_command_length", at: 11, length))
      return try reader.spliceCommand(type: type, at: typeOffset)
    }
    let end = reader.byteOffset + length
    let saved = reader.narrow(to: length, scope: .command(type: type, length: length))
    let command = try reader.spliceCommand(type: type, at: typeOffset)
    if reader.bytesLeft > 0 {
      warnings.append(
        .warning(
          "unused-bytes", "splice_command_length", 11,
          "\(length) bytes declared but \(command.name)() uses \(length - reader.bytesLeft); "
            + "\(reader.bytesLeft) byte\(reader.bytesLeft == 1 ? "" : "s") ignored"))
    }
    reader.restore(saved)
    reader.seek(toByte: end)
    return command
  }

  /// Keeps the first length overflow.
  private mutating func record(_ failure: DecodeFailure) {
    if overflow == nil { overflow = failure }
  }

  /// Warns about a `protocol_version` other than 0.
  private mutating func checkProtocolVersion(_ version: UInt8) {
    guard version != 0 else { return }
    warnings.append(
      .warning(
        "protocol-version", "protocol_version", 3,
        "\(version) is not 0; the fields after it may mean something else"))
  }

  private func indicatorWarning(_ field: String) -> SCTE35Issue {
    .warning("header-flag", field, 1, "is 1; SCTE 35 sets it to 0")
  }

  private mutating func checkCRC(_ bytes: UnsafeBufferPointer<UInt8>, total: Int) {
    let stored =
      UInt32(bytes[total - 4]) << 24 | UInt32(bytes[total - 3]) << 16
      | UInt32(bytes[total - 2]) << 8 | UInt32(bytes[total - 1])
    let computed = CRC32MPEG2.checksum(UnsafeBufferPointer(rebasing: bytes[0..<total - 4]))
    crc32 = stored
    crcValid = stored == computed
    if stored != computed {
      warnings.append(
        .warning(
          "crc-mismatch", "CRC_32", total - 4,
          "0x\(hex8(stored)) does not match the computed 0x\(hex8(computed))"))
    }
  }

  private func hex8(_ value: UInt32) -> String {
    (0..<4).map { BitReader.hex2(UInt8(truncatingIfNeeded: value >> UInt32(24 - 8 * $0))) }.joined()
  }
}
