extension SectionEncoder {
  /// One splice_descriptor() (SCTE 35 §10.2) with its tag and computed `descriptor_length`.
  mutating func descriptor(_ d: SpliceDescriptor) throws(SCTE35Issue) {
    try put(UInt64(d.tag), 8, "splice_descriptor_tag")
    try lengthPrefixed(8, "descriptor_length") { (e) throws(SCTE35Issue) in
      if case .unknown(let u) = d {
        e.append(u.bytes)
        return
      }
      try e.put(UInt64(SpliceDescriptor.cueIdentifier), 32, "identifier")
      switch d {
      case .avail(let a): try e.put(UInt64(a.providerAvailId), 32, "provider_avail_id")
      case .dtmf(let t):
        try e.put(UInt64(t.preroll), 8, "preroll")
        try e.put(UInt64(t.dtmfChars.count), 3, "dtmf_count")
        e.reserved(t.reservedBits.map(UInt64.init), 5)
        e.append(t.dtmfChars)
      case .segmentation(let s): try e.segmentation(s)
      case .time(let t):
        try e.put(t.taiSeconds, 48, "TAI_seconds")
        try e.put(UInt64(t.taiNs), 32, "TAI_ns")
        try e.put(UInt64(t.utcOffset), 16, "UTC_offset")
      case .audio(let a):
        try e.put(UInt64(a.components.count), 4, "audio_count")
        e.reserved(a.reservedBits.map(UInt64.init), 4)
        for c in a.components {
          try e.put(UInt64(c.componentTag), 8, "component_tag")
          try e.put(UInt64(c.isoCode), 24, "ISO_code")
          try e.put(UInt64(c.bitStreamMode), 3, "Bit_Stream_Mode")
          try e.put(UInt64(c.numChannels), 4, "Num_Channels")
          e.put(c.fullSrvcAudio)
        }
      case .unknown: break
      }
    }
  }

  /// segmentation_descriptor() (SCTE 35 §10.3.3) after the identifier.
  mutating func segmentation(_ s: SegmentationDescriptor) throws(SCTE35Issue) {
    let reservedBits = s.reservedBits.map(UInt64.init)
    try put(UInt64(s.segmentationEventId), 32, "segmentation_event_id")
    put(s.segmentationEventCancelIndicator)
    put(s.segmentationEventIdComplianceIndicator)
    reserved(reservedBits.map { $0 >> 5 }, 6)
    guard !s.segmentationEventCancelIndicator else { return }
    put(s.programSegmentationFlag)
    put(s.segmentationDurationFlag)
    put(s.deliveryNotRestrictedFlag)
    if let r = s.deliveryRestrictions {
      put(r.webDeliveryAllowedFlag)
      put(r.noRegionalBlackoutFlag)
      put(r.archiveAllowedFlag)
      try put(UInt64(r.deviceRestrictions), 2, "device_restrictions")
    } else {
      reserved(reservedBits.map { $0 & 0x1F }, 5)
    }
    if let components = s.components {
      try put(UInt64(components.count), 8, "component_count")
      for c in components {
        try put(UInt64(c.componentTag), 8, "component_tag")
        reserved(c.reservedBits.map(UInt64.init), 7)
        try put(c.ptsOffset, 33, "pts_offset")
      }
    }
    if let duration = s.segmentationDuration {
      try put(duration, 40, "segmentation_duration")
    }
    try put(UInt64(s.segmentationUpid.type), 8, "segmentation_upid_type")
    try lengthPrefixed(8, "segmentation_upid_length") { e in
      e.append(s.segmentationUpid.bytes)
    }
    try put(UInt64(s.segmentationTypeId), 8, "segmentation_type_id")
    try put(UInt64(s.segmentNum), 8, "segment_num")
    try put(UInt64(s.segmentsExpected), 8, "segments_expected")
    if let num = s.subSegmentNum {
      try put(UInt64(num), 8, "sub_segment_num")
      try put(UInt64(s.subSegmentsExpected ?? 0), 8, "sub_segments_expected")
    }
  }
}
