import Foundation
import Registry
import Testing

/// Resident memory of this process, from /proc (Linux); nil elsewhere.
private func residentBytes() -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
    let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return nil }
  return kilobytes * 1024
}

/// 100,000 live instances and 1,000,000 random operations, in two rounds: memory after the
/// second round's release must not grow past the first's. Run with REGISTRY_SOAK=1 (CI does).
@MainActor
@Suite struct SoakTests {
  nonisolated static let isEnabled = ProcessInfo.processInfo.environment["REGISTRY_SOAK"] != nil

  @Test(.enabled(if: SoakTests.isEnabled), .timeLimit(.minutes(10)))
  func hundredThousandInstancesAndAMillionOperations() {
    var residentAfterRelease: [Int] = []
    var generator = SeededGenerator(seed: 2026)
    for _ in 0..<2 {
      let registry = ViewModelRegistry(name: "soak")
      registry.configure(config: ViewModelConfig(keyChurnWarning: nil))
      let family = ViewModelSpecWithArg<StateViewModel<Int>, Int>(builder: {
        StateViewModel(state: $0)
      })
      let base = ViewModelBinding(registry: registry, label: "Base")
      for id in 0..<100_000 { _ = base.read(family(id)) }
      #expect(registry.liveInstanceCount == 100_000)

      var bindings = (0..<16).map { ViewModelBinding(registry: registry, label: "Soak\($0)") }
      var held: [[Int]] = Array(repeating: [], count: bindings.count)
      var refreshes = 0
      for _ in 0..<500_000 {
        let slot = Int.random(in: 0..<bindings.count, using: &generator)
        let id = Int.random(in: 0..<120_000, using: &generator)
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<40:
          let model = bindings[slot].watch(family(id))
          held[slot].append(id)
          if id % 7 == 0 { model.setState(model.state + 1) }
        case 40..<55:
          _ = bindings[slot].read(family(id))
          held[slot].append(id)
        case 55..<90:
          guard let index = held[slot].indices.randomElement(using: &generator) else { continue }
          let id = held[slot].remove(at: index)
          if let model: StateViewModel<Int> = bindings[slot].maybeReadCached(key: id) {
            bindings[slot].unbind(model)
          }
          held[slot].removeAll { $0 == id }
        case 90..<99:
          base.read(family(id % 100_000)).notifyListeners()
        default:
          bindings[slot].dispose()
          bindings[slot] = ViewModelBinding(registry: registry) { refreshes += 1 }
          held[slot] = []
        }
      }
      for binding in bindings { binding.dispose() }
      base.dispose()
      #expect(registry.liveInstanceCount == 0)
      bindings.removeAll()
      if let resident = residentBytes() { residentAfterRelease.append(resident) }
    }
    if residentAfterRelease.count == 2 {
      let growth = residentAfterRelease[1] - residentAfterRelease[0]
      #expect(growth < 32 * 1024 * 1024, "resident memory grew by \(growth) bytes between rounds")
    }
  }
}
