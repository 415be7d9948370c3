#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Invariants a fuzz target asserts beyond "does not crash". A broken invariant prints what
/// broke and aborts, which libFuzzer reports as a crash and saves the input for.
public enum FuzzCheck {
  /// Aborts with `message` when `condition` is false.
  public static func require(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String
  ) {
    guard !condition() else { return }
    let text = "fuzz invariant broken: \(message())\n"
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
  }

  /// Aborts when an output of `outputBytes` is more than `factor` times the input's
  /// `inputBytes` plus `slack`: no input may make a reader or writer produce output out of
  /// proportion to it (the amplification invariant).
  public static func requireProportional(
    _ outputBytes: Int, to inputBytes: Int, factor: Int, slack: Int = 1 << 16, _ what: String
  ) {
    require(
      outputBytes <= factor * inputBytes + slack,
      "\(what): \(outputBytes) bytes from a \(inputBytes)-byte input (more than \(factor)× + \(slack))")
  }

  /// A short, printable view of bytes for invariant messages.
  public static func describe(_ bytes: some Collection<UInt8>, limit: Int = 200) -> String {
    let shown = String(decoding: bytes.prefix(limit), as: UTF8.self)
    let escaped = shown.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
    return bytes.count > limit ? "\(escaped)… (\(bytes.count) bytes)" : escaped
  }
}

/// The bytes libFuzzer hands a target.
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}
