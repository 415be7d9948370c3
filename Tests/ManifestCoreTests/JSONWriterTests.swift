import ManifestCore
import Testing

@Suite struct JSONWriterTests {
  @Test func streamsMembersAndElementsInCallOrder() {
    var w = JSONWriter()
    w.beginObject()
    w.member("uri", "seg 1.ts")
    w.member("duration", ExactDecimal(significand: 5005, scale: 3))
    w.member("title", nil as String?)
    w.key("parts")
    w.beginArray()
    w.int(1)
    w.beginObject()
    w.endObject()
    w.beginArray()
    w.endArray()
    w.endArray()
    w.member("gap", false)
    w.endObject()
    #expect(
      String(decoding: w.bytes, as: UTF8.self)
        == #"{"uri":"seg 1.ts","duration":5.005,"title":null,"parts":[1,{},[]],"gap":false}"#)
  }

  @Test func prettyFormIndentsByTwoSpacesAndKeepsEmptyContainersOnTheirLine() {
    var w = JSONWriter(pretty: true)
    w.beginObject()
    w.key("a")
    w.beginArray()
    w.int(1)
    w.endArray()
    w.key("b")
    w.beginObject()
    w.endObject()
    w.endObject()
    #expect(
      String(decoding: w.bytes, as: UTF8.self) == "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}")
  }

  @Test func escapesKeysAndValuesSoNoInputChangesTheStructure() {
    var w = JSONWriter()
    w.beginObject()
    w.key(escaping: "X-\"K\"\\")
    w.string("a\"b\\c\nd\r\t\u{08}\u{0C}\u{00}\u{1F}\u{7F}é")
    w.endObject()
    #expect(
      String(decoding: w.bytes, as: UTF8.self)
        == #"{"X-\"K\"\\":"a\"b\\c\nd\r\t\b\f\u0000\u001f\u007fé"}"#)
  }

  @Test func writesNumbersAsJSONValueDoes() {
    var w = JSONWriter()
    w.beginArray()
    w.int(Int64.min)
    w.int(UInt64.max)
    w.dateTime(DateTime(epochNanoseconds: 1_764_374_402_500_000_000, utcOffsetMinutes: -90))
    w.double(3)
    w.double(0.1)
    w.double(1e15)
    w.double(.nan)
    w.decimal(ExactDecimal(significand: -50, scale: 3))
    w.decimal(ExactDecimal(significand: 30_000, scale: 3))
    w.decimal(ExactDecimal(significand: 1, scale: 18))
    w.endArray()
    #expect(
      String(decoding: w.bytes, as: UTF8.self)
        == "[-9223372036854775808,18446744073709551615,\"2025-11-28T22:30:02.500-01:30\",3,0.1,"
        + "1000000000000000.0,null,-0.05,30,"
        + "0.000000000000000001]")
  }

  @Test func handsFilledChunksToTheSinkAndTheRestOnFlush() {
    final class Chunks: @unchecked Sendable { var list: [[UInt8]] = [] }
    let chunks = Chunks()
    var w = JSONWriter(chunkSize: 8) { chunks.list.append(Array($0)) }
    w.beginArray()
    for i in 0..<6 { w.string("item\(i)") }
    w.endArray()
    w.flush()
    #expect(w.bytes.isEmpty)
    #expect(
      chunks.list.map { String(decoding: $0, as: UTF8.self) } == [
        #"["item0""#, #","item1""#, #","item2""#, #","item3""#, #","item4""#, #","item5"]"#,
      ])
  }

  /// The writer and the tree renderer it replaced (`ReferenceRenderer`, kept here as the
  /// oracle) agree byte for byte on random trees, compact and pretty, in memory and streamed in
  /// small chunks.
  @Test func agreesWithTheReplacedTreeRendererOnRandomTrees() {
    var random = SplitMix64(seed: 0x4D4B_4A53_4F4E)
    for round in 0..<400 {
      let tree = RandomTree.value(depth: 0, using: &random)
      for pretty in [false, true] {
        var expected = [UInt8]()
        ReferenceRenderer.write(tree, into: &expected, pretty: pretty, indent: 0)
        #expect(tree.serialized(pretty: pretty) == expected, "round \(round)")
        final class Sink: @unchecked Sendable { var bytes: [UInt8] = [] }
        let sink = Sink()
        var w = JSONWriter(pretty: pretty, chunkSize: 1 + round % 97) { sink.bytes += Array($0) }
        w.value(tree)
        w.flush()
        #expect(sink.bytes == expected, "round \(round) streamed")
      }
    }
  }
}

