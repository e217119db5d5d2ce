import Registry

/// The Counter tab's model: a number that `n` increments.
final class CounterViewModel: StateViewModel<Int> {
  init() {
    super.init(state: 0)
  }

  func increment() {
    setState(state + 1)
  }
}

/// Built the first time the Counter tab appears, kept while the tab is hidden.
let counterSpec = ViewModelSpec(key: "counter") { CounterViewModel() }
