// Code the SDKs reject, so the stand-in must reject it too (see SwiftUISendable.swift).
import UIKit

// iOS 17.0 SDK: UIApplication.h marks none of these `NS_SWIFT_NONISOLATED`, so they are members of
// the main-actor class (the iOS 18.0 SDK marks each one `NS_SWIFT_NONISOLATED`).
nonisolated func notificationNamesOutsideTheMainActor() -> [NSNotification.Name] {
  [
    // expected-error@+1 {{main actor-isolated class property 'didEnterBackgroundNotification'}}
    UIApplication.didEnterBackgroundNotification,
    // expected-error@+1 {{main actor-isolated class property 'willEnterForegroundNotification'}}
    UIApplication.willEnterForegroundNotification,
    // expected-error@+1 {{main actor-isolated class property 'didBecomeActiveNotification'}}
    UIApplication.didBecomeActiveNotification,
    // expected-error@+1 {{main actor-isolated class property 'willResignActiveNotification'}}
    UIApplication.willResignActiveNotification,
  ]
}

// `NS_SWIFT_UI_ACTOR` classes: main-actor isolated, in both SDKs.
nonisolated func applicationStateOutsideTheMainActor() -> UIApplication.State {
  // expected-error@+2 {{class property 'shared' can not be referenced from a nonisolated context}}
  // expected-error@+1 {{main actor-isolated property 'applicationState' can not be referenced}}
  UIApplication.shared.applicationState
}
