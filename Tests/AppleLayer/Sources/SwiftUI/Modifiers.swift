extension View {
  /// Sets the environment value of the specified key path to the given value.
  nonisolated public func environment<V>(
    _ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V
  ) -> some View {
    EnvironmentWritingView(content: self) { $0[keyPath: keyPath] = value }
  }

  /// Adds an asynchronous task to perform before this view appears; the task is cancelled when
  /// the view disappears.
  nonisolated public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View {
    TaskView(content: self, id: nil, priority: priority, action: action)
  }

  /// Adds a task to perform before this view appears or when a specified value changes; a
  /// change cancels the running task and starts a new one.
  nonisolated public func task<T>(
    id value: T, priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @Sendable () async -> Void
  ) -> some View where T: Equatable {
    TaskView(content: self, id: TaskID(value), priority: priority, action: action)
  }

  /// Adds an action to perform before this view appears.
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
    AppearanceView(content: self, appear: action, disappear: nil)
  }

  /// Adds an action to perform after this view disappears.
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
    AppearanceView(content: self, appear: nil, disappear: action)
  }

  /// Binds a view's identity to the given proxy value; a new value is a new view, with new
  /// state.
  nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable {
    IDView(content: self, id: id)
  }
}

struct EnvironmentWritingView<Content: View>: View {
  typealias Body = Never
  nonisolated(unsafe) let content: Content
  nonisolated(unsafe) let transform: (inout EnvironmentValues) -> Void

  nonisolated init(content: Content, transform: @escaping (inout EnvironmentValues) -> Void) {
    self.content = content
    self.transform = transform
  }
}

/// A `task(id:)` value, compared with the previous render's.
struct TaskID {
  let value: Any
  let isEqual: (Any) -> Bool

  nonisolated init<T: Equatable>(_ value: T) {
    self.value = value
    isEqual = { ($0 as? T) == value }
  }
}

struct TaskView<Content: View>: View {
  typealias Body = Never
  nonisolated(unsafe) let content: Content
  nonisolated(unsafe) let id: TaskID?
  let priority: TaskPriority
  let action: @Sendable () async -> Void

  nonisolated init(
    content: Content, id: TaskID?, priority: TaskPriority,
    action: @escaping @Sendable () async -> Void
  ) {
    self.content = content
    self.id = id
    self.priority = priority
    self.action = action
  }
}

struct AppearanceView<Content: View>: View {
  typealias Body = Never
  nonisolated(unsafe) let content: Content
  nonisolated(unsafe) let appear: (() -> Void)?
  nonisolated(unsafe) let disappear: (() -> Void)?

  nonisolated init(content: Content, appear: (() -> Void)?, disappear: (() -> Void)?) {
    self.content = content
    self.appear = appear
    self.disappear = disappear
  }
}

struct IDView<Content: View, ID: Hashable>: View {
  typealias Body = Never
  nonisolated(unsafe) let content: Content
  nonisolated(unsafe) let id: ID

  nonisolated init(content: Content, id: ID) {
    self.content = content
    self.id = id
  }
}
