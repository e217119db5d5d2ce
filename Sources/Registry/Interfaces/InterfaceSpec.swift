/// A spec that may be an interface: declared without a builder in one module, provided for a
/// registry at the composition root.
///
/// ``ServiceSpec`` and ``ViewModelSpec`` adopt it, so a module can list the interfaces it
/// needs and a test can check that the composition root provides every one of them with
/// ``ViewModelRegistry/missingProviders(for:)``.
///
/// ```swift
/// public enum NotesInterfaces {
///   public static let all: [any InterfaceSpec] = [notesStoreSpec, sessionSpec]
/// }
/// ```
public protocol InterfaceSpec: Sendable {
  /// Where the interface is declared and what it names; `nil` for a spec with a builder, which
  /// needs no provider.
  var interfaceDeclaration: InterfaceDeclaration? { get }
}

/// An interface as messages and the completeness check name it: its type, key and the place it
/// is declared.
///
/// ```swift
/// for missing in registry.missingProviders(for: NotesInterfaces.all) {
///   print(missing)
///   // any NotesStore(key: "notes-store"), declared at
///   //   NotesInterfaces/NotesStore.swift:12
/// }
/// ```
public struct InterfaceDeclaration: Hashable, @unchecked Sendable, CustomStringConvertible {
  // @unchecked: immutable; the identity's key is only hashed and compared on the main actor,
  // as a spec's is.
  /// The type the interface builds: a view model's, or a service's (`any NotesStore`).
  public let typeName: String
  /// The key as it reads in messages, or `nil` for a private interface.
  public let key: String?
  /// Where the interface is declared, as `Module/File.swift:12`.
  public let declaredAt: String
  /// What the registry's provider table knows it by.
  let identity: InstanceIdentity

  init(typeName: String, key: String?, declaredAt: String, identity: InstanceIdentity) {
    self.typeName = typeName
    self.key = key
    self.declaredAt = declaredAt
    self.identity = identity
  }

  /// `Type(key: …)` or `Type(private)`.
  public var name: String { Describe.named(typeName, key: key) }

  /// The name and where it is declared.
  public var description: String { "\(name), declared at \(declaredAt)" }

  public static func == (lhs: InterfaceDeclaration, rhs: InterfaceDeclaration) -> Bool {
    lhs.identity == rhs.identity
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(identity)
  }
}

extension ViewModelSpec: InterfaceSpec {
  /// Where this spec is declared, when it is an interface (made without a builder).
  ///
  /// ```swift
  /// #expect(
  ///   sessionSpec.interfaceDeclaration?.declaredAt
  ///     == "SessionInterface/SessionSpecs.swift:4")
  /// ```
  public var interfaceDeclaration: InterfaceDeclaration? {
    guard let interface else { return nil }
    return InterfaceDeclaration(
      typeName: Describe.type(VM.self), key: Describe.key(key), declaredAt: interface.declaredAt,
      identity: ownIdentity)
  }
}
