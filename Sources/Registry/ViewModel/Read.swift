/// Declares a dependency of a view model in one line: read through the view model's own
/// ``ViewModel/viewModelBinding`` on first access, and held for as long as the view model lives.
///
/// A property declared `@Read(spec)` is what
/// [`viewModelBinding.read(spec)`](doc:ViewModelBinding/read(_:fileID:filePath:line:column:)-(ViewModelSpec<VM>,_,_,_,_))
/// gives, with its rules: the first access resolves and holds the instance (building it if
/// nothing holds it yet), every later access is the held re-read, proxies and interfaces apply,
/// and the dependency is let go when the view model is disposed, after its `onDispose`. It never
/// refreshes the view model; ``Watch`` does.
///
/// ```swift
/// final class ProfileViewModel: StateViewModel<Profile> {
///   @Read(apiClientSpec) var api
///   @Read(settingsSpec) var settings
///   @Read(userSpec(42)) var user
///
///   func load() async { setState(Profile(await api.user(id: 42))) }
/// }
/// ```
///
/// > Important: Read it in `onCreate` or later. The registry gives the wrapper its view model
/// > when it registers the view model, right before `onCreate`; a read in the initializer (which
/// > the builder runs), on a view model made without a registry, or after the view model was
/// > disposed is reported as a ``RegistryError`` and answered without a hold: by the live shared
/// > instance, or else a new one that no registry tracks (a builder that throws then stops the
/// > process, as under `read(_:)`).
@MainActor
@propertyWrapper
public final class Read<Value>: AttachableDependency {
  private let resolution: DependencyResolution<Value>

  private init(_ resolution: DependencyResolution<Value>) {
    self.resolution = resolution
  }

  /// The dependency, held by the view model's own binding from the first access on.
  public var wrappedValue: Value { resolution.value }

  func attach(to owner: ViewModel, name: String) {
    resolution.attach(to: owner, name: name)
  }
}

extension Read where Value: ViewModel {
  /// Reads the view model that `spec` names.
  ///
  /// ```swift
  /// @Read(settingsSpec) var settings
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The dependency's spec: a spec, an interface, or a family's spec for an argument.
  ///   - fileID: Where the property is declared, for reported issues; leave the default.
  ///   - filePath: Its file path, for reported issues; leave the default.
  ///   - line: Its line, for reported issues; leave the default.
  ///   - column: Its column, for reported issues; leave the default.
  public convenience init(
    _ spec: ViewModelSpec<Value>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      ViewModelDependency(
        spec, watching: false,
        site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

}

extension Read {
  /// Reads the service that `spec` names.
  ///
  /// ```swift
  /// @Read(apiClientSpec) var api
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The dependency's spec: a service spec, an interface, or a family's spec for an
  ///     argument.
  ///   - fileID: Where the property is declared, for reported issues; leave the default.
  ///   - filePath: Its file path, for reported issues; leave the default.
  ///   - line: Its line, for reported issues; leave the default.
  ///   - column: Its column, for reported issues; leave the default.
  public convenience init(
    _ spec: ServiceSpec<Value>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    self.init(
      ServiceDependency(
        spec, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

}
