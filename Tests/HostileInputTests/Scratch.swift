import Foundation

/// A temporary directory for one case's input files, removed when the value goes away.
final class Scratch {
  /// The directory's absolute path.
  let path: String

  /// Creates an empty directory under the system's temporary directory.
  init() throws {
    path = FileManager.default.temporaryDirectory.path + "/hostile-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// Writes `bytes` to the file `name` in the directory and returns its absolute path.
  @discardableResult func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = path + "/" + name
    guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else {
      throw ChildError("cannot write \(file)")
    }
    return file
  }

  /// Writes `text` to the file `name` in the directory and returns its absolute path.
  @discardableResult func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }

  /// Makes `name` a sparse file of `size` bytes (no data blocks) and returns its path.
  func sparse(_ name: String, size: Int) throws -> String {
    let file = try write(name, [UInt8]())
    guard truncate(file, off_t(size)) == 0 else { throw ChildError("cannot truncate \(file)") }
    return file
  }
}
