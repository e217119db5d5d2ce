// Code Combine's interface rejects, so the stand-in must reject it too (see SwiftUISendable.swift).
// expected-warning@+1 {{treat 'Sendable'-related errors from module 'Combine' as warnings}}
import Combine

func requireSendable<T: Sendable>(_: T.Type) {}

// iOS 17.0 and 18.0 SDKs: `CombineIdentifier : Swift.Hashable, Swift.CustomStringConvertible`,
// and no Sendable conformance anywhere in the interface.
func identifierIsNotSendable() {
  // expected-error@+1 {{type 'CombineIdentifier' does not conform to the 'Sendable' protocol}}
  requireSendable(CombineIdentifier.self)
}

// The interfaces' only Sendable conformances among the types the stand-in declares.
func demandAndCompletionAreSendable() {
  requireSendable(Subscribers.Demand.self)
  requireSendable(Subscribers.Completion<Never>.self)
}

// iOS 17.0 and 18.0 SDKs: `HandleEvents.init` gives `receiveRequest` no default; the
// `handleEvents` operator gives every closure one.
func handleEventsNeedsReceiveRequest() {
  // expected-error@+1 {{missing argument for parameter 'receiveRequest' in call}}
  _ = Publishers.HandleEvents(upstream: Just(1), receiveOutput: nil)
  _ = Just(1).handleEvents(receiveOutput: nil)
}
