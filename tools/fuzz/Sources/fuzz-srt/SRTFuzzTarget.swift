import FuzzSupport
import SubtitleFuzzing

/// The SRT reader on arbitrary bytes, then every writer (see `SubtitleFuzzing`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSRT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  SubtitleFuzzing.run(fuzzInput(data, size), as: .srt)
  return 0
}
