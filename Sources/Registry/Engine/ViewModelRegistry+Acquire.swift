/// How many times a view model's binding has come to hold an instance built before it.
///
/// Only such a hold can close an ownership cycle, so a build during which the count does not
/// move needs no cycle search. Only ``ViewModelRegistry/acquire(_:at:by:watching:anchor:)``,
/// in this file, can move it.
struct AcquireCount: Equatable {
  fileprivate var value: UInt64 = 0
}

extension ViewModelRegistry {
  /// Makes `holder` hold `viewModel`, an instance alive before this resolution (found by key or
  /// tag, or built by an async build that other callers share): the one path through which a
  /// binding comes to hold what it did not just build.
  ///
  /// A view model's binding is refused a hold that would close an ownership cycle: nothing
  /// changes, and the chain is returned. `nil` when the instance is held.
  func acquire(
    _ viewModel: ViewModel, at identity: InstanceIdentity, by holder: BindingCore,
    watching: Bool, anchor: AnyObject? = nil
  ) -> [String]? {
    if holder.isModelOwned {
      if let chain = ownershipCycle(holding: viewModel, by: holder) { return chain }
      acquisitions.value &+= 1
    }
    hold(viewModel, at: identity, by: holder, watching: watching, anchor: anchor)
    return nil
  }
}
