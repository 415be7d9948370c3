#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

extension ToolIO {
  /// Writes `files` (names relative to `directory`, subdirectories made as needed) all or
  /// nothing: into a new directory beside `directory`, renamed into place once every file is
  /// written. `directory` must not exist, or be empty. Returns the reason on failure, with
  /// nothing left behind.
  package func writeDirectory(_ directory: String, files: [(name: String, bytes: [UInt8])])
    -> String?
  {
    if case .memory = backend {
      let base = directory.hasSuffix("/") ? directory : directory + "/"
      for file in files { writtenFiles[base + file.name] = file.bytes }
      return nil
    }
    let target = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    var info = stat()
    if stat(target, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR, rmdir(target) == 0 else {
        return "\(target) exists and is not an empty directory"
      }
    }
    let temporary = target + ".partial-\(getpid())"
    var made: [String] = []
    func undo() {
      for path in made.reversed() where unlink(path) != 0 { rmdir(path) }
    }
    guard mkdir(temporary, 0o755) == 0 else { return "cannot create \(temporary): \(reason())" }
    made.append(temporary)
    for file in files {
      var path = temporary
      for part in file.name.split(separator: "/").dropLast() {
        path += "/" + part
        if mkdir(path, 0o755) == 0 { made.append(path) }
      }
      path = temporary + "/" + file.name
      let result = createFile(path, file.bytes)
      if result.created { made.append(path) }
      if let why = result.failure {
        undo()
        return "cannot write \(file.name): \(why)"
      }
    }
    guard rename(temporary, target) == 0 else {
      let why = reason()
      undo()
      return "cannot move \(temporary) to \(target): \(why)"
    }
    return nil
  }

  /// Writes `files` (names relative to `directory`, which may hold other files; it and the
  /// subdirectories are made as needed) all or nothing: every file first beside its target, then, once all are
  /// written and no target is a directory, each renamed over its target. Returns the reason on
  /// failure, with nothing changed (unless a rename fails after those checks, which leaves the
  /// files renamed before it).
  package func writeFiles(in directory: String, _ files: [(name: String, bytes: [UInt8])])
    -> String?
  {
    let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
    if case .memory = backend {
      for file in files { writtenFiles[base + "/" + file.name] = file.bytes }
      return nil
    }
    var made: [String] = []
    var temporaries: [(temporary: String, target: String)] = []
    func undo() {
      for entry in temporaries { unlink(entry.temporary) }
      for path in made.reversed() { rmdir(path) }
    }
    var prefix = base.hasPrefix("/") ? "" : "."
    for part in base.split(separator: "/") {
      prefix += "/" + part
      if mkdir(prefix, 0o755) == 0 { made.append(prefix) }
    }
    for file in files {
      var path = base
      for part in file.name.split(separator: "/").dropLast() {
        path += "/" + part
        if mkdir(path, 0o755) == 0 { made.append(path) }
      }
      let target = base + "/" + file.name
      let temporary = target + ".partial-\(getpid())"
      let result = createFile(temporary, file.bytes)
      if result.created { temporaries.append((temporary, target)) }
      if let why = result.failure {
        undo()
        return "cannot write \(file.name): \(why)"
      }
    }
    for entry in temporaries {
      var info = stat()
      if stat(entry.target, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
        undo()
        return "\(entry.target) is a directory"
      }
    }
    for entry in temporaries where rename(entry.temporary, entry.target) != 0 {
      let why = reason()
      undo()
      return "cannot move \(entry.temporary) to \(entry.target): \(why)"
    }
    return nil
  }

  private func reason() -> String { String(cString: strerror(errno)) }

  /// Creates (or truncates) the file at `path` holding `bytes`: whether it was created, and the
  /// reason opening or writing it failed.
  private func createFile(_ path: String, _ bytes: [UInt8]) -> (created: Bool, failure: String?) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return (false, reason()) }
    let ok = writeAll(fd, bytes)
    close(fd)
    return (true, ok ? nil : reason())
  }

  /// Writes all of `bytes` to `fd`, or returns false at the first failed write (`errno` says
  /// why).
  fileprivate func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { raw -> Bool in
      guard var p = raw.baseAddress else { return true }
      var left = raw.count
      while left > 0 {
        let n = posixWrite(fd, p, left)
        if n <= 0 { return false }
        p += n
        left -= n
      }
      return true
    }
  }
}

extension ToolIO {
  /// Writes `bytes` to `path` whole: into a file beside it, renamed over it. Returns the reason
  /// on failure.
  package func writeFile(_ path: String, bytes: [UInt8]) -> String? {
    if case .memory = backend {
      writtenFiles[path] = bytes
      return nil
    }
    let temporary = path + ".partial-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard fd >= 0 else { return "cannot write \(temporary): \(String(cString: strerror(errno)))" }
    let ok = writeAll(fd, bytes)
    close(fd)
    guard ok, rename(temporary, path) == 0 else {
      let why = String(cString: strerror(errno))
      unlink(temporary)
      return "cannot write \(path): \(why)"
    }
    return nil
  }
}
