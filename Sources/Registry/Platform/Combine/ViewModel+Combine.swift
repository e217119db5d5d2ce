#if canImport(Combine)
  @preconcurrency import Combine

  /// `objectWillChange` is the one Combine synthesizes: it sends before every change the
  /// registry makes (``ViewModel/notifyListeners()``, ``ViewModel/update(_:)-1eon4``,
  /// ``StateViewModel/setState(_:)``) and before every change of a subclass's `@Published`
  /// properties, so `@ObservedObject` and `@StateObject` follow both. While every binding that
  /// holds the view model is paused, the registry's changes are held back from it as from
  /// Observation, and it sends once on resume if any came.
  extension ViewModel: ObservableObject {}

  extension ViewModel {
    /// A publisher that emits once per change and finishes when the view model is disposed.
    ///
    /// Each subscriber follows the view model from the moment it subscribes until it cancels or
    /// the view model is disposed; a publisher nobody subscribes to follows nothing.
    ///
    /// ```swift
    /// counter.changesPublisher.sink { print("changed") }.store(in: &cancellables)
    /// ```
    public var changesPublisher: AnyPublisher<Void, Never> {
      FeedPublisher(keepsNewest: false) { [weak self] feed in
        guard let self, !self.isDisposed else { return feed.finish() }
        let id = self.extras.changeStreams.add(
          yield: { feed.send(()) }, finish: { feed.finish() })
        feed.onCancel = { [weak self] in self?.extrasIfMade?.changeStreams.remove(id) }
      }.eraseToAnyPublisher()
    }
  }

  extension StateViewModel {
    /// A publisher of states: the current one first, then each new one; it finishes when the
    /// view model is disposed.
    ///
    /// Each subscriber gets the state current when it subscribes, then every later one.
    ///
    /// ```swift
    /// profile.statesPublisher.map(\.name).sink { [weak self] in self?.title = $0 }
    ///   .store(in: &cancellables)
    /// ```
    public var statesPublisher: AnyPublisher<State, Never> {
      FeedPublisher(keepsNewest: true) { [weak self] feed in
        guard let self else { return feed.finish() }
        // Like `states`: a disposed view model gives its last state, then the end.
        guard !self.isDisposed else {
          feed.send(self.untrackedState)
          return feed.finish()
        }
        // Registered before the current state is sent: a state the subscriber sets on seeing
        // it is delivered too.
        let id = self.addStateStream(yield: { feed.send($0) }, finish: { feed.finish() })
        feed.onCancel = { [weak self] in self?.removeStateStream(id) }
        feed.send(self.untrackedState)
      }.eraseToAnyPublisher()
    }
  }

  extension EventViewModel {
    /// A publisher of the events emitted from now on; it finishes when the view model is
    /// disposed. Events follow ``EventChannel``'s rules: no replay, dropped without subscribers.
    ///
    /// ```swift
    /// checkout.eventsPublisher
    ///   .sink { [weak self] in self?.handle($0) }
    ///   .store(in: &cancellables)
    /// ```
    public var eventsPublisher: AnyPublisher<Event, Never> {
      eventChannel.publisher
    }
  }

  extension EventChannel {
    /// A publisher of the events emitted after each subscriber subscribes; it finishes with the
    /// channel. Only subscribers count for ``emit(_:)``'s result and ``hasSubscribers``.
    ///
    /// ```swift
    /// channel.publisher
    ///   .sink { [weak self] in self?.show($0) }
    ///   .store(in: &cancellables)
    /// ```
    public var publisher: AnyPublisher<Event, Never> {
      FeedPublisher(keepsNewest: false) { [weak self] feed in
        guard let self, !self.isFinished else { return feed.finish() }
        let id = self.streams.add(yield: { feed.send($0) }, finish: { feed.finish() })
        feed.onCancel = { [weak self] in self?.streams.remove(id) }
      }.eraseToAnyPublisher()
    }
  }
#endif
