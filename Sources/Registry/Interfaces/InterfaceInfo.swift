/// What a spec declared without a builder — an interface — carries: where it is declared, for
/// messages, and what tests and previews build when nobody provides it.
final class InterfaceInfo<VM: ViewModel>: @unchecked Sendable {
  // @unchecked: immutable; the closures run on the main actor only.
  let fileID: StaticString
  let line: UInt
  /// Builds the interface's default for test registries; `nil` from it means it has none.
  let testValue: @MainActor () -> VM?
  /// Builds the interface's default for preview registries; `nil` falls back to `testValue`.
  let previewValue: @MainActor () -> VM?

  init(
    fileID: StaticString, line: UInt, testValue: @escaping @MainActor () -> VM?,
    previewValue: @escaping @MainActor () -> VM?
  ) {
    self.fileID = fileID
    self.line = line
    self.testValue = testValue
    self.previewValue = previewValue
  }

  /// `Module/File.swift:12`.
  var declaredAt: String { "\(fileID):\(line)" }

  /// What a registry of `context` builds when nobody provides the interface, or `nil`.
  @MainActor
  func defaultValue(in context: ViewModelRegistry.Context) -> VM? {
    switch context {
    case .live: nil
    case .test: testValue()
    case .preview: previewValue() ?? testValue()
    }
  }
}

/// The builder of an interface spec, which is never called: resolving an interface asks the
/// registry for its provider instead (see ``ViewModelSpec/makeInstance(in:)``).
func interfaceBuilder<VM: ViewModel>() -> VM {
  preconditionFailure("Internal inconsistency: an interface spec's own builder was called")
}
