// Code the SDKs reject, so the stand-in must reject it too (see SwiftUISendable.swift).
import ObjectiveC

// Apple's ObjectiveC module declares NSObject but does not re-export Foundation.
func foundationIsNotImported(_ object: NSObject) -> String {
  // expected-error@+1 {{cannot find 'NotificationCenter' in scope}}
  _ = NotificationCenter.self
  return String(describing: type(of: object))
}
