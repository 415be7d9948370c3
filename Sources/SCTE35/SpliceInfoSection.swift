/// A splice_info_section (SCTE 35 §9.2): the header, one splice command and the splice
/// descriptors. Lengths and CRC_32 are not stored: encoding computes them.
///
/// Decode with `SpliceInfoSection.decode(_:)` (base64, hex or bytes; the result holds warnings
/// and errors too) or `init(_:)`; encode with `encoded()`, `base64Encoded()` or `hexEncoded()`.
///
/// A value type whose fields live in one copy-on-write box, so copies and optionals of it cost a
/// reference count rather than a copy of every field.
public struct SpliceInfoSection: Sendable, Hashable {
  /// The fields.
  struct Fields: Sendable, Hashable {
    var tableId: UInt8
    var sectionSyntaxIndicator: Bool
    var privateIndicator: Bool
    var sapType: UInt8
    var protocolVersion: UInt8
    var encryptionAlgorithm: UInt8
    var ptsAdjustment: UInt64
    var cwIndex: UInt8
    var tier: UInt16
    var legacySpliceCommandLength: Bool
    var command: SpliceCommand
    var descriptors: [SpliceDescriptor]
    var alignmentStuffing: [UInt8]
    var encrypted: EncryptedPart?
  }

  /// The box holding the fields; replaced by a copy before a mutation when shared.
  final class Storage: @unchecked Sendable {
    var fields: Fields

    init(_ fields: Fields) {
      self.fields = fields
    }
  }

  private var storage: Storage

  /// The box, unshared first so it can be mutated.
  private var unique: Storage {
    mutating get {
      if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
      return storage
    }
  }

  /// A section with the usual header (table 0xFC, SAP type 3, tier 0xFFF, version 0).
  public init(
    command: SpliceCommand, descriptors: [SpliceDescriptor] = [], ptsAdjustment: UInt64 = 0,
    tier: UInt16 = 0xFFF, sapType: UInt8 = 3, protocolVersion: UInt8 = 0, cwIndex: UInt8 = 0,
    tableId: UInt8 = 0xFC, sectionSyntaxIndicator: Bool = false, privateIndicator: Bool = false,
    encryptionAlgorithm: UInt8 = 0, legacySpliceCommandLength: Bool = false,
    alignmentStuffing: [UInt8] = [], encrypted: EncryptedPart? = nil
  ) {
    storage = Storage(
      Fields(
        tableId: tableId, sectionSyntaxIndicator: sectionSyntaxIndicator,
        privateIndicator: privateIndicator, sapType: sapType, protocolVersion: protocolVersion,
        encryptionAlgorithm: encryptionAlgorithm, ptsAdjustment: ptsAdjustment, cwIndex: cwIndex,
        tier: tier, legacySpliceCommandLength: legacySpliceCommandLength, command: command,
        descriptors: descriptors, alignmentStuffing: alignmentStuffing, encrypted: encrypted))
  }

  /// A section holding `storage` (which the caller may go on filling until it hands the
  /// section out).
  init(storage: Storage) {
    self.storage = storage
  }

