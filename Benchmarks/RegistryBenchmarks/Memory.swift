import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Bytes per live instance come from the allocator's count of bytes in use, which is exact and
// unaffected by memory freed in earlier repetitions. Resident memory is the fallback where no
// such count exists: it only grows in whole pages and does not shrink after a free, so it is
// coarse.

#if canImport(Glibc)
  /// glibc's `mallinfo2`, found at run time: Glibc's Swift module leaves out `<malloc.h>`, and
  /// glibc before 2.33 lacks the function.
  ///
  /// Its result, ten `size_t` words, is received as a `sigset_t`: a C struct of sixteen
  /// `unsigned long`, larger than 16 bytes, so on every 64-bit ABI both are returned in memory
  /// the caller provides; the callee fills the first ten words.
  private let mallinfo2: (@convention(c) () -> sigset_t)? = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallinfo2") else { return nil }
    return unsafeBitCast(symbol, to: (@convention(c) () -> sigset_t).self)
  }()

  let memoryMeasure =
    mallinfo2 != nil ? "mallinfo2 (uordblks + hblkhd)" : "/proc/self/statm (resident pages)"

  /// Bytes the allocator has handed out and not taken back, large mmap-ed blocks included.
  func allocatedBytes() -> Int {
    guard let mallinfo2 else { return residentBytes() ?? 0 }
    let words = mallinfo2().__val
    // struct mallinfo2: arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, ...
    return Int(words.7) + Int(words.4)
  }
#elseif canImport(Darwin)
  let memoryMeasure = "malloc_zone_statistics (size_in_use)"

  func allocatedBytes() -> Int {
    var statistics = malloc_statistics_t()
    malloc_zone_statistics(nil, &statistics)
    return Int(statistics.size_in_use)
  }
#else
  let memoryMeasure = "/proc/self/statm (resident pages)"

  func allocatedBytes() -> Int {
    residentBytes() ?? 0
  }
#endif

/// Resident memory from `/proc/self/statm` (its second field, in pages), or `nil` without it.
func residentBytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return nil
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}
