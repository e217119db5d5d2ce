import Registry

/// A repetition must leave nothing behind, or the next one would not start fresh.
@MainActor
func expectEmpty(_ registry: ViewModelRegistry) {
  precondition(registry.liveInstanceCount == 0, "instances leaked:\n\(registry.snapshot())")
}

// MARK: hot_read, hot_watch

/// A binding that already holds its instances resolves them again: the re-render path.
@MainActor
func hotResolve(calls: Int, watching: Bool) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  let specs = hotSpecs
  let held = specs.map { watching ? binding.watch($0) : binding.read($0) }
  var sum: UInt = 0
  let start = benchClock.now
  if watching {
    for index in 0..<calls { sum &+= bits(binding.watch(specs[index & hotMask])) }
  } else {
    for index in 0..<calls { sum &+= bits(binding.read(specs[index & hotMask])) }
  }
  let elapsed = nanoseconds(since: start)
  expectHeld(held, registry: registry, calls: calls, sum: sum)
  consume(sum)
  binding.dispose()
  expectEmpty(registry)
  let name = watching ? "hot_watch" : "hot_read"
  return [Metric(name: name, unit: "ns/call", value: elapsed / Double(calls))]
}

/// Every call of a re-read loop returned the instance the binding already held, and nothing new
/// was built.
@MainActor
func expectHeld(_ held: [ViewModel], registry: ViewModelRegistry, calls: Int, sum: UInt) {
  precondition(registry.liveInstanceCount == held.count, "a re-read built a new instance")
  var expected: UInt = 0
  for index in 0..<calls { expected &+= bits(held[index & hotMask]) }
  precondition(sum == expected, "a re-read returned another instance than the one held")
}

/// A dictionary lookup with a `String` key.
@MainActor
func hotFloor(calls: Int, name: String) -> [Metric] {
  var table: [String: FloorNode] = [:]
  for key in hotKeys { table[key] = makeNode() }
  let keys = hotKeys
  var sum: UInt = 0
  let start = benchClock.now
  for index in 0..<calls {
    if let node = floorLookup(table, keys[index & hotMask]) { sum &+= bits(node) }
  }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  return [Metric(name: name, unit: "ns/call", value: elapsed / Double(calls))]
}

// MARK: family_hot_read, family_hot_watch

/// The re-render path through a family: each call makes the spec anew from its argument, as a
/// SwiftUI body does with `binding.read(userSpec(id))`, and finds the instance already held.
@MainActor
func familyHotResolve(calls: Int, watching: Bool) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  let family = hotFamily
  let held = (0..<hotWidth).map { id in
    watching ? binding.watch(family(id)) : binding.read(family(id))
  }
  var sum: UInt = 0
  let start = benchClock.now
  if watching {
    for index in 0..<calls { sum &+= bits(binding.watch(family(index & hotMask))) }
  } else {
    for index in 0..<calls { sum &+= bits(binding.read(family(index & hotMask))) }
  }
  let elapsed = nanoseconds(since: start)
  expectHeld(held, registry: registry, calls: calls, sum: sum)
  consume(sum)
  binding.dispose()
  expectEmpty(registry)
  let name = watching ? "family_hot_watch" : "family_hot_read"
  return [Metric(name: name, unit: "ns/call", value: elapsed / Double(calls))]
}

// MARK: family_direct_hot_read

/// The re-render path through a family without a spec: `binding.read(userSpec, id)` in a body,
/// each call finding the instance already held.
@MainActor
func familyDirectHotResolve(calls: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  let family = hotFamily
  let held = (0..<hotWidth).map { id in binding.read(family, id) }
  var sum: UInt = 0
  let start = benchClock.now
  for index in 0..<calls { sum &+= bits(binding.read(family, index & hotMask)) }
  let elapsed = nanoseconds(since: start)
  expectHeld(held, registry: registry, calls: calls, sum: sum)
  consume(sum)
  binding.dispose()
  expectEmpty(registry)
  return [Metric(name: "family_direct_hot_read", unit: "ns/call", value: elapsed / Double(calls))]
}

// MARK: family_pack_hot_read

