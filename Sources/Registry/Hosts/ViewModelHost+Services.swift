extension ViewModelHost {
  /// Resolves a service through the host's binding and holds it for as long as the host lives:
  /// ``release()`` lets go of it with the view model.
  ///
  /// The host's slot is its view model's; a service read here is held beside it and never
  /// refreshes the host. A SwiftUI view that needs a service alone uses `@ReadService`.
  ///
  /// A keyed service is the one shared under its key. A private spec made anew on each render
  /// follows the rule of the host's own view model (see ``ViewModelSpec/inputs``): each place in
  /// the code that makes one, and each family, keeps its service across renders while the spec's
  /// `inputs` (or the family's `Hashable` argument) stay equal, and replaces it when they
  /// change, releasing the old one.
  ///
  /// ```swift
  /// let analytics = host.read(analyticsSpec)
  /// let formatter = host.read(
  ///   ServiceSpec(inputs: locale) { NoteFormatter(locale: locale) })
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
    keptService(
      spec.spec, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).value
  }

  /// The box of a service read through the host: for a private spec, the one kept for the place
  /// it comes from while its slot stays the same. A plain binding gives each spec object its
  /// own private instance, and a view makes its spec anew on every render.
  private func keptService<Box: ViewModel>(_ spec: ViewModelSpec<Box>, site: CallSite) -> Box {
    let slot = slot(for: spec)
    // A keyed service is found by its key; after release, the binding reports the read.
    guard !isReleased, let place = spec.hostPlace(for: slot) else {
      return binding.core.resolveOrStop(spec, mode: .read, operation: "read(_:)", site: site)
    }
    if let kept = services.first(where: { $0.place == place }), kept.slot == slot,
      !kept.service.isDisposed, let service = kept.service as? Box
    {
      // The re-render path: the same place and slot, the service it has.
      return service
    }
    let service = binding.core.resolveOrStop(spec, mode: .read, operation: "read(_:)", site: site)
    // Looked up again: the build may have read other services through this host.
    let entry = KeptService(place: place, slot: slot, service: service)
    guard let index = services.firstIndex(where: { $0.place == place }) else {
      services.append(entry)
      return service
    }
    let replaced = services[index].service
    services[index] = entry
    // As the host's own view model: the new one is held before the old one is let go.
    if replaced !== service, !replaced.isDisposed { try? binding.core.unbind(replaced) }
    return service
  }
}

/// A private service a host keeps for the place its spec comes from, and the slot it was
/// resolved for.
struct KeptService {
  let place: HostPlace
  let slot: HostSlot
  let service: ViewModel
}
