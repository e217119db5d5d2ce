import Registry

/// A counter shared by every screen that shows it.
@MainActor
final class CounterViewModel: ViewModel {
  private(set) var count = 0

  func increment() {
    update { count += 1 }
  }

  override func onCreate(_ arg: InstanceArg) {
    print("built CounterViewModel for \(arg.bindingId ?? "?")")
  }

  override func onDispose(_ arg: InstanceArg) {
    print("disposed CounterViewModel at \(count)")
  }
}

let counterSpec = ViewModelSpec(key: "counter") { CounterViewModel() }

MainActor.assumeIsolated {
  let header = ViewModelBinding(label: "Header") { print("Header refreshed") }
  let footer = ViewModelBinding(label: "Footer") { print("Footer refreshed") }

  let counter = header.watch(counterSpec)
  let same = footer.watch(counterSpec)
  print("shared: \(counter === same)")

  counter.increment()
  counter.increment()
  print("count: \(same.count)")

  header.dispose()
  print("after Header went away, alive: \(!counter.isDisposed)")
  footer.dispose()
  print("after Footer went away, alive: \(!counter.isDisposed)")
}
