import FuzzSupport
import SubtitleFuzzing

/// The TTML reader on arbitrary bytes, then every writer (see `SubtitleFuzzing`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  SubtitleFuzzing.run(fuzzInput(data, size), as: .ttml)
  return 0
}