/// A binding re-reads instances it holds through a family of two arguments, called on every
/// read as a body calls it: `binding.read(family(id, 0))`.
@MainActor
func familyPackHotResolve(calls: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  let family = hotPackFamily
  let held = (0..<hotWidth).map { id in binding.read(family(id, 0)) }
  var sum: UInt = 0
  let start = benchClock.now
  for index in 0..<calls { sum &+= bits(binding.read(family(index & hotMask, 0))) }
  let elapsed = nanoseconds(since: start)
  expectHeld(held, registry: registry, calls: calls, sum: sum)
  consume(sum)
  binding.dispose()
  expectEmpty(registry)
  return [Metric(name: "family_pack_hot_read", unit: "ns/call", value: elapsed / Double(calls))]
}

/// A dictionary lookup with the `Int` key.
@MainActor
func familyHotFloor(calls: Int, name: String) -> [Metric] {
  var table: [Int: FloorNode] = [:]
  for id in 0..<hotWidth { table[id] = makeNode() }
  var sum: UInt = 0
  let start = benchClock.now
  for index in 0..<calls {
    if let node = floorLookup(table, index & hotMask) { sum &+= bits(node) }
  }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  return [Metric(name: name, unit: "ns/call", value: elapsed / Double(calls))]
}

// MARK: share_cycle, private_cycle, chain10, chain100

