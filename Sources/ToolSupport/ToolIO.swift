import HTTPLoading
import ManifestCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// An input document: the name used in diagnostics (`<stdin>` for standard input) and its bytes.
package struct InputDocument: Sendable {
  /// The path or URL as given, or `<stdin>`.
  package var name: String
  /// The whole content.
  package var bytes: [UInt8]
  /// Where relative references in the document resolve against: the URL that answered after
  /// redirects for a URL input, else `name`.
  package var location: String

  /// Creates a document.
  package init(name: String, bytes: [UInt8], location: String? = nil) {
    self.name = name
    self.bytes = bytes
    self.location = location ?? name
  }
}

/// Standard input, output and error, and file reading, for a command. The process form writes to
/// the real descriptors; the memory form captures everything, for tests.
package final class ToolIO: @unchecked Sendable {
  enum Backend {
    case process
    case memory(stdin: [UInt8], files: [String: [UInt8]])
  }

  let backend: Backend
  /// The files `writeDirectory` wrote (memory form), by path.
  package internal(set) var writtenFiles: [String: [UInt8]] = [:]
  /// The bounds this run enforces (`--max-input-bytes`, `--limit NAME=VALUE`); reading a file
  /// or standard input larger than `limits.inputBytes` fails.
  package var limits = Limits.standard
  /// How URL inputs are fetched (`--header`, `--timeout`, `--retries`, `--max-bytes`).
  package var http = HTTPOptions(userAgent: "ManifestKit/" + ManifestKitVersion.current)
  /// The URLs read so far that answered from another URL after redirects: requested → final.
  package private(set) var redirects: [String: String] = [:]
  private var outBuffer: [UInt8] = []
  private var errBuffer: [UInt8] = []

  /// Everything written to standard output (memory form; flushed bytes are gone in process form).
  package var capturedOutput: String { String(decoding: outBuffer, as: UTF8.self) }
  /// Everything written to standard error (memory form).
  package var capturedError: String { String(decoding: errBuffer, as: UTF8.self) }

  /// True when writes go to the process's descriptors (process form, not `buffered()`).
  private let toDescriptors: Bool

  private init(_ backend: Backend, buffered: Bool = false) {
    self.backend = backend
    toDescriptors = !buffered && { if case .process = backend { true } else { false } }()
  }

  /// The process's real standard streams and file system.
  package static func process() -> ToolIO { ToolIO(.process) }

  /// Captured streams with the given standard input and in-memory files (for tests); paths not
  /// in `files` are read from the file system.
  package static func memory(stdin: String = "", files: [String: String] = [:]) -> ToolIO {
    ToolIO(.memory(stdin: Array(stdin.utf8), files: files.mapValues { Array($0.utf8) }))
  }

  /// Captured streams with standard input and in-memory files given as bytes, so input that is
  /// not UTF-8 (binary data, Latin-1, UTF-16) reaches a command unchanged (tests, fuzzing).
  package static func memory(stdinBytes: [UInt8], files: [String: [UInt8]] = [:]) -> ToolIO {
    ToolIO(.memory(stdin: stdinBytes, files: files))
  }

  /// What a copy of this ToolIO that keeps its output needs (the input backend, limits and HTTP
  /// options), taken on the thread that owns the ToolIO so another thread can make the copy.
  package struct Template: Sendable {
    fileprivate let backend: Backend
    fileprivate let limits: Limits
    fileprivate let http: HTTPOptions

    /// A ToolIO that reads like the original and keeps everything written to it, for
    /// `append(_:)` (one file of a batch).
    package func buffered() -> ToolIO {
      let io = ToolIO(backend, buffered: true)
      io.limits = limits
      io.http = http
      return io
    }
  }

  /// This ToolIO's template, for buffered copies.
  package var template: Template { Template(backend: backend, limits: limits, http: http) }

  /// Writes what a buffered copy kept: its standard error, then its standard output (the order
  /// a file's diagnostics and output come in when it runs alone).
  package func append(_ other: ToolIO) {
    errBuffer += other.errBuffer
    flushError()
    write(bytes: other.outBuffer)
  }

  /// Reads `path` (fetches it when it is an `http:` or `https:` URL), or standard input when
  /// `path` is `nil` or `-`.
  package func read(_ path: String?) throws(InputReadError) -> InputDocument {
    guard let path, path != "-" else {
      switch backend {
      case .process:
        return InputDocument(
          name: "<stdin>", bytes: try Self.readAll(fd: 0, path: "<stdin>", limit: limits.inputBytes)
        )
      case .memory(let stdin, _): return try checkedDocument("<stdin>", stdin)
      }
    }
    if case .memory(_, let files) = backend, let bytes = files[path] {
      return try checkedDocument(path, bytes)
    }
    if HTTPClient.isURL(path) { return try fetch(path) }
    return InputDocument(name: path, bytes: try Self.readFile(path, limit: limits.inputBytes))
  }

  /// Fetches an `http:` or `https:` URL with `http`'s options, within `limits.inputBytes` too;
  /// records where it answered from (`redirects`).
  package func fetch(_ url: String) throws(InputReadError) -> InputDocument {
    var options = http
    options.maxBytes = min(http.maxBytes, limits.inputBytes)
    do {
      let response = try HTTPClient.get(url, options: options)
      if response.finalURL != url { redirects[url] = response.finalURL }
      return InputDocument(name: url, bytes: response.body, location: response.finalURL)
    } catch {
      if case .tooLarge = error.kind, limits.inputBytes < http.maxBytes {
        throw InputReadError.tooLarge(path: url, limit: limits.inputBytes)
      }
      throw InputReadError(error)
    }
  }

  /// Where references in the document read from `location` resolve against: the final URL
  /// when `location` was a URL that redirected, else `location`.
  package func base(of location: String) -> String { redirects[location] ?? location }

  /// Reads a file that an input names rather than the user (a media playlist a multivariant
  /// playlist lists): like `read(_:)`, but never standard input and only a regular file, since a
  /// device, FIFO or socket named inside a document could block or never end (`/dev/zero`).
  package func readNamedFile(_ path: String) throws(InputReadError) -> InputDocument {
    if case .memory(_, let files) = backend, let bytes = files[path] {
      return try checkedDocument(path, bytes)
    }
    if HTTPClient.isURL(path) { return try fetch(path) }
    return InputDocument(
      name: path, bytes: try Self.readFile(path, limit: limits.inputBytes, regularOnly: true))
  }

  /// True when `path` names something `readNamedFile` would try to read: a file supplied in
  /// memory, or an existing path.
  package func namedFileExists(_ path: String) -> Bool {
    if case .memory(_, let files) = backend, files[path] != nil { return true }
    var info = stat()
    return stat(path, &info) == 0
  }

  private func checkedDocument(_ name: String, _ bytes: [UInt8]) throws(InputReadError)
    -> InputDocument
  {
    guard bytes.count <= limits.inputBytes else {
      throw InputReadError.tooLarge(path: name, limit: limits.inputBytes)
    }
    return InputDocument(name: name, bytes: bytes)
  }

  /// Appends to standard output.
  package func write(_ text: String) {
    outBuffer += text.utf8
    flushIfLarge()
  }

  /// Appends bytes to standard output. In process form a large write goes straight to the
  /// descriptor instead of being copied into the buffer.
  package func write(bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { write(buffer: $0) }
  }

  /// Appends the bytes of `buffer` to standard output, as `write(bytes:)` does, without
  /// making an array of them first.
  package func write(buffer: UnsafeBufferPointer<UInt8>) {
    if toDescriptors, buffer.count >= 1 << 16 {
      Self.writeAll(fd: 1, outBuffer)
      outBuffer.removeAll(keepingCapacity: true)
      Self.writeAll(fd: 1, UnsafeRawBufferPointer(buffer))
      return
    }
    outBuffer.append(contentsOf: buffer)
    flushIfLarge()
  }

  /// Appends a line (with `\n`) to standard output.
  package func writeLine(_ text: String) {
    outBuffer += text.utf8
    outBuffer.append(0x0A)
    flushIfLarge()
  }

  /// Appends a line (with `\n`) to standard error; control characters in `text` are escaped
  /// (`TextEscaping`), so a value quoted from an input cannot forge a diagnostic line.
  package func errorLine(_ text: String) {
    errBuffer += TextEscaping.escapingControlCharacters(text).utf8
    errBuffer.append(0x0A)
    flushError()
  }

  /// Writes a diagnostic about `file` to standard error as
  /// `FILE:LINE:COL: severity: message [code]`.
  package func report(_ diagnostic: Diagnostic, file: String) {
    errorLine(diagnostic.rendered(file: file))
  }

  /// Writes a parse error about `file` to standard error as
  /// `FILE:LINE:COL: error: message [code]`.
  package func report(_ error: ParseError, file: String) {
    errorLine(error.rendered(file: file))
  }

  /// Writes any buffered output to the real descriptors (process form).
  package func flush() {
    guard toDescriptors else { return }
    Self.writeAll(fd: 1, outBuffer)
    outBuffer.removeAll(keepingCapacity: true)
    flushError()
  }

  private func flushIfLarge() {
    if toDescriptors, outBuffer.count >= 1 << 16 {
      Self.writeAll(fd: 1, outBuffer)
      outBuffer.removeAll(keepingCapacity: true)
    }
  }

  private func flushError() {
    guard toDescriptors else { return }
    Self.writeAll(fd: 2, errBuffer)
    errBuffer.removeAll(keepingCapacity: true)
  }

  private static func writeAll(fd: Int32, _ bytes: [UInt8]) {
    bytes.withUnsafeBytes { writeAll(fd: fd, $0) }
  }

  private static func writeAll(fd: Int32, _ raw: UnsafeRawBufferPointer) {
    guard var p = raw.baseAddress else { return }
    var left = raw.count
    while left > 0 {
      let n = posixWrite(fd, p, left)
      if n < 0 {
        if errno == EINTR { continue }
        return
      }
      p += n
      left -= n
    }
  }

  private static func readFile(_ path: String, limit: Int, regularOnly: Bool = false)
    throws(InputReadError) -> [UInt8]
  {
    // Non-blocking, so opening a FIFO nobody writes to returns at once (to be refused).
    let fd = open(path, regularOnly ? O_RDONLY | O_NONBLOCK : O_RDONLY)
    guard fd >= 0 else { throw InputReadError(path: path, reason: Self.errnoText()) }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      throw InputReadError(path: path, reason: "is a directory")
    }
    if regularOnly && (info.st_mode & S_IFMT) != S_IFREG {
      throw InputReadError(path: path, reason: "is not a regular file")
    }
    // A regular file's size is known before reading: one larger than the limit (a sparse 50 GB
    // file) is refused without reading any of it.
    if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > limit {
      throw InputReadError.tooLarge(path: path, limit: limit)
    }
    return try readAll(fd: fd, path: path, limit: limit, sizeHint: Int(info.st_size))
  }

  /// Reads until end of file, failing as soon as more than `limit` bytes arrive, so endless
  /// input (`/dev/zero`, a pipe that never closes) stops at the limit instead of exhausting memory.
  private static func readAll(fd: Int32, path: String, limit: Int, sizeHint: Int = 0)
    throws(InputReadError) -> [UInt8]
  {
    var bytes = [UInt8]()
    // One byte past the limit is room enough to tell that the input is larger.
    let ceiling = limit == Int.max ? limit : limit + 1
    var capacity = min(max(sizeHint + 1, 1 << 16), ceiling)
    var count = 0
    while true {
      if count == ceiling { throw InputReadError.tooLarge(path: path, limit: limit) }
      if count == capacity || bytes.count < capacity {
        if count == capacity { capacity = min(capacity * 2, ceiling) }
        bytes.append(contentsOf: repeatElement(0, count: capacity - bytes.count))
      }
      let n = bytes.withUnsafeMutableBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return posixRead(fd, base + count, capacity - count)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw InputReadError(path: path, reason: errnoText())
      }
      if n == 0 { break }
      count += n
    }
    bytes.removeSubrange(count...)
    return bytes
  }

  private static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}

