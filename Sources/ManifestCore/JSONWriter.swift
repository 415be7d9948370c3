/// JSON text (RFC 8259) written as it is produced, into a buffer that is handed to a sink each
/// time it fills (standard output, a file) or kept whole (`bytes`), so a large document is never
/// held as a tree. Every `--json` output goes through it; `JSONValue` trees are rendered by it.
///
/// Members and elements are written in call order; `beginObject`/`key`/value/`endObject` calls
/// must nest as the document does. Compact output has no blanks; pretty output puts each
/// member and element on its own line, indented by two spaces per level, with `": "` after a
/// key, and writes an empty object or array as `{}` or `[]`. Strings are escaped: `"`, `\` and
/// the control characters U+0000–U+001F and U+007F, so no value can change the structure.
public struct JSONWriter: ~Copyable {
  /// True for the indented form.
  public let pretty: Bool
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  private var count = 0
  private let chunkSize: Int
  private let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?
  /// Open objects and arrays.
  private var depth = 0
  /// True until the innermost open object or array has a member or element.
  private var empty = true
  /// True between a key and its value.
  private var afterKey = false
  /// Fragments being recorded: the buffer is not handed to the sink meanwhile.
  private var recording = 0

  /// A writer that keeps the whole document (`bytes`).
  public init(pretty: Bool = false) {
    self.init(pretty: pretty, chunkSize: Int.max, capacity: 256, sink: nil)
  }

  /// A writer that hands its buffer to `sink` whenever it holds `chunkSize` bytes or more
  /// (between values), and on `flush()`; the bytes are valid only during the call.
  public init(
    pretty: Bool = false, chunkSize: Int = 1 << 16,
    sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    self.init(pretty: pretty, chunkSize: chunkSize, capacity: chunkSize + 4096, sink: sink)
  }

  private init(
    pretty: Bool, chunkSize: Int, capacity: Int,
    sink: ((UnsafeBufferPointer<UInt8>) -> Void)?
  ) {
    self.pretty = pretty
    self.chunkSize = max(chunkSize, 1)
    self.capacity = min(max(capacity, 256), 1 << 20)
    self.base = .allocate(capacity: self.capacity)
    self.sink = sink
  }

  deinit { base.deallocate() }

  /// The bytes written and not yet handed to the sink (all of them without a sink).
  public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

  /// Hands everything buffered to the sink (nothing happens without a sink).
  public mutating func flush() {
    guard let sink, count > 0 else { return }
    sink(UnsafeBufferPointer(start: base, count: count))
    count = 0
  }

  // MARK: Structure

  /// Opens an object (`{`).
  public mutating func beginObject() {
    prepareValue()
    append(0x7B)
    depth += 1
    empty = true
  }

  /// Closes the innermost object (`}`).
  public mutating func endObject() { close(0x7D) }

  /// Opens an array (`[`).
  public mutating func beginArray() {
    prepareValue()
    append(0x5B)
    depth += 1
    empty = true
  }

  /// Closes the innermost array (`]`).
  public mutating func endArray() { close(0x5D) }

  /// Writes the key of the next member of the innermost object; its value follows. A
  /// `StaticString` key is a name in the program (`"uri"`), written as it is: it must not hold
  /// a character that JSON escapes.
  public mutating func key(_ name: StaticString) {
    guard name.hasPointerRepresentation else {
      startMember()
      name.withUTF8Buffer { appendQuoted($0) }
      append(0x3A)
      if pretty { append(0x20) }
      afterKey = true
      return
    }
    // The separator, line break, quotes and colon in one reservation: keys are most of the
    // small writes of a document.
    if count >= chunkSize && recording == 0 { flush() }
    let n = name.utf8CodeUnitCount
    assert(
      !UnsafeBufferPointer(start: name.utf8Start, count: n).contains { Self.needsEscape($0) },
      "a literal key that needs escaping")
    reserve(n + 5 + (pretty ? depth * 2 + 2 : 0))
    if empty {
      empty = false
    } else {
      base[count] = 0x2C
      count += 1
    }
    if pretty { newline(depth) }
    base[count] = 0x22
    Self.copy(name.utf8Start, n, to: base + count + 1)
    count += n + 1
    base[count] = 0x22
    base[count + 1] = 0x3A
    count += 2
    if pretty {
      base[count] = 0x20
      count += 1
    }
    afterKey = true
  }

