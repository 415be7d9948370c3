/// A position in an input document: 1-based line, 1-based UTF-8 column, 0-based byte offset.
public struct SourceLocation: Sendable, Hashable, Comparable {
  /// 1-based line number.
  public var line: Int
  /// 1-based column, counted in UTF-8 bytes from the start of the line.
  public var column: Int
  /// 0-based byte offset from the start of the input.
  public var offset: Int

  /// Creates a location.
  public init(line: Int, column: Int, offset: Int) {
    self.line = line
    self.column = column
    self.offset = offset
  }

  /// The start of a document.
  public static let start = SourceLocation(line: 1, column: 1, offset: 0)

  public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    lhs.offset < rhs.offset
  }
}
