import Foundation

/// The seeds the model-based tests run: 1 to 10 in a plain `swift test`, so that the suite stays
/// quick (every mutant of the mutation run reruns it); `REGISTRY_MODEL_SEEDS=40` runs 1 to 40,
/// as the address sanitizer step of CI does.
let modelRunSeeds: ClosedRange<UInt64> = {
  let count = ProcessInfo.processInfo.environment["REGISTRY_MODEL_SEEDS"].flatMap(UInt64.init)
  return 1...max(count ?? 10, 1)
}()
