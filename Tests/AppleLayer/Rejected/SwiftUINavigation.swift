// Code the SDKs reject, so the stand-ins must reject it too (see SwiftUISendable.swift): the
// navigation, presentation, text field, scene, preview and UIKit-hosting declarations.
import SwiftUI
import UIKit

func requireSendable<T: Sendable>(_: T.Type) {}

// iOS 17.0 and 18.0 SDKs: `@available(*, unavailable) extension X : Swift.Sendable {}`.
func navigationAndPresentationTypesAreNotSendable() {
  // expected-error@+1 {{'NavigationStack<Data, Root>' to 'Sendable' is unavailable}}
  requireSendable(NavigationStack<[Int], Text>.self)
  // expected-error@+1 {{'NavigationLink<Label, Destination>' to 'Sendable' is unavailable}}
  requireSendable(NavigationLink<Text, Never>.self)
  // expected-error@+1 {{conformance of 'TextField<Label>' to 'Sendable' is unavailable}}
  requireSendable(TextField<Text>.self)
  // expected-error@+1 {{conformance of 'WindowGroup<Content>' to 'Sendable' is unavailable}}
  requireSendable(WindowGroup<Text>.self)
  // expected-error@+1 {{conformance of 'SceneBuilder' to 'Sendable' is unavailable}}
  requireSendable(SceneBuilder.self)
}

// iOS 17.0 SDK: `DismissAction` is unavailable for `Sendable` (iOS 18.0: `Sendable`).
func dismissIsNotSendable() {
  // expected-error@+1 {{conformance of 'DismissAction' to 'Sendable' is unavailable}}
  requireSendable(DismissAction.self)
}

// Both SDKs: `DismissAction` has no public initializer, and `EnvironmentValues.dismiss` is
// get-only: only a presentation sets it. (The SDK's interface hides its initializers, so its
// message is "cannot be constructed because it has no accessible initializers".)
@MainActor func makingADismissAction() -> some View {
  // expected-error@+2 {{'DismissAction' initializer is inaccessible due to 'internal'}}
  // expected-error@+1 {{missing argument for parameter #1 in call}}
  let action = DismissAction()
  // expected-error@+1 {{cannot convert value of type 'any KeyPath<EnvironmentValues, Dismiss}}
  return Text("x").environment(\.dismiss, action)
}

// iOS 17.0 SDK: `NavigationStack.init(path:root:)` is `@MainActor(unsafe)` (iOS 18.0:
// `nonisolated`).
nonisolated func stackOutsideTheMainActor(path: Binding<[Int]>) -> some View {
  // expected-error@+1 {{call to main actor-isolated initializer 'init(path:root:)'}}
  NavigationStack(path: path) { Text("root") }
}

struct NotHashable {}

// Both SDKs: a typed path's elements are `Hashable`.
@MainActor func stackOfNonHashableElements(path: Binding<[NotHashable]>) -> some View {
  // expected-error@+1 {{requires that 'NotHashable' conform to 'Hashable'}}
  NavigationStack(path: path) { Text("root") }
}

// Both SDKs: `App` requires `init()`.
// expected-error@+2 {{type 'AppWithoutInit' does not conform to protocol 'App'}}
// expected-note@+1 {{add stubs for conformance}}
struct AppWithoutInit: App {
  let name: String
  var body: some Scene {
    WindowGroup { Text(name) }
  }
}

// Both SDKs: a representable's controller type is a `UIViewController`.
// expected-error@+1 {{type 'HostsAView' does not conform to protocol 'UIViewControllerRepresent}}
struct HostsAView: UIViewControllerRepresentable {
  // expected-note@+1 {{candidate would match and infer 'UIViewControllerType' = 'UIView' if}}
  func makeUIViewController(context: Context) -> UIView { UIView() }
  // expected-note@+1 {{candidate would match and infer 'UIViewControllerType' = 'UIView' if}}
  func updateUIViewController(_ view: UIView, context: Context) {}
}
