import Registry

/// One screen of the app: a host and the text it draws for its view model.
///
/// It stands where a SwiftUI view keeps a host in `@State`: `show` is a render that resolves a
/// spec, the host's `onUpdate` redraws, and `close` is the view going away.
@MainActor
final class Screen<VM: ViewModel> {
  private let render: (VM) -> String
  // Set right after the other properties: the host's refresh closure needs `self`.
  private var host: ViewModelHost<VM>!

  /// `fileID` and `line` are forwarded so that snapshots name the line that made the screen.
  init(
    _ name: String, fileID: StaticString = #fileID, line: UInt = #line,
    render: @escaping (VM) -> String
  ) {
    self.render = render
    host = ViewModelHost(label: name, fileID: fileID, line: line) { [weak self] in
      self?.draw("refresh")
    }
  }

  /// The host binding's id, as the lifecycle log names it.
  var id: String { host.binding.id }

  /// Resolves `spec` (releasing what the screen showed before, if it differs) and draws.
  @discardableResult
  func show(_ spec: ViewModelSpec<VM>) -> VM {
    let viewModel = host.require(spec)
    draw("shows")
    return viewModel
  }

  /// The screen goes away: the host lets go of its view model.
  func close() {
    print("  | \(id) closes")
    host.release()
  }

  private func draw(_ verb: String) {
    guard let viewModel = host.viewModel else {
      print("  | \(id) \(verb): nothing to show")
      return
    }
    print("  | \(id) \(verb): \(render(viewModel))")
  }
}
