#if canImport(Combine)
  @preconcurrency import Combine

  extension ViewModel: ObservableObject {}

  extension ViewModel {
    /// A publisher that emits once per change and finishes when the view model is disposed.
    ///
    /// Each access makes a publisher for one subscriber: it follows the view model from the
    /// moment it is made until its subscriber cancels or the view model is disposed.
    ///
    /// ```swift
    /// counter.changesPublisher.sink { print("changed") }.store(in: &cancellables)
    /// ```
    public var changesPublisher: AnyPublisher<Void, Never> {
      let subject = PassthroughSubject<Void, Never>()
      guard !isDisposed else {
        subject.send(completion: .finished)
        return subject.eraseToAnyPublisher()
      }
      let id = changeStreams.add(
        yield: { subject.send(()) }, finish: { subject.send(completion: .finished) })
      return subject.handleEvents(receiveCancel: { @Sendable [weak self] in
        runOnMainActor { self?.changeStreams.remove(id) }
      }).eraseToAnyPublisher()
    }
  }

  extension StateViewModel {
    /// A publisher of states: the current one first, then each new one; it finishes when the
    /// view model is disposed.
    ///
    /// ```swift
    /// profile.statesPublisher.map(\.name).sink { title = $0 }.store(in: &cancellables)
    /// ```
    public var statesPublisher: AnyPublisher<State, Never> {
      guard !isDisposed else {
        // Like `states`: the current state, then the end.
        return Just(untrackedState).eraseToAnyPublisher()
      }
      let subject = CurrentValueSubject<State, Never>(untrackedState)
      let id = stateStreams.add(
        yield: { subject.send($0) }, finish: { subject.send(completion: .finished) })
      return subject.handleEvents(receiveCancel: { @Sendable [weak self] in
        runOnMainActor { self?.stateStreams.remove(id) }
      }).eraseToAnyPublisher()
    }
  }

  extension EventViewModel {
    /// A publisher of the events emitted from now on; it finishes when the view model is
    /// disposed. Events follow ``EventChannel``'s rules: no replay, dropped without subscribers.
    ///
    /// ```swift
    /// checkout.eventsPublisher.sink { handle($0) }.store(in: &cancellables)
    /// ```
    public var eventsPublisher: AnyPublisher<Event, Never> {
      eventChannel.publisher
    }
  }

  extension EventChannel {
    /// A publisher of the events emitted from now on; it finishes with the channel.
    ///
    /// ```swift
    /// channel.publisher.sink { show($0) }.store(in: &cancellables)
    /// ```
    public var publisher: AnyPublisher<Event, Never> {
      let subject = PassthroughSubject<Event, Never>()
      guard !isFinished else {
        subject.send(completion: .finished)
        return subject.eraseToAnyPublisher()
      }
      let id = streams.add(
        yield: { subject.send($0) }, finish: { subject.send(completion: .finished) })
      return subject.handleEvents(receiveCancel: { @Sendable [weak self] in
        runOnMainActor { self?.streams.remove(id) }
      }).eraseToAnyPublisher()
    }
  }
#endif