/// A file or standard input that could not be read.
package struct InputReadError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The path as given.
  package var path: String
  /// The system's reason.
  package var reason: String

  /// The stable code of a refusal that has one (`limit.input-bytes`), `nil` for the system's.
  package var code: String?

  /// Creates an error.
  package init(path: String, reason: String, code: String? = nil) {
    self.path = path
    self.reason = reason
    self.code = code
  }

  /// A URL that could not be fetched: its message and code as they are (`HTTP 404 Not Found`,
  /// `io.http.status`), not `cannot read: …`.
  package init(_ error: HTTPLoadError) {
    self.init(path: error.url, reason: error.message, code: error.code.rawValue)
    self.isFetch = true
  }

  /// True for a URL that could not be fetched (`init(_:)`).
  package private(set) var isFetch = false

  /// The input at `path` is larger than `limit` bytes (`--max-input-bytes`).
  package static func tooLarge(path: String, limit: Int) -> InputReadError {
    InputReadError(
      path: path, reason: "larger than \(limit) bytes (--max-input-bytes)",
      code: Limits.code("input-bytes"))
  }

  /// `PATH:1:1: error: cannot read: REASON [CODE]` (`io.read` for the system's reasons, the
  /// limit's code for a refusal): the position is
  /// the file's start, so the line has the `FILE:LINE:COL` form every diagnostic has and CI
  /// annotations can point at the file. Control characters in the path are escaped
  /// (`TextEscaping`).
  package var description: String {
    let message = isFetch ? reason : "cannot read: \(reason)"
    return TextEscaping.escapingControlCharacters(
      "\(path):1:1: error: \(message) [\(code ?? ToolDiagnosticCode.ioRead.rawValue)]")
  }
}

// The system calls, named apart from `ToolIO.write`.
func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}

private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
