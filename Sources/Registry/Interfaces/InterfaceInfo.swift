/// What a spec declared without a builder — an interface — carries: where it is declared, for
/// messages, and what tests and previews build when nobody provides it.
final class InterfaceInfo<VM: ViewModel>: @unchecked Sendable {
  // @unchecked: immutable; the closures run on the main actor only.
  let fileID: StaticString
  let line: UInt
  /// Builds the interface's quiet default for test registries (and preview ones without a
  /// preview value of their own).
  let testValue: (@MainActor () -> VM)?
  /// Builds the interface's default for preview registries; `nil` from it means it has none.
  let previewValue: @MainActor () -> VM?
  /// Builds what a test or a preview gets when nothing provides the interface and it has no
  /// quiet default: the resolution that meets it is reported, and carries on with this.
  let unimplemented: (@MainActor () -> VM)?

  init(
    fileID: StaticString, line: UInt, testValue: (@MainActor () -> VM)?,
    previewValue: @escaping @MainActor () -> VM?, unimplemented: (@MainActor () -> VM)?
  ) {
    self.fileID = fileID
    self.line = line
    self.testValue = testValue
    self.previewValue = previewValue
    self.unimplemented = unimplemented
  }

  /// `Module/File.swift:12`.
  var declaredAt: String { "\(fileID):\(line)" }

  /// Whether a registry of `context` builds the interface without a provider and without
  /// reporting anything: a test registry when it has a test value, a preview registry always
  /// (a preview shows what it can: its preview value, its test value, or its stand-in).
  func hasQuietDefault(in context: ViewModelRegistry.Context) -> Bool {
    switch context {
    case .live: false
    case .test: testValue != nil
    case .preview: true
    }
  }

  /// What a registry of `context` builds when nobody provides the interface: its quiet default,
  /// else (in a test or a preview) its stand-in; `nil` when it has neither.
  @MainActor
  func defaultValue(in context: ViewModelRegistry.Context) -> VM? {
    switch context {
    case .live: return nil
    case .test: return (testValue ?? unimplemented)?()
    case .preview: return previewValue() ?? (testValue ?? unimplemented)?()
    }
  }
}

/// The builder of an interface spec, which is never called: resolving an interface asks the
/// registry for its provider instead (see ``ViewModelSpec/makeInstance(in:)``).
func interfaceBuilder<VM: ViewModel>() -> VM {
  preconditionFailure("Internal inconsistency: an interface spec's own builder was called")
}
