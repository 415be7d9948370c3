import ManifestCore

/// Names of the SCTE 35 XML forms (SCTE 35 §11, SCTE 214-1 §6.7.4).
public enum SCTE35XML {
  /// The namespace of the 2013 XML schema, also the DASH `EventStream@schemeIdUri` of
  /// events carrying `scte35:SpliceInfoSection`.
  public static let namespace = "urn:scte:scte35:2013:xml"
  /// The later schema namespace some packagers declare instead.
  public static let namespace2016 = "http://www.scte.org/schemas/35/2016"
  /// The DASH `EventStream@schemeIdUri` of events carrying `scte35:SpliceInfoSection`.
  public static let xmlScheme = "urn:scte:scte35:2013:xml"
  /// The DASH `EventStream@schemeIdUri` of events carrying `scte35:Signal/scte35:Binary`.
  public static let xmlBinaryScheme = "urn:scte:scte35:2014:xml+bin"
  /// The `emsg` scheme of binary sections.
  public static let binaryScheme = "urn:scte:scte35:2013:bin"

  /// Writes `<scte35:Signal><scte35:Binary>BASE64</scte35:Binary></scte35:Signal>` (the
  /// 2014 xml+bin form) for a payload already in base64; `namespace` is declared on the
  /// Signal element when given (leave it `nil` inside an MPD that declares the prefix).
  public static func writeBinary(
    base64: String, into writer: inout XMLWriter, prefix: String = "scte35",
    namespace: String? = SCTE35XML.namespace
  ) {
    writer.open(prefix + ":Signal", namespace.map { [("xmlns:" + prefix, $0)] } ?? [])
    writer.element(prefix + ":Binary", text: base64)
    writer.close()
  }
}

extension SpliceInfoSection {
  /// Writes the section as `<scte35:SpliceInfoSection>` in the SCTE 35 XML form, for a DASH
  /// `<Event>` of an `urn:scte:scte35:2013:xml` EventStream. `namespace` is declared on the
  /// element when given (leave it `nil` inside an MPD that declares the prefix). Unknown
  /// descriptors have no XML form and are left out (the xml+bin form keeps them); an encrypted
  /// section writes `EncryptedPacket` with the encrypted bytes in hex.
  public func writeXML(
    into writer: inout XMLWriter, prefix: String = "scte35",
    namespace: String? = SCTE35XML.namespace
  ) {
    var xml = SCTE35XMLWriter(writer: writer, prefix: prefix)
    var attributes = namespace.map { [("xmlns:" + prefix, $0)] } ?? []
    attributes += [
      ("protocolVersion", String(protocolVersion)), ("sapType", String(sapType)),
      ("ptsAdjustment", String(ptsAdjustment)), ("tier", String(tier)),
    ]
    xml.open("SpliceInfoSection", attributes)
    if let encrypted {
      xml.writer.element(
        prefix + ":EncryptedPacket",
        [("encryptionAlgorithm", String(encryptionAlgorithm)), ("cwIndex", String(cwIndex))],
        text: Hex.encode(encrypted.bytes))
    } else {
      xml.command(command)
      for descriptor in descriptors { xml.descriptor(descriptor) }
    }
    xml.close()
    writer = xml.writer
  }

  /// Writes the 2014 xml+bin form, `<scte35:Signal><scte35:Binary>` with the encoded section
  /// in base64; throws when the section cannot be encoded.
  public func writeXMLBinary(
    into writer: inout XMLWriter, prefix: String = "scte35",
    namespace: String? = SCTE35XML.namespace
  ) throws(SCTE35Issue) {
    SCTE35XML.writeBinary(
      base64: try base64Encoded(), into: &writer, prefix: prefix, namespace: namespace)
  }

  /// The section as a standalone XML element (see `writeXML`).
  public var xml: String {
    var writer = XMLWriter()
    writeXML(into: &writer)
    return writer.output
  }
}

