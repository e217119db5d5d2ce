import Registry

// AppleViewModel names the generic parameters of its specs `T` (the view model) and `A`, `B`, …
// (the arguments). Code that extends a spec and writes those names keeps compiling through these
// aliases; Registry's own names are `VM` and `Arg`.

extension ViewModelSpec {
  /// The view model this spec builds: AppleViewModel's name for ``ViewModelSpec``'s `VM`.
  ///
  /// ```swift
  /// extension ViewModelSpec {
  ///   @MainActor func buildTwice() -> (T, T) { (build(), build()) }
  /// }
  /// ```
  public typealias T = VM
}

extension ViewModelSpecWithArg {
  /// The view model the family builds: AppleViewModel's name for `VM`.
  ///
  /// ```swift
  /// extension ViewModelSpecWithArg {
  ///   @MainActor func spec(for a: A) -> ViewModelSpec<T> { self(a) }
  /// }
  /// ```
  public typealias T = VM
  /// The family's argument: AppleViewModel's name for `Arg`.
  ///
  /// ```swift
  /// extension ViewModelSpecWithArg {
  ///   @MainActor func spec(for a: A) -> ViewModelSpec<T> { self(a) }
  /// }
  /// ```
  public typealias A = Arg
}
