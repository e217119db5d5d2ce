/// A mistake in how the registry was used, with what happened and how to fix it.
///
/// Every case renders, through ``description``, as a message of one shape: what happened, the
/// facts (types, keys, the build chain), why it matters, and how to fix it. Throwing APIs throw
/// it; non-throwing APIs report it through the registry's ``RegistryIssueReporter`` and leave the
/// registry consistent. Types are named as `String(describing:)` names them: a view model by
/// its class's own name (a nested class without the type it is nested in), a service by its
/// spec's type, with the `any` of an existential (`any NotesStore`).
///
/// ```swift
/// do {
///   let user = try binding.watchThrowing(userSpec)
/// } catch let error as RegistryError {
///   print(error)  // what happened, the types and keys, and the fix
/// }
/// ```
public enum RegistryError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A lookup by key or tag (the compatibility module's `watchCached` and `readCached`) found no
  /// live instance of the type with that key or tag.
  ///
  /// Such lookups never build. Resolve the spec with `watch(_:)` or `read(_:)` first, or use the
  /// `maybe` form and handle `nil`.
  case notFound(operation: String, type: String, key: String?, tag: String?, registry: String)

  /// Building an instance needed, directly or indirectly, the instance being built.
  ///
  /// `chain` is the cycle: each identity from the build of the repeated one to the repeated one,
  /// for example `["A(key: \"a\")", "B(key: \"b\")", "A(key: \"a\")"]`. A build that led to the
  /// cycle without being part of it is not in it: when X builds A, and A needs itself through
  /// B, the chain is the one above.
  case cycle(chain: [String])

  /// An operation was attempted through a binding that was already disposed.
  case bindingDisposed(operation: String, binding: String, type: String, key: String?)

  /// `unbind(_:)` was given an instance the binding does not hold.
  case notHeld(binding: String, type: String, key: String?)

  /// An operation that needs a live view model was attempted on a disposed one.
  case viewModelDisposed(operation: String, type: String, key: String?)

  /// A ``Read`` or ``Watch`` property (`wrapper` is `@Read` or `@Watch`) of `type` with `key`,
  /// declared at `declaredAt`, was read before its view model was registered — in its
  /// initializer, or on a view model made without a registry — so there was no binding of the
  /// view model's to hold the dependency.
  case dependencyBeforeRegistration(wrapper: String, type: String, key: String?, declaredAt: String)

  /// A builder threw while `watch(_:)` or `read(_:)`, which cannot throw, resolved its spec.
  ///
  /// The throwing forms (`watchThrowing(_:)`, `readThrowing(_:)`) rethrow the builder's own error
  /// instead.
  case buildFailed(operation: String, type: String, key: String?, error: String)

  /// A builder returned an instance that is already registered or disposed.
  ///
  /// Each build must return a new object: the registry owns its lifetime.
  case builderReusedInstance(type: String, key: String?)

  /// A listener, state listener or lifecycle observer threw; the others still ran.
  case listenerFailed(type: String, error: String)

  /// An operation that needs an instance a registry built was given one created by hand.
  case notRegistered(operation: String, type: String)

  /// A resolution was made while the registry was being reset (``ViewModelRegistry/disposeAll()``
  /// runs, from a dispose hook, say), for an instance its binding did not hold. What it would
  /// build or hold would outlive the reset, so nothing was registered or held. The throwing and
  /// async forms throw it; `watch(_:)` and `read(_:)` report it and return what the spec's
  /// builder (or its proxy's) makes, which no registry tracks (a builder that returns an
  /// instance the registry keeps is reported too, and that instance returned as it is).
  case resetInProgress(operation: String, type: String, key: String?, registry: String)

  /// The instance a resolution built, or found and started holding, was disposed before it
  /// returned (by its own `onCreate` or `onBind`). The throwing forms throw it; `watch(_:)` and
  /// `read(_:)` return the disposed instance without a report (its own hook disposed it, and
  /// using it reports ``viewModelDisposed(operation:type:key:)``).
  case disposedDuringResolution(operation: String, type: String, key: String?)

  /// A mistake described by its message alone: what a caller reports or throws in the
  /// registry's shape (the AppleViewModel compatibility module's `ViewModelError("…")`, an
  /// error handler that threw).
  case message(String)

  /// One binding replaced more instances of one type within a short window — its resolution
  /// built a new one right after one it had built was disposed — than the configured
  /// ``KeyChurnThreshold`` allows. A ``RegistryIssue/Severity/warning``, reported in debug builds
  /// only; nothing is changed.
  case keyChurn(type: String, lastKey: String?, count: Int, window: String)

  /// A spec without a key asked to live forever. Nothing could ever find such an instance again
  /// once its binding lets go, so it would only leak.
  ///
  /// The throwing forms throw it and build nothing; `watch(_:)` and `read(_:)` report it and
  /// build an ordinary private instance, disposed with its binding.
  case aliveForeverWithoutKey(type: String)

  /// A view model's binding was about to hold an instance that already holds that view model,
  /// directly or through others: neither could ever be released. Nothing was held.
  ///
  /// `chain` lists the view models from the one resolving back to itself, for example
  /// `["A(key: \"a\")", "B(key: \"b\")", "A(key: \"a\")"]`.
  case ownershipCycle(chain: [String])

  /// The registry was reset (``ViewModelRegistry/disposeAll()``,
  /// ``ViewModelRegistry/reset(tag:)``, or the compatibility module's `ViewModel.reset()`) while
  /// a builder or `onCreate` of this instance ran. What was built for before the reset is
  /// disposed, not registered. An async build's callers get `CancellationError` instead, at
  /// the reset, while the builder may still be running.
  case buildAbandoned(type: String, key: String?)

  /// A binding was disposed while it resolved an instance it asked for — by the builder,
  /// `onCreate`, or the `onBind` of the instance, built or found alive — or, by anything, while
  /// it waited for an async build (`watchAsync(_:)`, `readAsync(_:)`). It cannot hold what it
  /// asked for, so what the resolution built is disposed too — `aliveForever` or not — unless
  /// another holder holds it; an instance found alive goes as any does when a binding lets go of
  /// it. The throwing forms throw it; `watch(_:)` and `read(_:)` report it and return the instance
  /// as it is.
  case bindingDisposedWhileBuilding(operation: String, binding: String, type: String, key: String?)

  /// An interface — a spec declared without a builder — was resolved in a registry that has no
  /// provider for it (nor a default for tests or previews).
  ///
  /// The throwing forms throw it. `watch(_:)` and `read(_:)` report it, then, in a test or a
  /// preview, go on with the interface's `unimplemented` stand-in; in an app, or without a
  /// stand-in, they have nothing to return and stop the program. `declaredAt` is where the
  /// interface is declared.
  case interfaceNotProvided(type: String, key: String?, declaredAt: String, registry: String)

  /// `provide(_:builder:)` was given a spec that has a builder of its own. Nothing changed.
  case notAnInterface(type: String, key: String?)

  /// An interface was provided a second time in one registry; the first provider, given at
  /// `firstAt`, stays.
  case providedTwice(type: String, key: String?, firstAt: String, registry: String)

  /// An interface was provided after the registry had already built it; nothing changed, so
  /// what was built and what will be built come from one place.
  case providedAfterResolution(type: String, key: String?, registry: String)

  /// ``ViewModelRegistry/checkProviders(for:)`` found interfaces nobody provides; each entry is
  /// one, with where it is declared.
  case missingProviders(registry: String, interfaces: [String])

  /// A proxy given as a whole spec changes what the real spec's identity or lifetime is — a
  /// shared spec becomes private, or the reverse, or `aliveForever` changes. A
  /// ``RegistryIssue/Severity/warning``: the proxy is installed as given.
  case proxyChangesSpec(type: String, key: String?, changes: [String])

  /// A proxy or provider was written to the process-wide default registry while a Swift
  /// Testing test was running, where every test that does the same races with it. A
  /// ``RegistryIssue/Severity/warning``; the write happens.
  case defaultRegistryWrittenInTest(operation: String, test: String)

  /// In a test's registry, a binding was dropped without ``ViewModelBinding/dispose()`` while it
  /// still held instances: `binding` is its id, `createdAt` where it was made, `held` what it
  /// held. A ``RegistryIssue/Severity/warning``: it let go of them as it was freed.
  case bindingDropped(binding: String, createdAt: String?, held: [String])

  /// How serious the mistake is: ``RegistryIssue/Severity/warning`` for
  /// ``keyChurn(type:lastKey:count:window:)``, a guess from a heuristic, and for
  /// ``proxyChangesSpec(type:key:changes:)``,
  /// ``defaultRegistryWrittenInTest(operation:test:)`` and
  /// ``bindingDropped(binding:createdAt:held:)``, which may be meant;
  /// ``RegistryIssue/Severity/error`` for every other case.
  ///
  /// ```swift
  /// let churn = RegistryError.keyChurn(
  ///   type: "Row", lastKey: "7", count: 21, window: "1.0 seconds")
  /// churn.severity  // .warning
  /// RegistryError.cycle(chain: ["A", "B", "A"]).severity  // .error
  /// ```
  public var severity: RegistryIssue.Severity {
    switch self {
    case .keyChurn, .proxyChangesSpec, .defaultRegistryWrittenInTest, .bindingDropped: .warning
    case .notFound, .cycle, .bindingDisposed, .notHeld, .viewModelDisposed,
      .dependencyBeforeRegistration, .buildFailed,
      .builderReusedInstance, .listenerFailed, .aliveForeverWithoutKey, .ownershipCycle,
      .buildAbandoned, .bindingDisposedWhileBuilding, .interfaceNotProvided, .notAnInterface,
      .providedTwice, .providedAfterResolution, .missingProviders,
      .notRegistered, .message, .resetInProgress, .disposedDuringResolution:
      .error
    }
  }

  /// The full message: what happened, the facts, why, and how to fix it.
  public var description: String {
    switch self {
    case .notFound(let operation, let type, let key, let tag, let registry):
      return """
        \(operation) found no \(type).
          Key: \(key ?? "none")   Tag: \(tag ?? "none")   Type: \(type)   Registry: \(registry)
        Cached lookups never build; an instance must already be held by some binding.
        To fix, resolve the spec with watch(_:) or read(_:) first, or use the maybe form and handle nil.
        """
    case .cycle(let chain):
      return """
        Circular ViewModel construction: a dependency cycle while building \(chain.first ?? "an instance").
          Chain: \(chain.joined(separator: " → "))
        Each instance in the chain needs the next one to exist first, so none can be built; nothing was registered.
        To fix, break the cycle: resolve one side lazily (after onCreate, on demand) or move the shared part into its own spec.
        """
    case .bindingDisposed(let operation, let binding, let type, let key):
      return """
        \(operation) was called on disposed binding \(binding).
          Type: \(type)   Key: \(key ?? "none")
        A disposed binding holds nothing, so the instance returned (if any) is not kept alive by it.
        To fix, resolve through a live binding; do not keep using a binding after dispose() or after its view model was disposed.
        """
    case .notHeld(let binding, let type, let key):
      return """
        unbind(_:) was given a \(type) that binding \(binding) does not hold.
          Type: \(type)   Key: \(key ?? "none")
        Nothing was released; the instance keeps its other holders.
        To fix, unbind only instances this binding resolved with watch(_:) or read(_:), and only once.
        """
    case .viewModelDisposed(let operation, let type, let key):
      return """
        \(operation) was called on a disposed \(type).
          Type: \(type)   Key: \(key ?? "none")
        A disposed view model resolves nothing and keeps nothing alive.
        To fix, stop using the view model once it is disposed; check isDisposed or drop your reference in onDispose.
        """
    case .dependencyBeforeRegistration(let wrapper, let type, let key, let declaredAt):
      return """
        A \(wrapper) property of \(Describe.named(type, key: key)) was read before its view model was registered.
          Type: \(type)   Key: \(key ?? "none")   Declared at: \(declaredAt)
        A dependency is resolved through its view model's own binding, which the registry gives the property when it registers the view model, right before onCreate; in the initializer (which the builder runs), or on a view model made without a registry, there is none. It was answered without a hold: by the live shared instance, or else a new one that no registry tracks.
        To fix, read it in onCreate or later, and build the view model through a spec (binding.watch(spec)), not by hand.
        """
    case .buildFailed(let operation, let type, let key, let error):
      return """
        \(operation) could not build \(type): its builder threw.
          Type: \(type)   Key: \(key ?? "none")   Error: \(error)
        watch(_:) and read(_:) cannot throw, so there is no instance to return and the program stops; nothing was registered.
        To fix, resolve this spec with watchThrowing(_:) or readThrowing(_:) and handle the error.
        """
    case .builderReusedInstance(let type, let key):
      return """
        The builder of \(type) returned an instance that already has a lifetime.
          Type: \(type)   Key: \(key ?? "none")
        The registry disposes what it builds, so one object cannot be registered twice; nothing was registered.
        To fix, create a new instance in the builder; to share one object, give its spec a key instead.
        """
    case .buildAbandoned(let type, let key):
      return """
        The build of \(Describe.named(type, key: key)) was abandoned: its Store was disposed (the registry was reset) while its builder or onCreate ran.
          Type: \(type)   Key: \(key ?? "none")
        A reset disposes what was built for before it, so the new instance was disposed and not cached.
        To fix, do not reset the registry (disposeAll, reset(tag:), ViewModel.reset()) from inside a builder or onCreate; reset before or after the resolution.
        """
    case .bindingDisposedWhileBuilding(let operation, let binding, let type, let key):
      return """
        \(operation) was asked of binding \(binding), which was disposed during resolution.
          Type: \(type)   Key: \(key ?? "none")
        A disposed binding cannot hold what it asked for: what the resolution built for it was disposed too (aliveForever or not), unless another holder holds it, and an instance it found alive goes as any does when a holder lets go.
        To fix, do not dispose a binding from inside a builder, onCreate or onBind it started; dispose it after the resolution returns.
        """
    case .aliveForeverWithoutKey(let type):
      return """
        A spec of \(type) without a key asked to be aliveForever.
          Type: \(type)   Key: none
        An instance without a key is private to the binding that resolved it; once that binding lets go, nothing can find it again, so keeping it forever would only leak it.
        To fix, give the spec a key (ViewModelSpec(key: "…", aliveForever: true) { … }) to keep one shared instance, or drop aliveForever.
        """
    case .ownershipCycle(let chain):
      return """
        Circular ViewModel dependency: \(chain.first ?? "a view model") would hold an instance that already holds it.
          Chain: \(chain.joined(separator: " → "))
        Each view model in the chain keeps the next one alive, so none of them could ever be released; nothing was held.
        To fix, let one side refer to the other without holding it (pass it in, or keep a weak reference), or move what both need into a third view model that both hold.
        """
    case .interfaceNotProvided(let type, let key, let declaredAt, let registry):
      return """
        No provider for the interface \(Describe.named(type, key: key)) in registry "\(registry)".
          Type: \(type)   Key: \(key ?? "none")   Declared at: \(declaredAt)
        An interface has no builder of its own: each registry builds it with what its composition root provides, and this one provides nothing for it.
        To fix, call registry.provide(_:builder:) for it at the composition root (in a test, in the .registry trait's setup), give the interface a testValue for tests and previews, or make the registry with inheritingProvidersFrom: a registry that provides it.
        """
    case .notAnInterface(let type, let key):
      return """
        provide(_:builder:) was given \(Describe.named(type, key: key)), a spec with a builder of its own.
          Type: \(type)   Key: \(key ?? "none")
        Only an interface (a spec declared without a builder) is provided; nothing was changed.
        To fix, declare the spec without a builder in its interface module, or replace this spec in tests with setProxy(for:builder:).
        """
    case .providedTwice(let type, let key, let firstAt, let registry):
      return """
        The interface \(Describe.named(type, key: key)) was provided twice in registry "\(registry)".
          Type: \(type)   Key: \(key ?? "none")   First provided at: \(firstAt)
        One interface has one provider per registry, so that every instance of it comes from one place; the first provider stays.
        To fix, provide each interface once, at the composition root; to replace it in a test, provide it in the test's own .registry trait (it replaces what the suite's trait provided) or use setProxy(for:builder:).
        """
    case .providedAfterResolution(let type, let key, let registry):
      return """
        The interface \(Describe.named(type, key: key)) was provided after registry "\(registry)" had built it.
          Type: \(type)   Key: \(key ?? "none")
        What was built already came from elsewhere (a default, or an inherited provider); providing now would make later builds differ silently, so nothing was changed.
        To fix, provide interfaces at the composition root, before anything resolves them.
        """
    case .missingProviders(let registry, let interfaces):
      return """
        \(interfaces.count) \(interfaces.count == 1 ? "interface has" : "interfaces have") no provider in registry "\(registry)".
        \(interfaces.map { "  \($0)" }.joined(separator: "\n"))
        Resolving any of them would fail at run time: nothing builds an interface but its provider.
        To fix, call registry.provide(_:builder:) for each at the composition root.
        """
    case .proxyChangesSpec(let type, let key, let changes):
      return """
        A proxy for \(Describe.named(type, key: key)) changes what the spec is: \(changes.joined(separator: "; ")).
          Type: \(type)   Key: \(key ?? "none")
        A proxy given as a whole spec brings its own key and lifetime, so bindings that shared one instance may get several, or the reverse; it was installed as given.
        To fix, give only a builder (setProxy(for:builder:)) to keep the spec's key, sharing and lifetime, or repeat them in the proxy spec.
        """
    case .bindingDropped(let binding, let createdAt, let held):
      let count = held.count == 1 ? "1 instance" : "\(held.count) instances"
      return """
        The binding \(binding) was dropped without dispose() while it held \(count).
          Binding: \(binding)   Created at: \(createdAt ?? "unknown")   Held: \(held.joined(separator: ", "))
        It let go of them as Swift freed it, so nothing leaked this time; but when a binding goes is then up to whoever keeps it, and one kept by a closure or a task keeps what it holds without a trace until the leak check.
        To fix, call dispose() on the binding when what it serves goes away (at the end of the test), or resolve through ViewModelBinding.test, which the test's scope disposes.
        """
    case .defaultRegistryWrittenInTest(let operation, let test):
      return """
        \(operation) wrote to the process-wide default registry while the test \(test) was running.
          Test: \(test)   Registry: default
        Tests run in parallel; every test that writes to the default registry sees the others' proxies and providers.
        To fix, give the test its own registry with the .registry trait (import RegistryTesting) and make the change in its setup or inside the test.
        """
    case .keyChurn(let type, let lastKey, let count, let window):
      return """
        \(type) instances were replaced \(count) times within \(window) by one binding.
          Type: \(type)   Last key: \(lastKey ?? "none (private)")
        This is the sign of an unstable key: each render asks for a new identity, so the view model is re-created and its state lost.
        To fix, derive the key from a stable id (not from a value that changes every render), or keep the spec in the host instead of making a new one per render.
        """
    case .listenerFailed(let type, let error):
      return """
        A listener of \(type) threw.
          Type: \(type)   Error: \(error)
        The other listeners still ran; this one stays registered.
        To fix, handle the error inside the listener, or set ViewModelConfig.onError to route such errors.
        """
    case .notRegistered(let operation, let type):
      return """
        \(operation) was given a \(type) that no registry built.
          Type: \(type)
        Only instances built through a spec have a lifetime the registry manages; nothing was changed.
        To fix, pass an instance resolved with watch(_:) or read(_:), or call dispose() on one you created yourself.
        """
    case .resetInProgress(let operation, let type, let key, let registry):
      return """
        \(operation) of \(Describe.named(type, key: key)) was refused: registry "\(registry)" is being reset.
          Type: \(type)   Key: \(key ?? "none")   Registry: \(registry)
        A reset disposes every instance; one registered or held while it runs would outlive it, so nothing was registered or held (watch(_:) and read(_:) return an instance no registry tracks).
        To fix, do not resolve from inside dispose hooks, onDispose, onUnbind or dispose() during a reset; resolve after disposeAll() returns.
        """
    case .disposedDuringResolution(let operation, let type, let key):
      return """
        \(operation) of \(Describe.named(type, key: key)) found it disposed during resolution, before it could be returned.
          Type: \(type)   Key: \(key ?? "none")
        Its own onCreate or onBind disposed it (or had it disposed), so nothing holds it and it was not cached.
        To fix, do not dispose an instance from its own onCreate or onBind; let its holders let go of it instead.
        """
    case .message(let text):
      return text
    }
  }
}

extension RegistryError {
  /// Whether a resolution that cannot throw still has an instance to return after this error:
  /// the live shared one, or one that no registry tracks.
  var leavesAnInstanceToReturn: Bool {
    switch self {
    case .bindingDisposed, .resetInProgress: true
    default: false
    }
  }
}

extension RegistryError {
  /// What is reported when an error handler itself throws: part of the package interface.
  package static func errorHandlerThrew(
    source: ErrorSource, error: any Error, handlerError: any Error
  ) -> RegistryError {
    .message(
      """
      The error handler threw while handling a \(source) error.
        Kind: \(source)   Error: \(error)   Handler error: \(handlerError)
      The original error was not handled; nothing else was affected.
      To fix, catch errors inside the error handler instead of throwing them.
      """)
  }
}
