import Registry
import RegistryTesting

/// What the registry built and disposed, read back by type and key.
@MainActor
final class Audit {
  let recording = RecordingLifecycle()
  private let stop: () -> Void

  init(_ registry: ViewModelRegistry) {
    stop = registry.addLifecycle(recording)
  }

  /// The keys of the instances of `type` built, in order (a key repeats when a second instance
  /// was built for it).
  func built(_ type: String) -> [String] { keys(of: type, .create) }

  /// The keys of the instances of `type` disposed, in order.
  func disposed(_ type: String) -> [String] { keys(of: type, .dispose) }

  /// Whether every instance disposed was disposed once and had been built.
  var everyDisposalIsOfABuiltInstanceAndHappensOnce: Bool {
    let built = Set(recording.events.filter { $0.kind == .create }.map(\.instanceID))
    let disposed = recording.events.filter { $0.kind == .dispose }.map(\.instanceID)
    return Set(disposed).count == disposed.count && Set(disposed).isSubset(of: built)
  }

  func finish() { stop() }

  private func keys(of type: String, _ kind: LifecycleEvent.Kind) -> [String] {
    recording.events.filter { $0.kind == kind && $0.typeName == type }.map { $0.key ?? "private" }
  }
}

/// How lifecycle events name the editor's private draft for a new note: by its argument.
let newNote = "SwiftUINotes.NoteEditorViewModel.Target.newNote"

/// How lifecycle events name the editor's private draft for note `id`.
func editing(_ id: Int) -> String { "SwiftUINotes.NoteEditorViewModel.Target.note(\(id))" }
