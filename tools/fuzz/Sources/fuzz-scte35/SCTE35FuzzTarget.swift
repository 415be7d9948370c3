import FuzzSupport
import ManifestCore
import SCTE35

/// SCTE-35 decoding of arbitrary input three ways: as section bytes, as section bytes with the
/// CRC_32 mended (so mutations get past the CRC check), and as base64/hex payload text; input
/// starting with `{` is also read as the JSON form `scte35-tool encode` takes. A section that
/// decodes without an error or a warning must encode back to exactly its bytes, and its JSON
/// form must read back to the same JSON. Every rendering (JSON, text, XML) stays in proportion
/// to the input: at most 256 times its size plus 64 KiB.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSCTE35(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = fuzzInput(data, size)
  check(SpliceInfoSection.decode(bytes: input), input, inputSize: input.count)
  if input.count >= 4 {
    var mended = input
    let crc = crc32MPEG2(mended.dropLast(4))
    for i in 0..<4 { mended[mended.count - 4 + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
    check(SpliceInfoSection.decode(bytes: mended), mended, inputSize: input.count)
  }
  let fromText = SpliceInfoSection.decode(text: input, 0..<input.count)
  check(fromText, nil, inputSize: input.count)
  if input.first == UInt8(ascii: "{"), let json = try? JSONValue.parse(input) {
    if let section = try? SpliceInfoSection(json: json) {
      _ = try? section.encoded()
      exercise(section, inputSize: input.count)
    }
  }
  return 0
}

/// Renders every form of a decoding; `bytes` are the section bytes when known.
private func check(_ result: SCTE35Decoding, _ bytes: [UInt8]?, inputSize: Int) {
  bounded(result.json.serialized(pretty: true).count, inputSize, "the JSON form")
  bounded(result.text.utf8.count, inputSize, "the text form")
  requireOneFieldPerLine(result.text)
  bounded(result.issues.reduce(0) { $0 + $1.message.utf8.count }, inputSize, "the issues")
  guard let section = result.section else { return }
  exercise(section, inputSize: inputSize)
  guard result.error == nil, result.warnings.isEmpty else { return }
  let encoded: [UInt8]
  do {
    encoded = try section.encoded()
  } catch {
    FuzzCheck.require(false, "a clean section does not encode: \(error)")
    return
  }
  if let bytes {
    FuzzCheck.require(
      encoded == bytes,
      "decode→encode changed the section: \(Hex.encode(bytes)) → \(Hex.encode(encoded))")
  }
  let json = section.json()
  let back: SpliceInfoSection
  do {
    back = try SpliceInfoSection(json: json)
  } catch {
    FuzzCheck.require(false, "the JSON form does not read back (\(error)): \(json.jsonString())")
    return
  }
  FuzzCheck.require(
    withoutCRC(back.json()) == withoutCRC(json),
    "JSON round trip changed the section: \(json.jsonString()) → \(back.json().jsonString())")
}

private func exercise(_ section: SpliceInfoSection, inputSize: Int) {
  bounded(section.xml.utf8.count, inputSize, "the XML form")
  var writer = XMLWriter()
  try? section.writeXMLBinary(into: &writer)
  bounded(section.text.utf8.count, inputSize, "the section's text form")
  _ = (section.isAdBreakOut, section.isAdBreakIn, section.isCancel, section.ptsTimeSeconds)
  _ = (section.duration, section.adBreakDuration, section.spliceEventId)
  _ = (section.segmentationEventId, section.adBreakStartDescriptor, section.endDescriptor)
  for descriptor in section.segmentationDescriptors {
    _ = descriptor.segmentationUpid.displayValue
  }
}

/// The injection invariant of the text view: a line feed only ends a field's line, and no other
/// control character reaches it (values holding them are escaped).
private func requireOneFieldPerLine(_ text: String) {
  let control = text.unicodeScalars.first { scalar in
    scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
  }
  FuzzCheck.require(
    control == nil, "the text view holds a control character: \(FuzzCheck.describe(text.utf8))")
  for line in text.split(separator: "\n") {
    let field = line.drop { $0 == " " }
    FuzzCheck.require(
      field.hasPrefix("- ") || field.contains(":"),
      "a text view line is neither a field nor a list item: \(FuzzCheck.describe(line.utf8))")
  }
}

private func bounded(_ outputBytes: Int, _ inputBytes: Int, _ what: String) {
  FuzzCheck.requireProportional(outputBytes, to: inputBytes, factor: 256, what)
}

private func withoutCRC(_ json: JSONValue) -> JSONValue {
  .object((json.objectValue ?? []).filter { $0.0 != "crc32" })
}

/// CRC-32/MPEG-2 (polynomial 0x04C11DB7, initial 0xFFFFFFFF, no reflection, no final xor).
private func crc32MPEG2(_ bytes: some Sequence<UInt8>) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte) << 24
    for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? (crc << 1) ^ 0x04C1_1DB7 : crc << 1 }
  }
  return crc
}
