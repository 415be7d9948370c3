/// The bounds that keep an untrusted input from taking unbounded time, memory or output: every
/// reader and tool enforces them, and an input that exceeds one is refused with an error whose
/// code is `limit.NAME` (docs/limits.md lists each limit, its default and its flag).
public struct Limits: Sendable, Hashable {
  /// Bytes read from one file or standard input (`--max-input-bytes`).
  public var inputBytes: Int
  /// Playlists read when following a multivariant playlist's references.
  public var playlists: Int
  /// Bytes read in total when following a multivariant playlist's references.
  public var followedBytes: Int
  /// Bytes of one attribute value or URI after EXT-X-DEFINE substitution.
  public var defineValueBytes: Int
  /// Bytes that EXT-X-DEFINE substitution adds to one playlist in total.
  public var defineTotalBytes: Int
  /// Tiles of all the sprite sheets of one image playlist together.
  public var imageTiles: Int
  /// EXT-X-KEYs in force at once (one per KEYFORMAT): every segment carries all of them, so a
  /// playlist naming a new KEYFORMAT on every segment would grow as segments × formats.
  public var keysInForce: Int
  /// Attributes on one XML element.
  public var xmlAttributes: Int
  /// Diagnostics of one kind reported before the rest are summed up in one line.
  public var warningsPerKind: Int

  /// Creates limits; every bound defaults to the documented value.
  public init(
    inputBytes: Int = 1 << 30, playlists: Int = 1000, followedBytes: Int = 1 << 30,
    defineValueBytes: Int = 1 << 20, defineTotalBytes: Int = 64 << 20,
    imageTiles: Int = 1_000_000, keysInForce: Int = 32, xmlAttributes: Int = 1000,
    warningsPerKind: Int = 1000
  ) {
    self.inputBytes = inputBytes
    self.playlists = playlists
    self.followedBytes = followedBytes
    self.defineValueBytes = defineValueBytes
    self.defineTotalBytes = defineTotalBytes
    self.imageTiles = imageTiles
    self.keysInForce = keysInForce
    self.xmlAttributes = xmlAttributes
    self.warningsPerKind = warningsPerKind
  }

  /// The documented defaults.
  public static let standard = Limits()

  /// The names of the limits as `--limit NAME=VALUE` spells them, in documentation order.
  public static let names = [
    "input-bytes", "playlists", "followed-bytes", "define-value-bytes", "define-total-bytes",
    "image-tiles", "keys-in-force", "xml-attributes", "warnings-per-kind",
  ]

  /// The value of the limit called `name` (one of `names`), or `nil` for an unknown name.
  public subscript(name: String) -> Int? {
    get {
      switch name {
      case "input-bytes": inputBytes
      case "playlists": playlists
      case "followed-bytes": followedBytes
      case "define-value-bytes": defineValueBytes
      case "define-total-bytes": defineTotalBytes
      case "image-tiles": imageTiles
      case "keys-in-force": keysInForce
      case "xml-attributes": xmlAttributes
      case "warnings-per-kind": warningsPerKind
      default: nil
      }
    }
    set {
      guard let newValue else { return }
      switch name {
      case "input-bytes": inputBytes = newValue
      case "playlists": playlists = newValue
      case "followed-bytes": followedBytes = newValue
      case "define-value-bytes": defineValueBytes = newValue
      case "define-total-bytes": defineTotalBytes = newValue
      case "image-tiles": imageTiles = newValue
      case "keys-in-force": keysInForce = newValue
      case "xml-attributes": xmlAttributes = newValue
      case "warnings-per-kind": warningsPerKind = newValue
      default: break
      }
    }
  }

  /// The stable code of an exceeded limit: `limit.input-bytes`.
  public static func code(_ name: String) -> String { "limit." + name }

  /// The error for input that exceeds the limit `name` of `value`: `message` says what went
  /// over, and the text ends with the code in brackets, as every limit error does.
  public static func exceeded(
    _ name: String, value: Int, _ message: String, at location: SourceLocation = .start
  ) -> ParseError {
    ParseError(
      code: code(name),
      message: "\(message) (limit \(name)=\(value)) [\(code(name))]", location: location)
  }

  /// Reads a limit's value as written on a command line: a whole number of at least 0, with an
  /// optional binary suffix `K`, `M` or `G` (`64M` is 67108864); `nil` when it is not one.
  public static func parseValue(_ text: String) -> Int? {
    var digits = Substring(text)
    var scale = 1
    switch digits.last {
    case "K", "k": scale = 1 << 10
    case "M", "m": scale = 1 << 20
    case "G", "g": scale = 1 << 30
    default: break
    }
    if scale != 1 { digits = digits.dropLast() }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
      let n = Int(digits)
    else { return nil }
    let (value, overflow) = n.multipliedReportingOverflow(by: scale)
    return overflow ? nil : value
  }
}
