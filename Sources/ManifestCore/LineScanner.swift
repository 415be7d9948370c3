#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// How a line ended in the source, kept so a writer can reproduce it byte for byte.
public enum LineTerminator: UInt8, Sendable, Hashable {
  /// The last line of a file without a final newline.
  case none
  /// `\n`
  case lf
  /// `\r\n`
  case crlf
  /// `\r` alone (classic Mac OS).
  case cr

  /// The terminator's bytes.
  public var bytes: [UInt8] {
    switch self {
    case .none: []
    case .lf: [0x0A]
    case .crlf: [0x0D, 0x0A]
    case .cr: [0x0D]
    }
  }
}

/// One line of an input: its 1-based number and its byte range, terminator excluded.
public struct Line: Sendable, Hashable {
  /// 1-based line number.
  public var number: Int
  /// Offset of the first byte of the line.
  public var start: Int
  /// Offset one past the last byte of the line, terminator excluded.
  public var end: Int
  /// How the line ended.
  public var terminator: LineTerminator

  /// Creates a line.
  public init(number: Int, start: Int, end: Int, terminator: LineTerminator) {
    self.number = number
    self.start = start
    self.end = end
    self.terminator = terminator
  }

  /// The byte range of the line, terminator excluded.
  public var range: Range<Int> { start..<end }

  /// The location of the byte at `offset` on this line.
  public func location(at offset: Int) -> SourceLocation {
    SourceLocation(line: number, column: offset - start + 1, offset: offset)
  }

  /// The location of the first byte of the line.
  public var startLocation: SourceLocation { location(at: start) }
}

/// Splits bytes into lines with `memchr`, recognising LF, CRLF and CR-only endings (mixed too),
/// and skipping a leading UTF-8 byte-order mark.
package struct LineScanner: Sequence, IteratorProtocol, Sendable {
  private let bytes: [UInt8]
  private var position: Int
  private var number = 0
  /// Offset of the next CR at or after the current line (`bytes.count` when there is none),
  /// found with one `memchr` per CR rather than one per line.
  private var nextCR = -1

  /// True when the input starts with a UTF-8 byte-order mark (skipped by the scanner).
  package let hasByteOrderMark: Bool

  /// Creates a scanner over `bytes`.
  package init(_ bytes: [UInt8]) {
    self.bytes = bytes
    hasByteOrderMark =
      bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    position = hasByteOrderMark ? 3 : 0
  }

  /// The next line, or `nil` at the end of the input. An input ending in a newline has no
  /// empty last line.
  package mutating func next() -> Line? {
    let count = bytes.count
    let start = position
    guard start < count else { return nil }
    number += 1
    let nextCR = self.nextCR
    let (line, cr): (Line, Int) = bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else {
        return (Line(number: number, start: start, end: start, terminator: .none), count)
      }
      let lf = memchr(base + start, 0x0A, count - start)
      let lineEnd = lf.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
      var crOffset = nextCR
      if crOffset < start {
        crOffset =
          memchr(base + start, 0x0D, count - start).map {
            UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
          } ?? count
      }
      // A CR before the LF is either part of CRLF or a CR-only line break.
      if crOffset < lineEnd {
        if crOffset == lineEnd - 1 && lf != nil {
          return (Line(number: number, start: start, end: crOffset, terminator: .crlf), crOffset)
        }
        return (Line(number: number, start: start, end: crOffset, terminator: .cr), crOffset)
      }
      let terminator: LineTerminator = lf == nil ? .none : .lf
      return (Line(number: number, start: start, end: lineEnd, terminator: terminator), crOffset)
    }
    self.nextCR = cr
    switch line.terminator {
    case .none: position = line.end
    case .lf, .cr: position = line.end + 1
    case .crlf: position = line.end + 2
    }
    return line
  }
}
