#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a set of files with POSIX calls so that a reader sees all of them or none:
/// - when the directory does not exist, the files go into a new `DIR.tmp-XXXXXX` directory
///   that is renamed to `DIR` once every file is written;
/// - when it exists, each file is written to `.NAME.tmp-PID` in it first, and the temporary
///   files are renamed over their final names only once all of them are written (each file
///   is replaced atomically; a failed write removes the temporary files and changes nothing).
enum DirectoryOutput {
  /// Writes `text` to standard error.
  static func printError(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      guard n > 0 else { return }
      offset += n
    }
  }

  /// A failed system call: what was being done, on which path, and `strerror(errno)`.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ action: String, _ path: String) {
      description = "\(action) \(path): \(String(cString: strerror(errno)))"
    }
  }

  static func save(_ files: [(name: String, bytes: [UInt8])], to directory: String) throws {
    var info = stat()
    if stat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure("not a directory:", directory) }
      try replace(files, in: directory)
      return
    }
    var template = Array((directory + ".tmp-XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else { throw Failure("cannot create", directory + ".tmp-*") }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    do {
      for file in files { try writeFile(file.bytes, to: temporary + "/" + file.name) }
      guard rename(temporary, directory) == 0 else { throw Failure("cannot rename to", directory) }
    } catch {
      for file in files { unlink(temporary + "/" + file.name) }
      rmdir(temporary)
      throw error
    }
  }

  /// Writes every file beside its final name, then renames them all into place.
  private static func replace(_ files: [(name: String, bytes: [UInt8])], in directory: String)
    throws
  {
    let temporaries = files.map { directory + "/." + $0.name + ".tmp-\(getpid())" }
    do {
      for (file, temporary) in zip(files, temporaries) { try writeFile(file.bytes, to: temporary) }
      for (file, temporary) in zip(files, temporaries) {
        let path = directory + "/" + file.name
        guard rename(temporary, path) == 0 else { throw Failure("cannot rename to", path) }
      }
    } catch {
      for temporary in temporaries { unlink(temporary) }
      throw error
    }
  }

  /// Creates `path` (which must not exist) and writes `bytes` to it.
  private static func writeFile(_ bytes: [UInt8], to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard fd >= 0 else { throw Failure("cannot create", path) }
    defer { close(fd) }
    var offset = 0
    while offset < bytes.count {
      let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      guard n > 0 else { throw Failure("cannot write", path) }
      offset += n
    }
    guard fsync(fd) == 0 else { throw Failure("cannot write", path) }
  }
}
