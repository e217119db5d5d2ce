import SwiftUI
import Testing
import UIKit

/// A controller that logs what UIKit and SwiftUI call on it.
private final class LoggedController: UIViewController {
  let log: Log
  var shown = ""

  init(log: Log) {
    self.log = log
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { return nil }

  isolated deinit { log.events.append("deinit controller") }

  override func viewWillAppear(_ animated: Bool) { log.events.append("willAppear") }
  override func viewDidAppear(_ animated: Bool) { log.events.append("didAppear") }
  override func viewWillDisappear(_ animated: Bool) { log.events.append("willDisappear") }
  override func viewDidDisappear(_ animated: Bool) { log.events.append("didDisappear") }
}

private final class Coordinator {
  let log: Log
  init(log: Log) {
    self.log = log
    log.events.append("makeCoordinator")
  }
}

private struct Hosted: UIViewControllerRepresentable {
  let log: Log
  let text: String

  func makeCoordinator() -> Coordinator { Coordinator(log: log) }

  func makeUIViewController(context: Context) -> LoggedController {
    log.events.append("make")
    return LoggedController(log: log)
  }

  func updateUIViewController(_ controller: LoggedController, context: Context) {
    controller.shown = text
    log.events.append("update \(text)")
  }

  static func dismantleUIViewController(_ controller: LoggedController, coordinator: Coordinator) {
    coordinator.log.events.append("dismantle")
  }
}

private struct MaybeHosted: View {
  let log: Log
  let show: Bool
  let text: String

  var body: some View {
    if show { Hosted(log: log, text: text) }
  }
}

private struct Greeting: View {
  var body: some View { Text("hello") }
}

private struct GreetingApp: App {
  var body: some Scene {
    WindowGroup { Greeting() }
  }
}

private struct Greeting_Previews: PreviewProvider {
  static var previews: some View { Greeting() }
}

@MainActor
@Suite struct AppAndRepresentableTests {
  @Test func aRepresentableMakesItsControllerOnceUpdatesItEachRenderAndDismantlesItOnRemoval() {
    let log = Log()
    let runtime = ViewRuntime(MaybeHosted(log: log, show: true, text: "a"))
    #expect(log.events == ["makeCoordinator", "make", "update a", "willAppear", "didAppear"])
    runtime.setRoot(MaybeHosted(log: log, show: true, text: "b"))
    #expect(log.events.suffix(1) == ["update b"])
    #expect((runtime.viewControllers.first as? LoggedController)?.shown == "b")
    log.events.removeAll()
    runtime.setRoot(MaybeHosted(log: log, show: false, text: "b"))
    #expect(log.events == ["willDisappear", "didDisappear", "dismantle", "deinit controller"])
    #expect(runtime.viewControllers.isEmpty)
    runtime.unmount()
  }

  @Test func anAppsWindowIsMountedAndMainRunsItOnce() {
    let runtime = ViewRuntime(app: GreetingApp())
    #expect(runtime.texts == ["hello"])
    #expect(runtime.violations.isEmpty)
    runtime.unmount()
    GreetingApp.main()
    #expect(ViewRuntime(Greeting_Previews.previews).texts == ["hello"])
  }
}
