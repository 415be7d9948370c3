#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `playlist-builder-example OUTDIR`: writes the playlists `PlaylistBuilderExample` builds into
/// OUTDIR (see `DirectoryOutput` for how the files arrive whole).
func fail(_ message: String) -> Never {
  DirectoryOutput.printError("playlist-builder-example: error: \(message)\n")
  exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let directory = arguments.first, !directory.hasPrefix("-") else {
  DirectoryOutput.printError("usage: playlist-builder-example OUTDIR\n")
  exit(2)
}
do {
  let files = try PlaylistBuilderExample.files()
  try DirectoryOutput.save(files, to: directory)
} catch {
  fail("\(error)")
}
