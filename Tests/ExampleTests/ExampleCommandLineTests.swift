import Foundation
import Testing

/// Runs the built `playlist-builder-example` (beside the test executable) as a child process.
private func runExample(_ arguments: [String]) throws -> (Int32, String) {
  var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    .deletingLastPathComponent()
  while directory.path != "/",
    !FileManager.default.isExecutableFile(
      atPath: directory.appendingPathComponent("playlist-builder-example").path)
  {
    directory = directory.deletingLastPathComponent()
  }
  let process = Process()
  process.executableURL = directory.appendingPathComponent("playlist-builder-example")
  process.arguments = arguments
  let errors = Pipe()
  process.standardError = errors
  process.standardOutput = FileHandle.nullDevice
  try process.run()
  let bytes = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: bytes, as: UTF8.self))
}

@Suite struct ExampleCommandLineTests {
  @Test func withoutOUTDIRItPrintsItsUsageAndExits2() throws {
    let (status, errors) = try runExample([])
    #expect(status == 2)
    #expect(errors == "usage: playlist-builder-example OUTDIR\n")
  }

  @Test func aDirectoryItCannotCreateIsAnErrorAndExits2() throws {
    let (status, errors) = try runExample(["/nonexistent-manifestkit/out"])
    #expect(status == 2)
    #expect(
      errors == "playlist-builder-example: error: cannot create "
        + "/nonexistent-manifestkit/out.tmp-*: No such file or directory\n")
  }

  @Test func itWritesTheSevenPlaylistsIntoANewDirectory() throws {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("playlist-builder-example-\(getpid())")
    try? FileManager.default.removeItem(at: scratch)
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("out")
    let (status, errors) = try runExample([out.path])
    #expect(status == 0)
    #expect(errors == "")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: out.path).sorted() == [
        "audio-en.m3u8", "audio-fr.m3u8", "master.m3u8", "subtitles-en.m3u8", "video-1080p.m3u8",
        "video-540p.m3u8", "video-720p.m3u8",
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["out"])
  }
}
