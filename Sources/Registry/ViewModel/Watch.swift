/// Declares a dependency of a view model that it follows, in one line: watched through the
/// view model's own ``ViewModel/viewModelBinding`` on first access, and held for as long as the
/// view model lives.
///
/// A property declared `@Watch(spec)` is what
/// [`viewModelBinding.watch(spec)`](doc:ViewModelBinding/watch(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_))
/// gives, with its rules: the first access resolves, holds and watches the instance; from then
/// on, each change of it refreshes the view model once per change
/// (``ViewModel/onDependencyNotify(_:)``, then its own listeners and watchers); every later
/// access is the held re-read; and it is let go when the view model is disposed, after its
/// `onDispose`. Services never change, so there is no `@Watch` of a service: use ``Read``.
///
/// ```swift
/// final class NotesListViewModel: StateViewModel<NotesList> {
///   @Watch(sessionSpec) var session
///
///   override func onCreate(_ arg: InstanceArg) {
///     _ = session  // follow it from now on, not from the first use
///   }
///   override func onDependencyNotify(_ viewModel: ViewModel) {
///     setState(NotesList(owner: session.user))
///   }
/// }
/// ```
///
/// > Important: A `@Watch` property follows its dependency from its first access on: touch it
/// > in `onCreate` when changes before any other use matter. A read in the initializer, on a
/// > view model made without a registry, or after disposal is reported, as for ``Read``.
@MainActor
@propertyWrapper
public final class Watch<Value: ViewModel>: AttachableDependency {
  private let resolution: DependencyResolution<Value>

  /// Watches the view model that `spec` names.
  ///
  /// ```swift
  /// @Watch(sessionSpec) var session
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The dependency's spec: a spec, an interface, or a family's spec for an argument.
  ///   - fileID: Where the property is declared, for reported issues; leave the default.
  ///   - filePath: Its file path, for reported issues; leave the default.
  ///   - line: Its line, for reported issues; leave the default.
  ///   - column: Its column, for reported issues; leave the default.
  public init(
    _ spec: ViewModelSpec<Value>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    resolution = ViewModelDependency(
      spec, watching: true,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The dependency, held and watched by the view model's own binding from the first access on.
  public var wrappedValue: Value { resolution.value }

  func attach(to owner: ViewModel, name: String) {
    resolution.attach(to: owner, name: name)
  }
}
