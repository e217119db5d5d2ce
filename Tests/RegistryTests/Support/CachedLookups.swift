import Registry

/// Lookups by key or tag, as the compatibility module's `watchCached` and `readCached` make them
/// over the package interface: the core's tests use them to find what is alive without a spec.
@MainActor
extension ViewModelBinding {
  /// The live instance, watched; throws an ownership cycle, or `LookupMiss` when none matches.
  func watchCached<VM: ViewModel>(
    key: AnyHashable? = nil, tag: AnyHashable? = nil
  ) throws -> VM {
    guard let found = try cached(VM.self, key: key, tag: tag, watching: true) else {
      throw LookupMiss()
    }
    return found
  }

  /// The live instance, held without watching; throws as ``watchCached(key:tag:)``.
  func readCached<VM: ViewModel>(key: AnyHashable? = nil, tag: AnyHashable? = nil) throws -> VM {
    guard let found = try cached(VM.self, key: key, tag: tag, watching: false) else {
      throw LookupMiss()
    }
    return found
  }

  /// The live instance, watched, or `nil`; an ownership cycle is reported.
  func maybeWatchCached<VM: ViewModel>(key: AnyHashable? = nil, tag: AnyHashable? = nil) -> VM? {
    cachedReportingCycles(VM.self, key: key, tag: tag, watching: true)
  }

  /// The live instance, held without watching, or `nil`; an ownership cycle is reported.
  func maybeReadCached<VM: ViewModel>(key: AnyHashable? = nil, tag: AnyHashable? = nil) -> VM? {
    cachedReportingCycles(VM.self, key: key, tag: tag, watching: false)
  }
}

/// No live instance matched a lookup.
struct LookupMiss: Error {}