  /// Copies a short run with a few word moves instead of a call to `memmove`.
  @inline(__always)
  private static func copy(
    _ source: UnsafePointer<UInt8>, _ n: Int, to destination: UnsafeMutablePointer<UInt8>
  ) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(destination)
    if n >= 8 && n <= 32 {
      var i = 0
      while i + 8 < n {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: i, as: UInt64.self), toByteOffset: i,
          as: UInt64.self)
        i += 8
      }
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8,
        as: UInt64.self)
    } else if n >= 4 && n < 8 {
      to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
      to.storeBytes(
        of: from.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self), toByteOffset: n - 4,
        as: UInt32.self)
    } else {
      destination.update(from: source, count: n)
    }
  }

  /// Writes the key of the next member of the innermost object, escaped (a name that comes
  /// from the input); its value follows.
  public mutating func key(escaping name: String) {
    startMember()
    appendQuoted(name)
    append(0x3A)
    if pretty { append(0x20) }
    afterKey = true
  }

  // MARK: Values

  /// Writes `null`.
  public mutating func null() {
    prepareValue()
    appendNull()
  }

  /// Writes `true` or `false`.
  public mutating func bool(_ value: Bool) {
    prepareValue()
    reserve(5)
    if value {
      store4(0x6575_7274)  // "true"
    } else {
      store4(0x736C_6166)  // "fals"
      base[count] = 0x65
      count += 1
    }
  }

  /// Writes a quoted, escaped string.
  public mutating func string(_ value: String) {
    prepareValue()
    appendQuoted(value)
  }

  /// Writes an integer.
  public mutating func int(_ value: Int64) {
    prepareValue()
    appendInteger(value)
  }

  /// Writes an integer.
  public mutating func int(_ value: Int) { int(Int64(value)) }

  /// Writes an integer (all of 0 to 2^64 − 1 exactly).
  public mutating func int(_ value: UInt64) {
    prepareValue()
    appendDigits(value, minimumCount: 1)
  }

  /// Writes a date-time as a string in its ISO 8601 spelling (`DateTime.description`).
  public mutating func dateTime(_ value: DateTime) {
    prepareValue()
    reserve(2)
    append(0x22)
    value.withText { append($0) }  // digits and `-:.TZ+` only: nothing to escape
    append(0x22)
  }

  /// Writes a number: a whole number below 10^15 without a fraction, else Swift's shortest
  /// round-tripping spelling; `null` when not finite.
  public mutating func double(_ value: Double) {
    prepareValue()
    if !value.isFinite {
      appendNull()
    } else if value == value.rounded(), abs(value) < 1e15 {
      appendInteger(Int64(value))
    } else {
      var text = String(value)
      text.withUTF8 { append($0) }
    }
  }

  /// Writes an exact decimal with its shortest exact spelling (`5.005`, `30`, `-0.5`), as
  /// `ExactDecimal.description` does.
  public mutating func decimal(_ value: ExactDecimal) {
    prepareValue()
    let n = value.normalized
    let significand = n.significand
    let scale = n.scale
    guard scale > 0 else {
      appendInteger(significand)
      return
    }
    var divisor: UInt64 = 1
    for _ in 0..<scale { divisor &*= 10 }
    let magnitude = significand.magnitude
    reserve(42)
    if significand < 0 { append(0x2D) }
    appendDigits(magnitude / divisor, minimumCount: 1)
    append(0x2E)
    appendDigits(magnitude % divisor, minimumCount: scale)
  }

  /// Writes the key `name` and an array of `items`, each written by `write`.
  @inlinable public mutating func member<S: Sequence>(
    _ name: StaticString, each items: S, _ write: (inout JSONWriter, S.Element) -> Void
  ) {
    key(name)
    beginArray()
    for item in items { write(&self, item) }
    endArray()
  }

  /// Writes the key `name` and `value` by `write`, or `null` when there is none.
  @inlinable public mutating func member<T>(
    _ name: StaticString, ifPresent value: T?, _ write: (inout JSONWriter, T) -> Void
  ) {
    key(name)
    if let value { write(&self, value) } else { null() }
  }

  /// Writes a whole tree.
  public mutating func value(_ value: JSONValue) {
    switch value {
    case .null: null()
    case .bool(let b): bool(b)
    case .int(let i): int(i)
    case .unsigned(let u): int(u)
    case .double(let x): double(x)
    case .decimal(let d): decimal(d)
    case .string(let s): string(s)
    case .array(let elements):
      beginArray()
      for element in elements { self.value(element) }
      endArray()
    case .object(let members):
      beginObject()
      for (name, member) in members {
        key(escaping: name)
        self.value(member)
      }
      endObject()
    }
  }

  // MARK: Members (a key and its value)

  /// Writes a member whose value is a string, or `null` for `nil`.
  public mutating func member(_ name: StaticString, _ value: String?) {
    key(name)
    if let value { string(value) } else { null() }
  }

  /// Writes a member whose value is an integer, or `null` for `nil`.
  public mutating func member(_ name: StaticString, _ value: Int?) {
    key(name)
    if let value { int(value) } else { null() }
  }

  /// Writes a member whose value is an integer, or `null` for `nil`.
  public mutating func member(_ name: StaticString, _ value: UInt64?) {
    key(name)
    if let value { int(value) } else { null() }
  }

  /// Writes a member whose value is an exact decimal, or `null` for `nil`.
  public mutating func member(_ name: StaticString, _ value: ExactDecimal?) {
    key(name)
    if let value { decimal(value) } else { null() }
  }

  /// Writes a member whose value is a number, or `null` for `nil` and non-finite values.
  public mutating func member(_ name: StaticString, _ value: Double?) {
    key(name)
    if let value { double(value) } else { null() }
  }

  /// Writes a member whose value is a boolean, or `null` for `nil`.
  public mutating func member(_ name: StaticString, _ value: Bool?) {
    key(name)
    if let value { bool(value) } else { null() }
  }

  /// Writes a member whose value is a date-time string, or `null` for `nil`.
  public mutating func member(_ name: StaticString, _ value: DateTime?) {
    key(name)
    if let value { dateTime(value) } else { null() }
  }

  /// Writes a member whose value is a tree.
  public mutating func member(_ name: StaticString, _ value: JSONValue) {
    key(name)
    self.value(value)
  }

  // MARK: Repeated values

  /// Writes the value `body` writes and returns a copy of its text, to be written again with
  /// `write(_:)` where the same value recurs (the keys in force on each segment).
  public mutating func recording(_ body: (inout JSONWriter) -> Void) -> JSONFragment {
    prepareValue()
    let start = count
    let level = depth
    recording += 1
    afterKey = true  // the separator is written; the value follows
    body(&self)
    recording -= 1
    return JSONFragment(
      text: Array(UnsafeBufferPointer(start: base + start, count: count - start)), depth: level,
      pretty: pretty)
  }

  /// Writes a value recorded by `recording(_:)` again, when it was recorded at this depth in
  /// this form (so its indentation is right); returns false, writing nothing, otherwise.
  public mutating func write(_ fragment: JSONFragment) -> Bool {
    guard fragment.depth == depth, fragment.pretty == pretty, !fragment.text.isEmpty else {
      return false
    }
    prepareValue()
    fragment.text.withUnsafeBufferPointer { append($0) }
    return true
  }

  // MARK: Layout

  /// The separator and line break before a member or an element of the innermost container.
  @inline(__always)
  private mutating func startMember() {
    if count >= chunkSize && recording == 0 { flush() }
    if empty {
      empty = false
    } else {
      append(0x2C)
    }
    if pretty { newline(depth) }
  }

  /// Before any value: the element separator inside an array, nothing after a key or at the
  /// top level.
  @inline(__always)
  private mutating func prepareValue() {
    if afterKey {
      afterKey = false
    } else if depth > 0 {
      startMember()
    }
  }

  private mutating func close(_ bracket: UInt8) {
    depth -= 1
    if empty {
      empty = false
    } else if pretty {
      newline(depth)
    }
    append(bracket)
  }

  private mutating func newline(_ level: Int) {
    reserve(level * 2 + 1)
    base[count] = 0x0A
    (base + count + 1).update(repeating: 0x20, count: level * 2)
    count += level * 2 + 1
  }

  // MARK: Bytes

  /// Makes room for `n` more bytes.
  @inline(__always)
  private mutating func reserve(_ n: Int) {
    if count + n > capacity { grow(n) }
  }

  private mutating func grow(_ n: Int) {
    let newCapacity = max(capacity * 2, count + n)
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    newBase.update(from: base, count: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  @inline(__always)
  private mutating func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  @inline(__always)
  private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
    reserve(buffer.count)
    Self.copy(source, buffer.count, to: base + count)
    count += buffer.count
  }

  private mutating func appendNull() {
    reserve(4)
    store4(0x6C6C_756E)  // "null"
  }

  /// Four bytes given little-endian (room reserved).
  private mutating func store4(_ word: UInt32) {
    UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt32.self)
    count += 4
  }

  // MARK: Text

  private static func needsEscape(_ b: UInt8) -> Bool {
    b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F
  }

  private mutating func appendQuoted(_ s: String) {
    var s = s
    s.withUTF8 { appendQuoted($0) }
  }

  /// `"…"` with the bytes that need it escaped; runs that need none are copied in bulk.
  private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
    // Room for the common case, a string that needs no escaping, in one go.
    reserve(utf8.count + 2)
    append(0x22)
    var runStart = 0
    for i in 0..<utf8.count where Self.needsEscape(utf8[i]) {
      if runStart < i { append(UnsafeBufferPointer(rebasing: utf8[runStart..<i])) }
      appendEscape(utf8[i])
      runStart = i + 1
    }
    if runStart < utf8.count { append(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    append(0x22)
  }

  private mutating func appendEscape(_ b: UInt8) {
    let short: UInt8? =
      switch b {
      case 0x22: 0x22
      case 0x5C: 0x5C
      case 0x0A: 0x6E
      case 0x0D: 0x72
      case 0x09: 0x74
      case 0x08: 0x62
      case 0x0C: 0x66
      default: nil
      }
    reserve(6)
    base[count] = 0x5C
    if let short {
      base[count + 1] = short
      count += 2
    } else {
      base[count + 1] = 0x75
      base[count + 2] = 0x30
      base[count + 3] = 0x30
      base[count + 4] = Self.hex(b >> 4)
      base[count + 5] = Self.hex(b & 15)
      count += 6
    }
  }

  private static func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 0x30 + nibble : 0x57 + nibble }

  private mutating func appendInteger(_ value: Int64) {
    reserve(21)
    if value < 0 { append(0x2D) }
    appendDigits(value.magnitude, minimumCount: 1)
  }

  /// The decimal digits of `value`, zero-padded on the left to `minimumCount` (at most 20).
  private mutating func appendDigits(_ value: UInt64, minimumCount: Int) {
    var digitCount = 1
    var rest = value / 10
    while rest > 0 {
      digitCount += 1
      rest /= 10
    }
    let width = max(digitCount, minimumCount)
    reserve(width)
    var magnitude = value
    var i = count + width
    while i > count {
      i -= 1
      base[i] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
      magnitude /= 10
    }
    count += width
  }
}

/// The text of one value as a `JSONWriter` wrote it, to be written again (`JSONWriter.write`);
/// only a writer makes one, so its text is always escaped JSON.
public struct JSONFragment: Sendable {
  let text: [UInt8]
  let depth: Int
  let pretty: Bool
}
