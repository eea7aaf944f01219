#if canImport(Glibc)
  import Glibc
  import Synchronization

  // MARK: - Design
  //
  // A file mapped with `mmap` that another process truncates makes the pages past its new end
  // unreadable: touching one raises SIGBUS, whose default action kills the process — a crash
  // on bad input, and in a batch the loss of every other file. The guard below turns that
  // into an error for the one file. Each mapping is registered in a fixed table of slots; the
  // SIGBUS handler looks the faulting address up there and, when it lies in a registered
  // mapping, maps anonymous zero pages over the rest of it (`MAP_FIXED`) and marks the slot
  // cut. The reader then sees NUL bytes where the bytes were gone, which no JSON value holds,
  // and its caller reports the file as cut short (``MappedFile/wasCut``). An address outside
  // every mapping puts back the handler that was there before (the default action, or the
  // Swift runtime's crash reporter), so a real fault is still reported and kills the process.
  //
  // The handler only loads and stores atomics and calls `mmap` and `sigaction` (system calls).

  extension System {
    /// Mapped files guarded at once at most; beyond that a file is read instead.
    static let guardedMappingLimit = 64

    /// Registers `bytes` (a mapping from ``mapFile(_:byteCount:)``) with the SIGBUS guard;
    /// returns its slot, or `nil` when every slot is taken (the caller then unmaps it).
    static func guardMapping(_ bytes: UnsafeRawBufferPointer) -> Int? {
      guard MappedFileGuard.isInstalled, let base = bytes.baseAddress else { return nil }
      let start = Int(bitPattern: base)
      let page = MappedFileGuard.pageSize
      let end = start + (bytes.count + page - 1) / page * page
      let slots = MappedFileGuard.slots
      for slot in 0..<guardedMappingLimit {
        // Claimed with -1, so that the handler never sees a half-written slot.
        guard slots[3 * slot].compareExchange(expected: 0, desired: -1, ordering: .acquiring).exchanged
        else { continue }
        slots[3 * slot + 1].store(end, ordering: .relaxed)
        slots[3 * slot + 2].store(0, ordering: .relaxed)
        slots[3 * slot].store(start, ordering: .releasing)
        return slot
      }
      return nil
    }

    /// Whether a page of the mapping in `slot` was gone (its file truncated) and read as zeros.
    static func mappingWasCut(slot: Int) -> Bool {
      MappedFileGuard.slots[3 * slot + 2].load(ordering: .acquiring) != 0
    }

    /// Frees `slot`, before its mapping is unmapped.
    static func unguardMapping(slot: Int) {
      MappedFileGuard.slots[3 * slot].store(0, ordering: .releasing)
    }
  }

  /// The slots and the handler of the SIGBUS guard (see the design note above).
  private enum MappedFileGuard {
    /// Three atomics per slot: the mapping's start (0: free, -1: being filled), its
    /// page-rounded end, and 1 once a page of it was replaced.
    static var slots: UnsafeMutablePointer<Atomic<Int>> { table.atomics }

    /// The SIGBUS action before the guard's, put back for a fault the guard does not own.
    static var previous: UnsafeMutablePointer<sigaction> { table.previous }

    /// The slots' memory and the previous action, allocated once and never freed; shared by
    /// every thread and the handler, which only touch the slots through their atomics and
    /// the previous action after it was written, before the handler was installed.
    private struct Table: @unchecked Sendable {
      let atomics: UnsafeMutablePointer<Atomic<Int>>
      let previous: UnsafeMutablePointer<sigaction>
    }

    private static let table: Table = {
      let count = 3 * System.guardedMappingLimit
      let atomics = UnsafeMutablePointer<Atomic<Int>>.allocate(capacity: count)
      for index in 0..<count { (atomics + index).initialize(to: Atomic(0)) }
      let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
      previous.initialize(to: sigaction())
      return Table(atomics: atomics, previous: previous)
    }()

    static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))

    /// Installed once, at the first mapping; `false` when `sigaction` failed (files are read).
    static let isInstalled: Bool = {
      _ = slots
      _ = pageSize
      var action = sigaction()
      action.__sigaction_handler.sa_sigaction = handle
      action.sa_flags = SA_SIGINFO | SA_NODEFER
      sigemptyset(&action.sa_mask)
      return sigaction(SIGBUS, &action, previous) == 0
    }()

    typealias Handler =
      @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    static let handle: Handler = { _, info, _ in
      let address = Int(bitPattern: info?.pointee._sifields._sigfault.si_addr)
      for slot in 0..<System.guardedMappingLimit {
        let start = slots[3 * slot].load(ordering: .acquiring)
        let end = slots[3 * slot + 1].load(ordering: .relaxed)
        guard start > 0, address >= start, address < end else { continue }
        let page = address & ~(pageSize - 1)
        let zeros = mmap(
          UnsafeMutableRawPointer(bitPattern: page), end - page, PROT_READ,
          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
        if zeros != UnsafeMutableRawPointer(bitPattern: -1) {
          slots[3 * slot + 2].store(1, ordering: .releasing)
          return
        }
        break
      }
      // Not a guarded mapping (or it could not be patched): the action from before, which
      // the fault meets again on return.
      _ = sigaction(SIGBUS, previous, nil)
    }
  }
#else
  extension System {
    /// No guard here: ``mapFile(_:byteCount:)`` maps nothing, so nothing is registered.
    static func guardMapping(_ bytes: UnsafeRawBufferPointer) -> Int? { nil }

    /// Never cut: nothing is mapped.
    static func mappingWasCut(slot: Int) -> Bool { false }

    /// Nothing to free.
    static func unguardMapping(slot: Int) {}
  }
#endif
