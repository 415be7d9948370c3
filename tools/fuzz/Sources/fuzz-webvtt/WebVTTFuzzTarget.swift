import FuzzSupport
import SubtitleFuzzing

/// The WebVTT reader on arbitrary bytes, then every writer (see `SubtitleFuzzing`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebVTT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  SubtitleFuzzing.run(fuzzInput(data, size), as: .webVTT)
  return 0
}
