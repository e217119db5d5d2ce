// Code the SDKs reject, so the stand-ins must reject it too. Type-checked by
// Scripts/check-rejected.sh with the compiler's -verify: every error expected in a comment must
// be produced, and no other. See ../README.md for the SDKs these follow.
import SwiftUI

func requireSendable<T: Sendable>(_: T.Type) {}

final class Model: ObservableObject {}

// iOS 17.0 and 18.0 SDKs: `@available(*, unavailable) extension X : Swift.Sendable {}`. Main-actor
// value types are implicitly Sendable, so without the unavailable conformance the views would be.
func viewsAreNotSendable() {
  // expected-error@+1 {{conformance of 'VStack<Content>' to 'Sendable' is unavailable}}
  requireSendable(VStack<Text>.self)
  // expected-error@+1 {{conformance of 'HStack<Content>' to 'Sendable' is unavailable}}
  requireSendable(HStack<Text>.self)
  // expected-error@+1 {{conformance of 'TupleView<T>' to 'Sendable' is unavailable}}
  requireSendable(TupleView<(Text, Text)>.self)
  // expected-error@+1 {{conformance of 'AnyView' to 'Sendable' is unavailable}}
  requireSendable(AnyView.self)
  // expected-error@+1 {{conformance of 'Button<Label>' to 'Sendable' is unavailable}}
  requireSendable(Button<Text>.self)
  // expected-error@+1 {{'ProgressView<Label, CurrentValueLabel>' to 'Sendable' is unavailable}}
  requireSendable(ProgressView<EmptyView, EmptyView>.self)
  // expected-error@+1 {{'List<SelectionValue, Content>' to 'Sendable' is unavailable}}
  requireSendable(List<Never, Text>.self)
  // expected-error@+1 {{conformance of 'Group<Content>' to 'Sendable' is unavailable}}
  requireSendable(Group<Text>.self)
  // expected-error@+1 {{conformance of 'ForEach<Data, ID, Content>' to 'Sendable' is unavailable}}
  requireSendable(ForEach<[Int], Int, Text>.self)
  // expected-error@+1 {{'_ConditionalContent<TrueContent, FalseContent>' to 'Sendable' is}}
  requireSendable(_ConditionalContent<Text, EmptyView>.self)
  // expected-error@+1 {{conformance of 'ViewBuilder' to 'Sendable' is unavailable}}
  requireSendable(ViewBuilder.self)
}

// iOS 17.0 SDK: unavailable for Sendable. The iOS 18.0 SDK makes the wrappers Sendable, and
// `State`, `Binding` and `Environment` Sendable when their value is; the stand-ins take the
// stricter of the two.
func propertyWrappersAreNotSendable() {
  // expected-error@+1 {{conformance of 'StateObject<ObjectType>' to 'Sendable' is unavailable}}
  requireSendable(StateObject<Model>.self)
  // expected-error@+1 {{conformance of 'ObservedObject<ObjectType>' to 'Sendable' is unavailable}}
  requireSendable(ObservedObject<Model>.self)
  // expected-error@+1 {{'ObservedObject<ObjectType>.Wrapper' to 'Sendable' is unavailable}}
  requireSendable(ObservedObject<Model>.Wrapper.self)
  // expected-error@+1 {{conformance of 'State<Value>' to 'Sendable' is unavailable}}
  requireSendable(State<Int>.self)
  // expected-error@+1 {{conformance of 'Binding<Value>' to 'Sendable' is unavailable}}
  requireSendable(Binding<Int>.self)
  // expected-error@+1 {{conformance of 'Environment<Value>' to 'Sendable' is unavailable}}
  requireSendable(Environment<Int>.self)
  // expected-error@+1 {{conformance of 'EnvironmentValues' to 'Sendable' is unavailable}}
  requireSendable(EnvironmentValues.self)
}

// Sendable in both SDKs, and so here.
func theseAreSendable() {
  requireSendable(Text.self)
  requireSendable(EmptyView.self)
  requireSendable(HorizontalAlignment.self)
  requireSendable(VerticalAlignment.self)
}
