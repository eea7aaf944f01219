/// Expands the inputs of a command into the files to analyse.
///
/// A folder stands for every regular file below it, in name order; hidden entries (names
/// starting with `.`) are skipped, and so are pipes, sockets and devices found in a folder;
/// symbolic links to folders are followed once (a link loop is detected by device and
/// inode and not entered again). Problems found on the way become entries of their own,
/// reported in their place in the batch: a folder with no files, a broken symbolic link, a
/// link loop, a folder that cannot be listed, the output file named as an input. A path
/// that does not exist is kept as it is, so that reading it reports the problem.
enum InputCollector {
  /// The files to analyse, and whether the user named exactly one file.
  ///
  /// - `output`: The file the output is written to (``Console/outputFile``): left
  ///   out of folders, a problem when named.
  static func collect(
    _ inputs: [String], excluding output: System.FileStatus? = nil
  ) -> (files: [CollectedInput], isSingleFile: Bool) {
    var files: [CollectedInput] = []
    var sawFolder = false
    for input in inputs {
      if input == "-" {
        files.append(CollectedInput(path: input))
        continue
      }
      switch classify(input, output: output) {
      case .folder:
        sawFolder = true
        var walk = FolderWalk(output: output)
        walk.visit(input)
        if walk.files.isEmpty {
          files.append(CollectedInput(path: input, problem: .emptyFolder(hiddenEntries: walk.hiddenEntries)))
        } else {
          files += walk.files
        }
      case .problem(let problem):
        files.append(CollectedInput(path: input, problem: problem))
      case .output:
        files.append(CollectedInput(path: input, problem: .isTheOutput))
      case .file, .special:
        files.append(CollectedInput(path: input))
      }
    }
    return (files, inputs.count == 1 && !sawFolder)
  }

  /// What a path turned out to be.
  fileprivate enum Entry {
    case file
    case folder
    /// A pipe, socket or device: read when named, skipped inside a folder.
    case special
    /// The file the output is written to.
    case output
    case problem(InputProblem)
  }

  /// Classifies `path`, following symbolic links; a link that leads nowhere is a problem.
  ///
  /// A path that does not exist is a `file`: opening it reports it.
  fileprivate static func classify(_ path: String, output: System.FileStatus?) -> Entry {
    switch System.status(of: path, followingLinks: true) {
    case .success(let status):
      if let output, status.device == output.device, status.inode == output.inode { return .output }
      switch status.kind {
      case .folder: return .folder
      case .regular, .symbolicLink: return .file
      case .other: return .special
      }
    case .failure(let error):
      guard case .success(let link) = System.status(of: path, followingLinks: false),
        link.kind == .symbolicLink
      else { return .file }
      if error == .linkLoop { return .problem(.linkLoop) }
      if error == .noSuchEntry { return .problem(.brokenLink(target: System.linkTarget(of: path) ?? "?")) }
      return .file
    }
  }
}

/// A depth-first walk of one folder given as an input.
private struct FolderWalk {
  /// The output file, left out.
  let output: System.FileStatus?
  var files: [CollectedInput] = []
  var hiddenEntries = 0
  private var visited: Set<FileID> = []

  init(output: System.FileStatus?) {
    self.output = output
  }

  /// A folder's identity, whatever path leads to it.
  private struct FileID: Hashable {
    var device: UInt64
    var inode: UInt64
  }

  mutating func visit(_ folder: String) {
    guard case .success(let status) = System.status(of: folder, followingLinks: true) else { return }
    guard visited.insert(FileID(device: status.device, inode: status.inode)).inserted else { return }
    let names: [String]
    switch System.folderEntries(folder) {
    case .success(let entries): names = entries
    case .failure(let error):
      files.append(CollectedInput(path: folder, problem: .unlistableFolder(error)))
      return
    }
    let base = folder.hasSuffix("/") ? folder : folder + "/"
    for name in names.sorted() {
      if name.hasPrefix(".") {
        hiddenEntries += 1
        continue
      }
      let path = base + name
      switch InputCollector.classify(path, output: output) {
      case .folder: visit(path)
      case .file: files.append(CollectedInput(path: path))
      case .problem(let problem): files.append(CollectedInput(path: path, problem: problem))
      case .special, .output: break
      }
    }
  }
}