  public static func == (lhs: SpliceInfoSection, rhs: SpliceInfoSection) -> Bool {
    lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.fields)
  }

  /// `table_id`: 0xFC.
  public var tableId: UInt8 {
    get { storage.fields.tableId }
    _modify {
      let box = unique
      yield &box.fields.tableId
    }
  }

  /// `section_syntax_indicator`: 0 for SCTE 35.
  public var sectionSyntaxIndicator: Bool {
    get { storage.fields.sectionSyntaxIndicator }
    _modify {
      let box = unique
      yield &box.fields.sectionSyntaxIndicator
    }
  }

  /// `private_indicator`: 0 for SCTE 35.
  public var privateIndicator: Bool {
    get { storage.fields.privateIndicator }
    _modify {
      let box = unique
      yield &box.fields.privateIndicator
    }
  }

  /// `sap_type` (2 bits, Table 5): 3 means not specified.
  public var sapType: UInt8 {
    get { storage.fields.sapType }
    _modify {
      let box = unique
      yield &box.fields.sapType
    }
  }

  /// `protocol_version`: 0.
  public var protocolVersion: UInt8 {
    get { storage.fields.protocolVersion }
    _modify {
      let box = unique
      yield &box.fields.protocolVersion
    }
  }

  /// `encryption_algorithm` (6 bits, Table 27) of an encrypted section.
  public var encryptionAlgorithm: UInt8 {
    get { storage.fields.encryptionAlgorithm }
    _modify {
      let box = unique
      yield &box.fields.encryptionAlgorithm
    }
  }

  /// `pts_adjustment` in 90 kHz ticks (33 bits), added to every `pts_time` (§9.6.1).
  public var ptsAdjustment: UInt64 {
    get { storage.fields.ptsAdjustment }
    _modify {
      let box = unique
      yield &box.fields.ptsAdjustment
    }
  }

  /// `cw_index`: the control word of an encrypted section.
  public var cwIndex: UInt8 {
    get { storage.fields.cwIndex }
    _modify {
      let box = unique
      yield &box.fields.cwIndex
    }
  }

  /// `tier` (12 bits): 0xFFF means all tiers.
  public var tier: UInt16 {
    get { storage.fields.tier }
    _modify {
      let box = unique
      yield &box.fields.tier
    }
  }

  /// True when `splice_command_length` is the legacy value 0xFFF ("parse the command to find
  /// its length", SCTE 35 2004 and earlier); encoding writes 0xFFF again.
  public var legacySpliceCommandLength: Bool {
    get { storage.fields.legacySpliceCommandLength }
    _modify {
      let box = unique
      yield &box.fields.legacySpliceCommandLength
    }
  }

  /// The splice command.
  public var command: SpliceCommand {
    get { storage.fields.command }
    _modify {
      let box = unique
      yield &box.fields.command
    }
  }

  /// The splice descriptors, in order.
  public var descriptors: [SpliceDescriptor] {
    get { storage.fields.descriptors }
    _modify {
      let box = unique
      yield &box.fields.descriptors
    }
  }

  /// `alignment_stuffing` bytes between the descriptor loop and CRC_32.
  public var alignmentStuffing: [UInt8] {
    get { storage.fields.alignmentStuffing }
    _modify {
      let box = unique
      yield &box.fields.alignmentStuffing
    }
  }

  /// The encrypted part of a section with `encrypted_packet` 1 (§9.8): from
  /// `splice_command_type` through `E_CRC_32`, kept as transmitted. `command` and
  /// `descriptors` are then `.spliceNull` and empty: they cannot be read without the key.
  public var encrypted: EncryptedPart? {
    get { storage.fields.encrypted }
    _modify {
      let box = unique
      yield &box.fields.encrypted
    }
  }

  /// `encrypted_packet`.
  public var encryptedPacket: Bool { encrypted != nil }

  /// The meaning of `sap_type` (Table 5).
  public var sapTypeName: String { Self.sapTypeName(sapType) }

  /// The meaning of a `sap_type` value (Table 5).
  public static func sapTypeName(_ value: UInt8) -> String {
    switch value {
    case 0: "Type 1"
    case 1: "Type 2"
    case 2: "Type 3"
    default: "Not Specified"
    }
  }

  /// The name of an `encryption_algorithm` (Table 27).
  public static func encryptionAlgorithmName(_ value: UInt8) -> String {
    switch value {
    case 0: "No encryption"
    case 1: "DES – ECB mode"
    case 2: "DES – CBC mode"
    case 3: "Triple DES EDE3 – ECB mode"
    case 4...31: "Reserved"
    default: "User private"
    }
  }
}

/// The encrypted part of a splice_info_section (SCTE 35 §9.8), kept as transmitted.
public struct EncryptedPart: Sendable, Hashable {
  /// `splice_command_length` as transmitted (it is in the clear).
  public var spliceCommandLength: UInt16
  /// The bytes from `splice_command_type` through `E_CRC_32`.
  public var bytes: [UInt8]

  /// An encrypted part.
  public init(spliceCommandLength: UInt16, bytes: [UInt8]) {
    self.spliceCommandLength = spliceCommandLength
    self.bytes = bytes
  }
}
