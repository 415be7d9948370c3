import ManifestCore
import Subtitles
import XMLSupport

extension XMLStartTag {
  /// Calls `body` with the UTF-8 bytes of attribute `index`'s value, references decoded (a
  /// view of the parser's buffer when the value needs no decoding, so no `String` is made).
  @inline(__always)
  func withValueBytes<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let raw = attributeBytes(index) { return body(raw) }
    var value = attributeValue(index)
    return value.withUTF8(body)
  }
}
