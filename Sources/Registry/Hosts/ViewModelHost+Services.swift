extension ViewModelHost {
  /// Resolves a service through the host's binding and holds it for as long as the host lives:
  /// ``release()`` lets go of it with the view model.
  ///
  /// The host's slot is its view model's; a service read here is held beside it and never
  /// refreshes the host. A SwiftUI view that needs a service alone uses `@ReadService`.
  ///
  /// ```swift
  /// let analytics = host.read(analyticsSpec)
  /// ```
  ///
  /// - Parameters:
  ///   - spec: The service to read.
  ///   - fileID: The caller's file, for reported issues; leave the default.
  ///   - filePath: The caller's file path, for reported issues; leave the default.
  ///   - line: The caller's line, for reported issues; leave the default.
  ///   - column: The caller's column, for reported issues; leave the default.
  /// - Returns: The service, with the rules of
  ///   [`read(_:)`](doc:ViewModelBinding/read(_:fileID:filePath:line:column:)-(ServiceSpec<Service>,_,_,_,_)).
  @discardableResult
  public func read<Service>(
    _ spec: ServiceSpec<Service>, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) -> Service {
    binding.read(spec, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
