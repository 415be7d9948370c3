/// How a reader turns subtitle bytes into text (the result is always UTF-8).
public enum SubtitleEncoding: Sendable, Hashable {
  /// A byte-order mark picks UTF-8, UTF-16 or UTF-32 (the 4-byte UTF-32LE mark is checked before
  /// the UTF-16LE one it starts with); without one, the first four bytes pick UTF-16 or UTF-32
  /// when they are an ASCII character and NULs (as XML 1.0 Appendix F detects them); otherwise
  /// UTF-8, and when that is not valid, Windows-1252 with one `subtitle.encoding.fallback`
  /// warning at the first byte that is not UTF-8.
  case automatic
  /// Unicode only: a byte-order mark picks UTF-16 or UTF-32, otherwise the bytes must be
  /// UTF-8 (`subtitle.encoding.not-utf8` otherwise).
  case unicode
  /// The encoding iconv knows by this name (`WINDOWS-1252`, `GBK`, `BIG5`, `SHIFT_JIS`,
  /// `UTF-16`…); bytes invalid in it are an error naming their line and byte.
  case named(String)
}
