#if canImport(Glibc)
  import Glibc
#endif

/// Expands the inputs of a command into the files to analyse.
///
/// A folder stands for every regular file below it, in name order; hidden entries (names
/// starting with `.`) are skipped; symbolic links to folders are followed once (a link
/// loop is detected by device and inode and not entered again). A path that does not
/// exist or cannot be listed is kept as is, so that its analysis reports the problem.
enum InputCollector {
  /// The files to analyse, and whether the user named exactly one file.
  static func collect(_ inputs: [String]) -> (files: [String], isSingleFile: Bool) {
    var files: [String] = []
    var sawFolder = false
    for input in inputs {
      if input != "-", isDirectory(input) {
        sawFolder = true
        var visited: Set<FileID> = []
        walk(input, into: &files, visited: &visited)
      } else {
        files.append(input)
      }
    }
    return (files, inputs.count == 1 && !sawFolder)
  }

  private struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  private static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
  }

  private static func walk(_ folder: String, into files: inout [String], visited: inout Set<FileID>) {
    var info = stat()
    guard stat(folder, &info) == 0 else {
      files.append(folder)
      return
    }
    let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    guard visited.insert(id).inserted else { return }
    guard let directory = opendir(folder) else {
      files.append(folder)
      return
    }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix(".") { continue }
      names.append(name)
    }
    closedir(directory)
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    for name in names.sorted() {
      let path = base + name
      var entryInfo = stat()
      if stat(path, &entryInfo) == 0, entryInfo.st_mode & S_IFMT == S_IFDIR {
        walk(path, into: &files, visited: &visited)
      } else {
        // Regular files, and anything stat cannot follow (a broken link, a link loop): the
        // analysis reports why it cannot be read.
        if stat(path, &entryInfo) != 0 || entryInfo.st_mode & S_IFMT == S_IFREG {
          files.append(path)
        }
      }
    }
  }
}
