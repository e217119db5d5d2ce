extension ViewModel {
  /// Starts work tied to this view model's life: the task is cancelled when the view model is
  /// disposed.
  ///
  /// An error the operation throws (other than cancellation) goes to the registry's error route,
  /// like a listener's. On a view model that is already disposed, nothing starts and the
  /// returned task is cancelled.
  ///
  /// ```swift
  /// override func onCreate(_ arg: InstanceArg) {
  ///   task {
  ///     for await message in socket.messages { append(message) }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - priority: The task's priority.
  ///   - operation: The work; it runs on the main actor and should check for cancellation.
  /// - Returns: The task, to await or cancel earlier.
  @discardableResult
  public func task(
    priority: TaskPriority? = nil, _ operation: @escaping @MainActor () async throws -> Void
  ) -> Task<Void, Never> {
    guard !isDisposed else {
      reportUseAfterDispose("task(_:)")
      let task = Task<Void, Never> {}
      task.cancel()
      return task
    }
    let extras = self.extras
    extras.nextTaskID += 1
    let id = extras.nextTaskID
    let task = Task(priority: priority) { @MainActor [weak self] in
      do {
        try await operation()
      } catch is CancellationError {
      } catch {
        self?.registry.handleListenerError(error, from: Self.self)
      }
      self?.extras.runningTasks[id] = nil
    }
    extras.runningTasks[id] = task
    return task
  }

  /// Cancels every task started with ``task(priority:_:)``; part of disposal.
  func cancelTasks() {
    guard let extras = extrasIfMade, !extras.runningTasks.isEmpty else { return }
    let tasks = extras.runningTasks.values
    extras.runningTasks.removeAll()
    for task in tasks { task.cancel() }
  }

  /// In debug builds, reports a change or a task asked of a disposed view model; it is ignored
  /// either way.
  func reportUseAfterDispose(_ operation: String) {
    #if DEBUG
      registry.report(
        .viewModelDisposed(
          operation: operation, type: Describe.type(describedType),
          key: Describe.key(lifetime.record?.values.key)),
        at: nil)
    #endif
  }
}