/// A reproducible generator (SplitMix64), so a failing round can be replayed.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random JSON trees with the values that are hard to write: control characters, quotes,
/// backslashes, DEL, non-ASCII and repaired non-UTF-8 bytes in keys and strings; extreme and
/// non-finite numbers; decimals of every scale; empty and nested containers.
private enum RandomTree {
  static func value(depth: Int, using random: inout SplitMix64) -> JSONValue {
    let kinds = depth >= 5 ? 7 : 9
    switch Int.random(in: 0..<kinds, using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2:
      return Bool.random(using: &random)
        ? .int(integer(using: &random))
        : .unsigned(UInt64.random(in: 0...UInt64.max, using: &random))
    case 3: return .double(double(using: &random))
    case 4:
      return .decimal(
        ExactDecimal(
          significand: integer(using: &random), scale: Int.random(in: 0...18, using: &random)))
    case 5, 6: return .string(string(using: &random))
    case 7:
      return .array(
        (0..<Int.random(in: 0..<5, using: &random)).map { _ in
          value(depth: depth + 1, using: &random)
        })
    default:
      return .object(
        (0..<Int.random(in: 0..<5, using: &random)).map { _ in
          (string(using: &random), value(depth: depth + 1, using: &random))
        })
    }
  }

  static func integer(using random: inout SplitMix64) -> Int64 {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: [Int64.min, Int64.max, 0, -1, 10][Int.random(in: 0..<5, using: &random)]
    case 1: Int64.random(in: -1000...1000, using: &random)
    default: Int64(bitPattern: random.next())
    }
  }

  static func double(using random: inout SplitMix64) -> Double {
    let specials: [Double] = [
      .nan, .infinity, -.infinity, 0, -0.0, 1e15, 999_999_999_999_999, 1e300,
      .leastNonzeroMagnitude, 0.1, -2.5,
    ]
    return Bool.random(using: &random)
      ? specials[Int.random(in: 0..<specials.count, using: &random)]
      : Double(bitPattern: random.next())
  }

  static func string(using random: inout SplitMix64) -> String {
    let pieces: [[UInt8]] = [
      Array("seg_1000000.m4s".utf8), [0x22], [0x5C], [0x0A], [0x0D], [0x09], [0x08], [0x0C],
      [0x00], [0x1F], [0x7F], Array("é😀".utf8), [0xFF], [0xC3], [0xE2, 0x82], [0x20], [0x2F],
    ]
    var bytes = [UInt8]()
    for _ in 0..<Int.random(in: 0..<8, using: &random) {
      bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// The recursive tree renderer `JSONValue.serialized` used before `JSONWriter` (ManifestKit
/// 0.2), kept as the oracle for the property test above.
private enum ReferenceRenderer {
  static func write(_ value: JSONValue, into out: inout [UInt8], pretty: Bool, indent: Int) {
    switch value {
    case .null: out += "null".utf8
    case .bool(let b): out += (b ? "true" : "false").utf8
    case .int(let i): out += String(i).utf8
    case .unsigned(let u): out += String(u).utf8
    case .double(let x):
      if !x.isFinite {
        out += "null".utf8
      } else if x == x.rounded(), abs(x) < 1e15 {
        out += String(Int64(x)).utf8
      } else {
        out += String(x).utf8
      }
    case .decimal(let d): out += d.description.utf8
    case .string(let s): writeString(s, into: &out)
    case .array(let elements):
      if elements.isEmpty {
        out += "[]".utf8
        return
      }
      out.append(0x5B)
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(0x2C) }
        if pretty { newline(&out, indent + 1) }
        write(element, into: &out, pretty: pretty, indent: indent + 1)
      }
      if pretty { newline(&out, indent) }
      out.append(0x5D)
    case .object(let members):
      if members.isEmpty {
        out += "{}".utf8
        return
      }
      out.append(0x7B)
      for (i, (key, member)) in members.enumerated() {
        if i > 0 { out.append(0x2C) }
        if pretty { newline(&out, indent + 1) }
        writeString(key, into: &out)
        out.append(0x3A)
        if pretty { out.append(0x20) }
        write(member, into: &out, pretty: pretty, indent: indent + 1)
      }
      if pretty { newline(&out, indent) }
      out.append(0x7D)
    }
  }

  static func newline(_ out: inout [UInt8], _ indent: Int) {
    out.append(0x0A)
    for _ in 0..<(indent * 2) { out.append(0x20) }
  }

  static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(0x22)
    for b in s.utf8 {
      switch b {
      case 0x22: out += [0x5C, 0x22]
      case 0x5C: out += [0x5C, 0x5C]
      case 0x0A: out += [0x5C, 0x6E]
      case 0x0D: out += [0x5C, 0x72]
      case 0x09: out += [0x5C, 0x74]
      case 0x08: out += [0x5C, 0x62]
      case 0x0C: out += [0x5C, 0x66]
      case 0..<0x20, 0x7F:
        let digits = Array("0123456789abcdef".utf8)
        out += [0x5C, 0x75, 0x30, 0x30, digits[Int(b >> 4)], digits[Int(b & 15)]]
      default: out.append(b)
      }
    }
    out.append(0x22)
  }
}