/// Writes the elements of the SCTE 35 XML form with a prefix.
struct SCTE35XMLWriter {
  var writer: XMLWriter
  let prefix: String

  mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
    writer.open(prefix + ":" + name, attributes)
  }

  mutating func empty(_ name: String, _ attributes: [(String, String)] = []) {
    writer.empty(prefix + ":" + name, attributes)
  }

  mutating func close() { writer.close() }

  mutating func command(_ command: SpliceCommand) {
    switch command {
    case .spliceNull: empty("SpliceNull")
    case .bandwidthReservation: empty("BandwidthReservation")
    case .timeSignal(let t):
      open("TimeSignal")
      spliceTime(t.spliceTime)
      close()
    case .privateCommand(let p):
      open("PrivateCommand", [("identifier", String(p.identifier))])
      writer.element(prefix + ":PrivateBytes", text: Hex.encode(p.privateBytes))
      close()
    case .spliceInsert(let i): spliceInsert(i)
    case .spliceSchedule(let s):
      open("SpliceSchedule")
      for event in s.events { scheduleEvent(event) }
      close()
    }
  }

  mutating func spliceTime(_ time: SpliceTime) {
    empty("SpliceTime", time.ptsTime.map { [("ptsTime", String($0))] } ?? [])
  }

  mutating func breakDuration(_ b: BreakDuration) {
    empty(
      "BreakDuration", [("autoReturn", String(b.autoReturn)), ("duration", String(b.duration))])
  }

  mutating func spliceInsert(_ i: SpliceInsert) {
    var attributes = [
      ("spliceEventId", String(i.spliceEventId)),
      ("spliceEventCancelIndicator", String(i.spliceEventCancelIndicator)),
    ]
    guard !i.spliceEventCancelIndicator else {
      empty("SpliceInsert", attributes)
      return
    }
    attributes += [
      ("outOfNetworkIndicator", String(i.outOfNetworkIndicator)),
      ("spliceImmediateFlag", String(i.spliceImmediateFlag)),
      ("eventIdComplianceFlag", String(i.eventIdComplianceFlag)),
      ("uniqueProgramId", String(i.uniqueProgramId)), ("availNum", String(i.availNum)),
      ("availsExpected", String(i.availsExpected)),
    ]
    open("SpliceInsert", attributes)
    if let components = i.components {
      for c in components {
        if let time = c.spliceTime, !i.spliceImmediateFlag {
          open("Component", [("componentTag", String(c.componentTag))])
          spliceTime(time)
          close()
        } else {
          empty("Component", [("componentTag", String(c.componentTag))])
        }
      }
    } else if let time = i.spliceTime, !i.spliceImmediateFlag {
      open("Program")
      spliceTime(time)
      close()
    } else {
      empty("Program")
    }
    if let b = i.breakDuration { breakDuration(b) }
    close()
  }

  mutating func scheduleEvent(_ e: SpliceScheduleEvent) {
    var attributes = [
      ("spliceEventId", String(e.spliceEventId)),
      ("spliceEventCancelIndicator", String(e.spliceEventCancelIndicator)),
      ("eventIdComplianceFlag", String(e.eventIdComplianceFlag)),
    ]
    guard !e.spliceEventCancelIndicator else {
      empty("Event", attributes)
      return
    }
    attributes += [
      ("outOfNetworkIndicator", String(e.outOfNetworkIndicator)),
      ("uniqueProgramId", String(e.uniqueProgramId)), ("availNum", String(e.availNum)),
      ("availsExpected", String(e.availsExpected)),
    ]
    open("Event", attributes)
    if let components = e.components {
      for c in components {
        empty(
          "Component",
          [("componentTag", String(c.componentTag)), ("utcSpliceTime", String(c.utcSpliceTime))])
      }
    } else {
      empty("Program", [("utcSpliceTime", String(e.utcSpliceTime ?? 0))])
    }
    if let b = e.breakDuration { breakDuration(b) }
    close()
  }

  mutating func descriptor(_ descriptor: SpliceDescriptor) {
    switch descriptor {
    case .avail(let a): empty("AvailDescriptor", [("providerAvailId", String(a.providerAvailId))])
    case .dtmf(let d):
      empty("DTMFDescriptor", [("preroll", String(d.preroll)), ("chars", d.characters)])
    case .time(let t):
      empty(
        "TimeDescriptor",
        [
          ("taiSeconds", String(t.taiSeconds)), ("taiNs", String(t.taiNs)),
          ("utcOffset", String(t.utcOffset)),
        ])
    case .audio(let a):
      open("AudioDescriptor")
      for c in a.components {
        empty(
          "AudioChannel",
          [
            ("componentTag", String(c.componentTag)), ("ISOCode", c.language),
            ("bitStreamMode", String(c.bitStreamMode)), ("numChannels", String(c.numChannels)),
            ("fullSrvcAudio", String(c.fullSrvcAudio)),
          ])
      }
      close()
    case .segmentation(let s): segmentation(s)
    case .unknown: break
    }
  }

  mutating func segmentation(_ s: SegmentationDescriptor) {
    var attributes = [
      ("segmentationEventId", String(s.segmentationEventId)),
      ("segmentationEventCancelIndicator", String(s.segmentationEventCancelIndicator)),
      ("segmentationEventIdComplianceIndicator", String(s.segmentationEventIdComplianceIndicator)),
    ]
    guard !s.segmentationEventCancelIndicator else {
      empty("SegmentationDescriptor", attributes)
      return
    }
    if let duration = s.segmentationDuration {
      attributes.append(("segmentationDuration", String(duration)))
    }
    attributes += [
      ("segmentationTypeId", String(s.segmentationTypeId)), ("segmentNum", String(s.segmentNum)),
      ("segmentsExpected", String(s.segmentsExpected)),
    ]
    if let num = s.subSegmentNum {
      attributes += [
        ("subSegmentNum", String(num)), ("subSegmentsExpected", String(s.subSegmentsExpected ?? 0)),
      ]
    }
    open("SegmentationDescriptor", attributes)
    if let r = s.deliveryRestrictions {
      empty(
        "DeliveryRestrictions",
        [
          ("webDeliveryAllowedFlag", String(r.webDeliveryAllowedFlag)),
          ("noRegionalBlackoutFlag", String(r.noRegionalBlackoutFlag)),
          ("archiveAllowedFlag", String(r.archiveAllowedFlag)),
          ("deviceRestrictions", String(r.deviceRestrictions)),
        ])
    }
    if let nested = s.segmentationUpid.mid {
      for upid in nested { segmentationUpid(upid) }
    } else if s.segmentationUpid.type != 0 || !s.segmentationUpid.bytes.isEmpty {
      segmentationUpid(s.segmentationUpid)
    }
    for c in s.components ?? [] {
      empty(
        "Component", [("componentTag", String(c.componentTag)), ("ptsOffset", String(c.ptsOffset))])
    }
    close()
  }

  /// `<SegmentationUpid>`: text for the text types, else hex; an MPU also carries its
  /// `formatIdentifier`.
  mutating func segmentationUpid(_ upid: SegmentationUPID) {
    var attributes = [("segmentationUpidType", String(upid.type))]
    let content: String
    if let text = upid.text {
      attributes.append(("segmentationUpidFormat", "text"))
      content = text
    } else {
      attributes.append(("segmentationUpidFormat", "hexbinary"))
      if let mpu = upid.mpu {
        attributes.append(("formatIdentifier", String(mpu.formatIdentifier)))
      }
      content = Hex.encode(upid.bytes)
    }
    if content.isEmpty {
      empty("SegmentationUpid", attributes)
    } else {
      writer.element(prefix + ":SegmentationUpid", attributes, text: content)
    }
  }
}