/// A new binding acquires an instance another binding holds, then is disposed.
@MainActor
func shareCycle(cycles: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let owner = ViewModelBinding(registry: registry)
  let spec = sharedSpec
  _ = owner.watch(spec)
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles {
    let binding = ViewModelBinding(registry: registry)
    sum &+= bits(binding.watch(spec))
    binding.dispose()
  }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  owner.dispose()
  expectEmpty(registry)
  return [Metric(name: "share_cycle", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

@MainActor
func shareFloor(cycles: Int) -> [Metric] {
  let registry = FloorRegistry()
  registry.shared[sharedKey] = makeNode()
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles { sum &+= floorShareCycle(registry, sharedKey) }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  return [Metric(name: "share_cycle", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

/// A new binding builds its own unkeyed instance, then is disposed, disposing it.
@MainActor
func privateCycle(cycles: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let spec = privateSpec
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles {
    let binding = ViewModelBinding(registry: registry)
    sum &+= bits(binding.watch(spec))
    binding.dispose()
  }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  expectEmpty(registry)
  return [Metric(name: "private_cycle", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

@MainActor
func privateFloor(cycles: Int) -> [Metric] {
  let registry = FloorRegistry()
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles { sum &+= floorPrivateCycle(registry, sharedKey) }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  return [Metric(name: "private_cycle", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

/// A binding made and disposed, holding nothing: what `private_cycle` pays for its new binding.
@MainActor
func bindingCycle(cycles: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles {
    let binding = ViewModelBinding(registry: registry)
    sum &+= bits(binding)
    binding.dispose()
  }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  return [Metric(name: "binding_cycle", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

@MainActor
func bindingFloor(cycles: Int) -> [Metric] {
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles { sum &+= bits(makeNode()) }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  return [Metric(name: "binding_cycle", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

/// A binding that lives through the loop, as a screen's does, builds a new unkeyed instance and
/// lets go of it with `unbind(_:)`, disposing it: a new instance and its release, as a container's
/// resolve of a new object and the caller dropping it.
@MainActor
func privateUnbindCycle(cycles: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let spec = privateSpec
  let binding = ViewModelBinding(registry: registry)
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles {
    let viewModel = binding.watch(spec)
    sum &+= bits(viewModel)
    binding.unbind(viewModel)
  }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  precondition(registry.liveInstanceCount == 0, "unbind(_:) left an instance alive")
  binding.dispose()
  expectEmpty(registry)
  return [Metric(name: "private_unbind_cycle", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

@MainActor
func privateUnbindFloor(cycles: Int) -> [Metric] {
  let registry = FloorRegistry()
  let holder = makeNode()
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles { sum &+= floorUnbindCycle(registry, holder, sharedKey) }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  return [Metric(name: "private_unbind_cycle", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

/// A new binding resolves the head of a chain whose links resolve each other in `onCreate`,
/// then is disposed, disposing the whole chain.
@MainActor
func chain(_ links: ChainLinks, cycles: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let head = links.specs[0]
  do {
    // Checked once, untimed: the case must build the whole chain.
    let binding = ViewModelBinding(registry: registry)
    _ = binding.watch(head)
    precondition(registry.liveInstanceCount == links.length)
    binding.dispose()
    expectEmpty(registry)
  }
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles {
    let binding = ViewModelBinding(registry: registry)
    sum &+= bits(binding.watch(head))
    binding.dispose()
  }
  let elapsed = nanoseconds(since: start)
  consume(sum)
  expectEmpty(registry)
  return chainMetrics(links, perCycle: elapsed / Double(cycles))
}

@MainActor
func chainFloor(_ links: ChainLinks, cycles: Int) -> [Metric] {
  let registry = FloorRegistry()
  let keys = links.keys
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<cycles { sum &+= floorChain(registry, keys) }
  let elapsed = nanoseconds(since: start)
  precondition(registry.shared.isEmpty)
  consume(sum)
  return chainMetrics(links, perCycle: elapsed / Double(cycles))
}

func chainMetrics(_ links: ChainLinks, perCycle: Double) -> [Metric] {
  let name = "chain\(links.length)"
  return [
    Metric(name: name, unit: "ns/cycle", value: perCycle),
    Metric(name: name + "_per_link", unit: "ns/link", value: perCycle / Double(links.length)),
  ]
}

// MARK: arg_new_instance

/// A new binding resolves a family's spec for an argument no instance has yet, so the family's
/// builder makes a new instance from it; then the binding is disposed, disposing the instance.
@MainActor
func argNewInstance(cycles: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let family = argFamily
  var sum: UInt = 0
  var ids = 0
  let start = benchClock.now
  for id in 0..<cycles {
    let binding = ViewModelBinding(registry: registry)
    let viewModel = binding.watch(family(id))
    sum &+= bits(viewModel)
    ids &+= viewModel.id
    binding.dispose()
  }
  let elapsed = nanoseconds(since: start)
  // Each cycle got an instance built from its own argument, and disposed it.
  precondition(ids == cycles * (cycles - 1) / 2)
  consume(sum &+ UInt(ids))
  expectEmpty(registry)
  return [Metric(name: "arg_new_instance", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

@MainActor
func argNewInstanceFloor(cycles: Int) -> [Metric] {
  let registry = FloorArgRegistry { makeArgNode($0) }
  var sum: UInt = 0
  let start = benchClock.now
  for id in 0..<cycles { sum &+= floorArgCycle(registry, id) }
  let elapsed = nanoseconds(since: start)
  precondition(registry.live.isEmpty)
  consume(sum)
  return [Metric(name: "arg_new_instance", unit: "ns/cycle", value: elapsed / Double(cycles))]
}

/// `arg_new_instance` through a binding that lives through the loop: each cycle builds a new
/// instance from a fresh argument and lets go of it with `unbind(_:)`, disposing it.
@MainActor
func argUnbindCycle(cycles: Int) -> [Metric] {
  argUnbindLoop(cycles: cycles, name: "arg_unbind_cycle") { binding, family, id in
    binding.watch(family(id))
  }
}

/// `arg_unbind_cycle` without a spec per argument: `binding.watch(family, id)` with a fresh
/// argument, then `unbind(_:)`.
@MainActor
func argDirectUnbindCycle(cycles: Int) -> [Metric] {
  argUnbindLoop(cycles: cycles, name: "arg_direct_unbind_cycle") { binding, family, id in
    binding.watch(family, id)
  }
}

/// The loop of the two cases above, with how each resolves an argument. Inlined into each, with
/// `resolve`, so that their loops are what they were written alone, and `count-instructions.sh`
/// finds each in its own function.
@MainActor @inline(__always)
private func argUnbindLoop(
  cycles: Int, name: String,
  resolve: (ViewModelBinding, ViewModelSpecWithArg<ArgViewModel, Int>, Int) -> ArgViewModel
) -> [Metric] {
  let registry = ViewModelRegistry.current
  let family = argFamily
  let binding = ViewModelBinding(registry: registry)
  var sum: UInt = 0
  var ids = 0
  let start = benchClock.now
  for id in 0..<cycles {
    let viewModel = resolve(binding, family, id)
    sum &+= bits(viewModel)
    ids &+= viewModel.id
    binding.unbind(viewModel)
  }
  let elapsed = nanoseconds(since: start)
  precondition(ids == cycles * (cycles - 1) / 2)
  precondition(registry.liveInstanceCount == 0, "unbind(_:) left an instance alive")
  consume(sum &+ UInt(ids))
  binding.dispose()
  expectEmpty(registry)
  return [Metric(name: name, unit: "ns/cycle", value: elapsed / Double(cycles))]
}

@MainActor
func argUnbindFloor(cycles: Int, name: String = "arg_unbind_cycle") -> [Metric] {
  let registry = FloorArgRegistry { makeArgNode($0) }
  let holder = makeArgNode(-1)
  var sum: UInt = 0
  let start = benchClock.now
  for id in 0..<cycles { sum &+= floorArgUnbindCycle(registry, holder, id) }
  let elapsed = nanoseconds(since: start)
  precondition(registry.live.isEmpty)
  consume(sum)
  return [Metric(name: name, unit: "ns/cycle", value: elapsed / Double(cycles))]
}

// MARK: notify_1, notify_100

/// `notifyListeners` with `listeners` listeners added with `listen`, and no watching binding.
@MainActor
func notify(listeners: Int, rounds: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  let viewModel = binding.read(notifySpec)
  let tally = Tally()
  for _ in 0..<listeners { viewModel.listen { tally.count &+= 1 } }
  let start = benchClock.now
  for _ in 0..<rounds { viewModel.notifyListeners() }
  let elapsed = nanoseconds(since: start)
  precondition(tally.count == UInt(listeners * rounds))
  consume(tally.count)
  binding.dispose()
  expectEmpty(registry)
  return notifyMetrics(listeners: listeners, perNotify: elapsed / Double(rounds))
}

/// A closure call per listener.
@MainActor
func notifyFloor(listeners: Int, rounds: Int) -> [Metric] {
  let tally = Tally()
  let closures: [() -> Void] = (0..<listeners).map { _ in { tally.count &+= 1 } }
  let start = benchClock.now
  for _ in 0..<rounds { floorNotify(closures) }
  let elapsed = nanoseconds(since: start)
  consume(tally.count)
  return notifyMetrics(listeners: listeners, perNotify: elapsed / Double(rounds))
}

func notifyMetrics(listeners: Int, perNotify: Double) -> [Metric] {
  let name = "notify_\(listeners)"
  var metrics = [Metric(name: name, unit: "ns/notify", value: perNotify)]
  if listeners > 1 {
    metrics.append(
      Metric(
        name: name + "_per_listener", unit: "ns/listener", value: perNotify / Double(listeners)))
  }
  return metrics
}

// MARK: setstate_equal, setstate_changed

/// `setState` on an `Equatable` state with one listener: to an equal value (nobody is told) or
/// to a new one (the listener runs).
@MainActor
func setState(changing: Bool, calls: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  let viewModel = binding.read(stateSpec)
  let tally = Tally()
  viewModel.listen { tally.count &+= 1 }
  let title = "bench"
  let start = benchClock.now
  if changing {
    for count in 1...calls { viewModel.setState(BenchState(count: count, title: title)) }
  } else {
    for _ in 0..<calls { viewModel.setState(BenchState(count: 0, title: title)) }
  }
  let elapsed = nanoseconds(since: start)
  precondition(tally.count == (changing ? UInt(calls) : 0))
  consume(tally.count &+ UInt(bitPattern: viewModel.state.count))
  binding.dispose()
  expectEmpty(registry)
  let name = changing ? "setstate_changed" : "setstate_equal"
  return [Metric(name: name, unit: "ns/call", value: elapsed / Double(calls))]
}

/// An `==`, and when the value differs a store and a closure call.
@MainActor
func setStateFloor(changing: Bool, calls: Int) -> [Metric] {
  let holder = FloorState()
  let tally = Tally()
  holder.listeners.append { tally.count &+= 1 }
  let title = "bench"
  let start = benchClock.now
  if changing {
    for count in 1...calls { floorSetState(holder, BenchState(count: count, title: title)) }
  } else {
    for _ in 0..<calls { floorSetState(holder, BenchState(count: 0, title: title)) }
  }
  let elapsed = nanoseconds(since: start)
  consume(tally.count &+ UInt(bitPattern: holder.state.count))
  let name = changing ? "setstate_changed" : "setstate_equal"
  return [Metric(name: name, unit: "ns/call", value: elapsed / Double(calls))]
}

// MARK: scale

/// One binding watches `specs.count` keyed instances (timing each build), then reads them all
/// again, in order and then in `order` (a shuffle: each read far from the last in memory); the
/// allocator's bytes in use before and after the build give bytes per instance. Bytes per spec
/// (no floor: a plain dictionary has nothing like it) come from making as many specs again.
@MainActor
func scale(specs: [ViewModelSpec<PlainViewModel>], order: [Int], reads: Int) -> [Metric] {
  let count = specs.count
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  var sum: UInt = 0
  let before = allocatedBytes()
  var start = benchClock.now
  for spec in specs { sum &+= bits(binding.watch(spec)) }
  let buildTime = nanoseconds(since: start)
  let after = allocatedBytes()
  precondition(registry.liveInstanceCount == count)
  let passes = max(1, reads / count)
  start = benchClock.now
  for _ in 0..<passes {
    for spec in specs { sum &+= bits(binding.read(spec)) }
  }
  let readTime = nanoseconds(since: start)
  start = benchClock.now
  for _ in 0..<passes {
    for index in order { sum &+= bits(binding.read(specs[index])) }
  }
  let shuffledTime = nanoseconds(since: start)
  consume(sum)
  binding.dispose()
  expectEmpty(registry)
  // The same number of view models made by hand and kept in an array: how much of the bytes per
  // instance is the object itself, and how much the registry's bookkeeping.
  let objectsBefore = allocatedBytes()
  let objects = specs.map { _ in PlainViewModel() }
  let objectBytes = allocatedBytes() - objectsBefore
  consume(UInt(objects.count))
  // As many specs again, made as the fixture makes them: what a declared spec costs in memory,
  // with what it refers to (its values and its identity's key box).
  let specsBefore = allocatedBytes()
  let declared = specs.map { spec in ViewModelSpec(key: spec.key) { PlainViewModel() } }
  let specBytes = allocatedBytes() - specsBefore
  consume(UInt(declared.count))
  return scaleMetrics(
    count: count, watch: buildTime, read: readTime / Double(passes),
    shuffledRead: shuffledTime / Double(passes), bytes: after - before, objectBytes: objectBytes)
    + [
      Metric(
        name: "scale_spec_bytes_\(count)", unit: "bytes/spec",
        value: Double(specBytes) / Double(count))
    ]
}

/// A dictionary with a `String` key and an object per entry, filled then read the same way.
@MainActor
func scaleFloor(keys: [String], order: [Int], reads: Int) -> [Metric] {
  let count = keys.count
  var sum: UInt = 0
  let before = allocatedBytes()
  var table: [String: FloorNode] = [:]
  var start = benchClock.now
  for key in keys { sum &+= floorInsert(&table, key) }
  let buildTime = nanoseconds(since: start)
  let after = allocatedBytes()
  let passes = max(1, reads / count)
  start = benchClock.now
  for _ in 0..<passes {
    for key in keys {
      if let node = floorLookup(table, key) { sum &+= bits(node) }
    }
  }
  let readTime = nanoseconds(since: start)
  start = benchClock.now
  for _ in 0..<passes {
    for index in order {
      if let node = floorLookup(table, keys[index]) { sum &+= bits(node) }
    }
  }
  let shuffledTime = nanoseconds(since: start)
  consume(sum &+ UInt(table.count))
  let objectsBefore = allocatedBytes()
  let objects = keys.map { _ in makeNode() }
  let objectBytes = allocatedBytes() - objectsBefore
  consume(UInt(objects.count))
  return scaleMetrics(
    count: count, watch: buildTime, read: readTime / Double(passes),
    shuffledRead: shuffledTime / Double(passes), bytes: after - before, objectBytes: objectBytes)
}

func scaleMetrics(
  count: Int, watch: Double, read: Double, shuffledRead: Double, bytes: Int, objectBytes: Int
) -> [Metric] {
  let size = Double(count)
  return [
    Metric(name: "scale_watch_\(count)", unit: "ns/watch", value: watch / size),
    Metric(name: "scale_read_\(count)", unit: "ns/read", value: read / size),
    Metric(name: "scale_shuffled_read_\(count)", unit: "ns/read", value: shuffledRead / size),
    Metric(name: "scale_bytes_\(count)", unit: "bytes/instance", value: Double(bytes) / size),
    Metric(
      name: "scale_object_bytes_\(count)", unit: "bytes/object",
      value: Double(objectBytes) / size),
  ]
}

// MARK: scale_dispose

/// One binding watches `specs.count` keyed instances (untimed), then `dispose()` lets go of them
/// all, disposing each: ns per instance.
@MainActor
func scaleDispose(specs: [ViewModelSpec<PlainViewModel>]) -> [Metric] {
  let count = specs.count
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  var sum: UInt = 0
  for spec in specs { sum &+= bits(binding.watch(spec)) }
  precondition(registry.liveInstanceCount == count)
  let start = benchClock.now
  binding.dispose()
  let elapsed = nanoseconds(since: start)
  // The one dispose() disposed every instance.
  expectEmpty(registry)
  consume(sum)
  return [
    Metric(name: "scale_dispose_\(count)", unit: "ns/instance", value: elapsed / Double(count))
  ]
}

/// The same objects in the same three tables (the holder's, by key, by object), torn down.
@MainActor
func scaleDisposeFloor(keys: [String]) -> [Metric] {
  let count = keys.count
  let registry = FloorRegistry()
  let holder = makeNode()
  for key in keys {
    let node = makeNode()
    registry.shared[key] = node
    registry.live[ObjectIdentifier(node)] = node
    holder.held[key] = node
  }
  let start = benchClock.now
  let sum = floorTeardown(registry, holder)
  let elapsed = nanoseconds(since: start)
  precondition(registry.live.isEmpty && registry.shared.isEmpty && holder.held.isEmpty)
  consume(sum)
  return [
    Metric(name: "scale_dispose_\(count)", unit: "ns/instance", value: elapsed / Double(count))
  ]
}

// MARK: wrapper_hot_read

/// What a `@Read` property resolves in the benchmark.
let wrappedSpec = ViewModelSpec(key: "wrapped") { PlainViewModel() }

/// A view model that declares its dependency with `@Read`.
final class WrapperOwner: ViewModel {
  @Read(wrappedSpec) var dependency
}

/// A view model reads its `@Read` property again and again: after the first access, each is a
/// held re-read through its own binding.
@MainActor
func wrapperHotRead(calls: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  let owner = binding.read(ViewModelSpec(key: "owner") { WrapperOwner() })
  let held = owner.dependency
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<calls { sum &+= bits(owner.dependency) }
  let elapsed = nanoseconds(since: start)
  precondition(sum == bits(held) &* UInt(calls), "a re-read returned another instance")
  consume(sum)
  binding.dispose()
  expectEmpty(registry)
  return [Metric(name: "wrapper_hot_read", unit: "ns/call", value: elapsed / Double(calls))]
}

/// Its floor: the line `@Read` stands for, `viewModelBinding.read(spec)` of the held spec, in
/// the view model.
@MainActor
func wrapperHotReadFloor(calls: Int) -> [Metric] {
  inFreshRegistry(named: "wrapper_hot_read floor") { ownBindingHotRead(calls: calls) }
}

/// A view model that reads its dependency through its own binding at each use.
final class ReadingOwner: ViewModel {
  var dependency: PlainViewModel { viewModelBinding.read(wrappedSpec) }
}

@MainActor @inline(never)
func ownBindingHotRead(calls: Int) -> [Metric] {
  let registry = ViewModelRegistry.current
  let binding = ViewModelBinding(registry: registry)
  let owner = binding.read(ViewModelSpec(key: "owner") { ReadingOwner() })
  let held = owner.dependency
  var sum: UInt = 0
  let start = benchClock.now
  for _ in 0..<calls { sum &+= bits(owner.dependency) }
  let elapsed = nanoseconds(since: start)
  precondition(sum == bits(held) &* UInt(calls), "a re-read returned another instance")
  consume(sum)
  binding.dispose()
  return [Metric(name: "wrapper_hot_read", unit: "ns/call", value: elapsed / Double(calls))]
}
