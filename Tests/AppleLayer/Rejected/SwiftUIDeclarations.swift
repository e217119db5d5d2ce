// Code the SDKs reject, so the stand-ins must reject it too (see SwiftUISendable.swift).
import SwiftUI

// Not Sendable: what a `@Sendable` closure made outside an actor must not capture.
// expected-note@+1 {{class 'Counter' does not conform to the 'Sendable' protocol}}
final class Counter {
  var count = 0
}

// A primitive view's `body` comes from a declaration SwiftUI's public interface does not show:
// a view that sets `Body = Never` and declares no `body` does not conform.
// expected-error@+2 {{type 'BodilessView' does not conform to protocol 'View'}}
// expected-note@+1 {{add stubs for conformance}}
struct BodilessView: View {
  typealias Body = Never
}

// iOS 17.0 SDK: `List.init(content:)` is `@MainActor(unsafe)` (the iOS 18.0 SDK: `nonisolated`).
nonisolated func listOutsideTheMainActor() -> some View {
  // expected-error@+1 {{call to main actor-isolated initializer 'init(content:)'}}
  List { Text("row") }
}

// iOS 18.0 SDK: `TupleView.value` is a main-actor property of a `@preconcurrency` main-actor
// view, so reading it elsewhere is a warning (an error with -warnings-as-errors).
nonisolated func tupleValueOutsideTheMainActor(_ view: TupleView<(Text, Text)>) -> (Text, Text) {
  // expected-warning@+1 {{main actor-isolated property 'value' can not be referenced}}
  view.value
}

// iOS 17.0 and 18.0 SDKs: `.task` takes `@_inheritActorContext @escaping @Sendable () async`, so
// a task made outside an actor cannot capture a non-Sendable value.
nonisolated func taskCapturingANonSendableValue(_ view: EmptyView) -> some View {
  let counter = Counter()
  // expected-error@+1 {{capture of 'counter' with non-Sendable type 'Counter' in a '@Sendable'}}
  return view.task { counter.count += 1 }
}

// iOS 17.0 SDK: `ViewBuilder.buildBlock` takes at most ten views (the iOS 18.0 SDK adds a
// disfavoured overload that takes any number).
struct ElevenChildren: View {
  var body: some View {
    VStack {
      Text("1")
      Text("2")
      Text("3")
      Text("4")
      Text("5")
      Text("6")
      Text("7")
      Text("8")
      Text("9")
      Text("10")
      // expected-error@+1 {{extra argument in call}}
      Text("11")
    }
  }
}

// What both SDKs accept: ten children, and a main-actor task that captures a main-actor value.
struct TenChildren: View {
  let counter = Counter()

  var body: some View {
    VStack {
      Text("1")
      Text("2")
      Text("3")
      Text("4")
      Text("5")
      Text("6")
      Text("7")
      Text("8")
      Text("9")
      Text("10")
    }
    .task { counter.count += 1 }
  }
}
