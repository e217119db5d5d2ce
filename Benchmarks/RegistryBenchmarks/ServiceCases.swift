import Registry

// Services beside view models: each case's floor is the view-model case it must match, measured
// in the same run (in a fresh registry of its own, as the case is), so the ratio says what a
// service costs over a view model.

/// A service: a plain final class, as a service usually is.
final class BenchService {}

let serviceHotSpecs = hotKeys.map { key in ServiceSpec(key: key) { BenchService() } }
let privateServiceSpec = ServiceSpec { BenchService() }
/// A private interface, provided in each repetition's registry.
let privateInterfaceSpec = ServiceSpec<BenchService>.interface()

// MARK: service_hot_read

/// A binding that already holds its services reads them again: the re-render path of a view
/// that reads services.
@MainActor
func serviceHotRead(calls: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  let specs = serviceHotSpecs
  let held = specs.map { binding.read($0) }
  var sum: UInt = 0
  let start = benchClock.now
  for index in 0..<calls { sum &+= bits(binding.read(specs[index & hotMask])) }
  let elapsed = nanoseconds(since: start)
  var expected: UInt = 0
  for index in 0..<calls { expected &+= bits(held[index & hotMask]) }
  precondition(sum == expected && registry.liveInstanceCount == held.count)
  consume(sum)
  binding.dispose()
  expectEmpty(registry)
  return [Metric(name: "service_hot_read", unit: "ns/call", value: elapsed / Double(calls))]
}

/// `hot_read` itself: view models re-read by a binding that holds them.
@MainActor
func serviceHotReadFloor(calls: Int) -> [Metric] {
  inFreshRegistry(named: "service_hot_read floor") { hotResolve(calls: calls, watching: false) }.map
  {
    Metric(name: "service_hot_read", unit: $0.unit, value: $0.value)
  }
}

// MARK: service_private_cycle, interface_private_cycle

/// A new binding builds its own service, then is disposed, disposing it. An interface's
/// provider is given first.
@MainActor
func servicePrivateCycle(
  cycles: Int, spec: ServiceSpec<BenchService>, isInterface: Bool = false, name: String
) -> [Metric] {
  let registry = ViewModelRegistry.current
  if isInterface { registry.provide(spec) { BenchService() } }
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles {
    let binding = ViewModelBinding(registry: registry)
    sum &+= bits(binding.read(spec))
    binding.dispose()
  }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  expectEmpty(registry)
  return [Metric(name: name, unit: "ns/cycle", value: elapsed / Double(cycles))]
}

/// `private_cycle` itself, renamed: a private view model built and disposed.
@MainActor
func servicePrivateCycleFloor(cycles: Int) -> [Metric] {
  inFreshRegistry(named: "service_private_cycle floor") { privateCycle(cycles: cycles) }.map {
    Metric(name: "service_private_cycle", unit: $0.unit, value: $0.value)
  }
}

// MARK: service_unbind_cycle

/// A binding that lives through the loop builds its own service and lets go of it with
/// `unbind(_:)`, disposing it: `private_unbind_cycle` for a service.
@MainActor
func serviceUnbindCycle(cycles: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let spec = privateServiceSpec
  let binding = ViewModelBinding(registry: registry)
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles {
    sum &+= bits(binding.read(spec))
    binding.unbind(spec)
  }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  precondition(registry.liveInstanceCount == 0, "unbind(_:) left a service alive")
  binding.dispose()
  expectEmpty(registry)
  return [Metric(name: "service_unbind_cycle", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

/// `private_unbind_cycle` itself, renamed: a private view model built and let go of.
@MainActor
func serviceUnbindCycleFloor(cycles: Int) -> [Metric] {
  inFreshRegistry(named: "service_unbind_cycle floor") { privateUnbindCycle(cycles: cycles) }
    .map { Metric(name: "service_unbind_cycle", unit: $0.unit, value: $0.value) }
}

/// `service_private_cycle`, renamed: the same service built from a spec with a builder.
@MainActor
func interfacePrivateCycleFloor(cycles: Int) -> [Metric] {
  inFreshRegistry(named: "interface_private_cycle floor") {
    servicePrivateCycle(cycles: cycles, spec: privateServiceSpec, name: "interface_private_cycle")
  }
}
