import ManifestCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Transcoding to UTF-8 with the C library's iconv (POSIX `iconv_open`/`iconv`/`iconv_close`).
enum IconvDecoder {
  /// True when iconv can decode `name` (not an iconv option such as `//TRANSLIT`).
  static func isKnown(_ name: String) -> Bool {
    guard let descriptor = open(name) else { return false }
    iconv_close(descriptor)
    return true
  }

  /// `input`, read as `name`, in UTF-8.
  static func decode(_ input: [UInt8], from name: String) throws(ParseError) -> [UInt8] {
    guard let descriptor = open(name) else {
      throw ParseError(
        code: SubtitleDiagnosticCode.encodingUnknown.rawValue,
        message: "unknown encoding '\(name)' (see iconv -l)")
    }
    defer { iconv_close(descriptor) }
    var source = input
    var output = [UInt8]()
    output.reserveCapacity(input.count + input.count / 2)
    var chunk = [UInt8](repeating: 0, count: 65536)
    var failure: (errno: Int32, offset: Int)? = nil
    source.withUnsafeMutableBytes { sourceBytes in
      chunk.withUnsafeMutableBytes { chunkBytes in
        guard let sourceBase = sourceBytes.baseAddress, let chunkBase = chunkBytes.baseAddress
        else { return }
        var inPointer: UnsafeMutablePointer<CChar>? = sourceBase.assumingMemoryBound(
          to: CChar.self)
        var inLeft = sourceBytes.count
        while true {
          var outPointer: UnsafeMutablePointer<CChar>? = chunkBase.assumingMemoryBound(
            to: CChar.self)
          var outLeft = chunkBytes.count
          let flushing = inLeft == 0
          let result =
            flushing
            ? iconv(descriptor, nil, nil, &outPointer, &outLeft)
            : iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
          let status = errno
          output.append(
            contentsOf: UnsafeRawBufferPointer(start: chunkBase, count: chunkBytes.count - outLeft))
          if result != -1 {
            if flushing { return }
            continue
          }
          if status == E2BIG { continue }
          failure = (status, sourceBytes.count - inLeft)
          return
        }
      }
    }
    guard let failure else { return output }
    let location = outputLocation(output, offset: failure.offset)
    if failure.errno == EINVAL {
      throw ParseError(
        code: SubtitleDiagnosticCode.encodingInvalid.rawValue,
        message: "the input ends inside a \(name) character", location: location)
    }
    let byte = failure.offset < input.count ? input[failure.offset] : 0
    throw ParseError(
      code: SubtitleDiagnosticCode.encodingInvalid.rawValue,
      message: "byte \(ASCII.describe(byte)) is not valid \(name)", location: location)
  }

  private static func open(_ name: String) -> iconv_t? {
    guard !name.isEmpty, !name.contains("/") else { return nil }
    let descriptor = iconv_open("UTF-8", name)
    guard let descriptor, descriptor != iconv_t(bitPattern: -1) else { return nil }
    return descriptor
  }

  /// The line and column (in characters) reached after `output`, at input byte `offset`.
  private static func outputLocation(_ output: [UInt8], offset: Int) -> SourceLocation {
    var line = 1
    var column = 1
    for byte in output {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SourceLocation(line: line, column: column, offset: offset)
  }
}
