/// `Optional`, seen through `Any` or a generic parameter: a family tells an optional argument
/// by it (a dynamic cast to `AnyHashable` unwraps one), and a service's disposal asks the value
/// inside an optional service.
///
/// ```swift
/// let isOptional = Service.self is any AnyOptional.Type
/// let inside = (value as? any AnyOptional)?.unwrappedValue
/// ```
protocol AnyOptional {
  /// The value inside, however many optionals wrap it; `nil` when there is none.
  var unwrappedValue: Any? { get }
}

extension Optional: AnyOptional {
  var unwrappedValue: Any? {
    guard case .some(let wrapped) = self else { return nil }
    if let inner = wrapped as? any AnyOptional { return inner.unwrappedValue }
    return wrapped
  }
}
