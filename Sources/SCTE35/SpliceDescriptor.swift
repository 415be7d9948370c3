/// A splice_descriptor() of the descriptor loop (SCTE 35 §10.2, Table 16).
public enum SpliceDescriptor: Sendable, Hashable {
  /// avail_descriptor() (§10.3.1, tag 0x00).
  case avail(AvailDescriptor)
  /// DTMF_descriptor() (§10.3.2, tag 0x01).
  case dtmf(DTMFDescriptor)
  /// segmentation_descriptor() (§10.3.3, tag 0x02).
  case segmentation(SegmentationDescriptor)
  /// time_descriptor() (§10.3.4, tag 0x03).
  case time(TimeDescriptor)
  /// audio_descriptor() (§10.3.5, tag 0x04).
  case audio(AudioDescriptor)
  /// A descriptor with a reserved tag or a private identifier, kept as bytes.
  case unknown(UnknownDescriptor)

  /// The identifier of every descriptor SCTE 35 defines: "CUEI" (0x43554549).
  public static let cueIdentifier: UInt32 = 0x4355_4549

  /// `splice_descriptor_tag`.
  public var tag: UInt8 {
    switch self {
    case .avail: 0x00
    case .dtmf: 0x01
    case .segmentation: 0x02
    case .time: 0x03
    case .audio: 0x04
    case .unknown(let d): d.tag
    }
  }

  /// `identifier`: "CUEI" for the descriptors of SCTE 35, else the private one (`nil` for an
  /// unknown descriptor too short to carry one).
  public var identifier: UInt32? {
    if case .unknown(let d) = self { return d.identifier }
    return Self.cueIdentifier
  }

  /// The descriptor's syntax name (`segmentation_descriptor`), or `private_descriptor`.
  public var name: String {
    switch self {
    case .avail: "avail_descriptor"
    case .dtmf: "DTMF_descriptor"
    case .segmentation: "segmentation_descriptor"
    case .time: "time_descriptor"
    case .audio: "audio_descriptor"
    case .unknown: "private_descriptor"
    }
  }

  /// The segmentation descriptor, for `.segmentation`.
  public var segmentation: SegmentationDescriptor? {
    if case .segmentation(let d) = self { return d }
    return nil
  }
}

/// avail_descriptor() (SCTE 35 §10.3.1).
public struct AvailDescriptor: Sendable, Hashable {
  /// `provider_avail_id`.
  public var providerAvailId: UInt32

  /// An avail descriptor.
  public init(providerAvailId: UInt32) {
    self.providerAvailId = providerAvailId
  }
}

/// DTMF_descriptor() (SCTE 35 §10.3.2).
public struct DTMFDescriptor: Sendable, Hashable {
  /// `preroll` in tenths of a second.
  public var preroll: UInt8
  /// `DTMF_char`s (ASCII `0`–`9`, `*`, `#`), at most 7.
  public var dtmfChars: [UInt8]
  /// The 5 reserved bits as transmitted when they are not all ones; `nil` otherwise.
  public var reservedBits: UInt8?

  /// A DTMF descriptor.
  public init(preroll: UInt8, dtmfChars: [UInt8], reservedBits: UInt8? = nil) {
    self.preroll = preroll
    self.dtmfChars = dtmfChars
    self.reservedBits = reservedBits
  }

  /// The characters as text.
  public var characters: String { String(decoding: dtmfChars, as: UTF8.self) }
}

/// time_descriptor() (SCTE 35 §10.3.4): TAI time and the UTC offset.
public struct TimeDescriptor: Sendable, Hashable {
  /// `TAI_seconds` (48 bits).
  public var taiSeconds: UInt64
  /// `TAI_ns`.
  public var taiNs: UInt32
  /// `UTC_offset` in seconds.
  public var utcOffset: UInt16

  /// A time descriptor.
  public init(taiSeconds: UInt64, taiNs: UInt32, utcOffset: UInt16) {
    self.taiSeconds = taiSeconds
    self.taiNs = taiNs
    self.utcOffset = utcOffset
  }
}

/// audio_descriptor() (SCTE 35 §10.3.5).
public struct AudioDescriptor: Sendable, Hashable {
  /// The audio components (`audio_count` of them, at most 15).
  public var components: [AudioComponent]
  /// The 4 reserved bits as transmitted when they are not all ones; `nil` otherwise.
  public var reservedBits: UInt8?

  /// An audio descriptor.
  public init(components: [AudioComponent], reservedBits: UInt8? = nil) {
    self.components = components
    self.reservedBits = reservedBits
  }
}

/// One component of an audio_descriptor().
public struct AudioComponent: Sendable, Hashable {
  /// `component_tag`.
  public var componentTag: UInt8
  /// `ISO_code`: a 24-bit ISO 639-2 language code, three ASCII letters.
  public var isoCode: UInt32
  /// `Bit_Stream_Mode` (3 bits, ATSC A/52).
  public var bitStreamMode: UInt8
  /// `Num_Channels` (4 bits).
  public var numChannels: UInt8
  /// `Full_Srvc_Audio`.
  public var fullSrvcAudio: Bool

  /// An audio component.
  public init(
    componentTag: UInt8, isoCode: UInt32, bitStreamMode: UInt8, numChannels: UInt8,
    fullSrvcAudio: Bool
  ) {
    self.componentTag = componentTag
    self.isoCode = isoCode
    self.bitStreamMode = bitStreamMode
    self.numChannels = numChannels
    self.fullSrvcAudio = fullSrvcAudio
  }

  /// The language code as text (`eng`).
  public var language: String {
    String(
      decoding: [UInt8(isoCode >> 16 & 0xFF), UInt8(isoCode >> 8 & 0xFF), UInt8(isoCode & 0xFF)],
      as: UTF8.self)
  }
}

/// A descriptor this library does not interpret: a reserved tag, or a descriptor whose
/// identifier is not "CUEI" (a private descriptor, §10.2). Its bytes are kept as transmitted.
public struct UnknownDescriptor: Sendable, Hashable {
  /// `splice_descriptor_tag`.
  public var tag: UInt8
  /// The bytes after `descriptor_length` (the identifier first, when there are four or more).
  public var bytes: [UInt8]

  /// An uninterpreted descriptor.
  public init(tag: UInt8, bytes: [UInt8]) {
    self.tag = tag
    self.bytes = bytes
  }

  /// The first four bytes as the `identifier`, or `nil` when there are fewer.
  public var identifier: UInt32? {
    guard bytes.count >= 4 else { return nil }
    return UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8
      | UInt32(bytes[3])
  }
}
