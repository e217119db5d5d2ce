import Registry
import SwiftUI

#if canImport(UIKit)
  import UIKit

  /// The About screen, written in UIKit: a view controller whose own binding watches the notes
  /// list, hosted in SwiftUI.
  struct AboutScreen: UIViewControllerRepresentable {
    func makeUIViewController(context: Context) -> AboutViewController {
      // The registry of the SwiftUI subtree, so that a preview's or a test's registry reaches
      // the controller too.
      AboutViewController(registry: context.environment.viewModelRegistry ?? .current)
    }

    func updateUIViewController(_ controller: AboutViewController, context: Context) {}

    static func dismantleUIViewController(_ controller: AboutViewController, coordinator: ()) {
      // The controller's binding would go with the controller; letting go here does not wait
      // for whoever else may still hold the controller.
      controller.viewModelBinding.dispose()
    }
  }

  /// Says how many notes there are and where they are kept, refreshed when the list changes.
  final class AboutViewController: UIViewController, ViewModelBindingRefreshable {
    let countLabel = UILabel()
    let locationLabel = UILabel()
    private let registry: ViewModelRegistry
    private var list: NotesListViewModel?

    init(registry: ViewModelRegistry) {
      self.registry = registry
      super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
      return nil
    }

    override func viewDidLoad() {
      super.viewDidLoad()
      title = "About"
      view.addSubview(countLabel)
      view.addSubview(locationLabel)
      // The binding belongs to the registry that is current when it is first used.
      list = registry.withCurrent { viewModelBinding.watch(notesListSpec) }
      viewModelBindingDidUpdate()
    }

    func viewModelBindingDidUpdate() {
      guard let list else { return }
      countLabel.text = list.state.count == 1 ? "1 note" : "\(list.state.count) notes"
      locationLabel.text = "Kept on \(list.location)"
    }
  }
#else
  /// The About screen where UIKit does not exist (macOS): the same text, in SwiftUI.
  struct AboutScreen: View {
    @WatchViewModel(notesListSpec) private var list

    var body: some View {
      VStack {
        Text(list.state.count == 1 ? "1 note" : "\(list.state.count) notes")
        Text("Kept on \(list.location)")
      }
    }
  }
#endif
