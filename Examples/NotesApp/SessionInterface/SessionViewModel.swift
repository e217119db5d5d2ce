import Registry

/// The app-wide session: one instance per registry, alive for the whole run.
///
/// Other features resolve it through ``sessionSpec`` and watch it; they never build it
/// themselves, so signing in is seen everywhere at once. This base class is the interface: it
/// holds the state and announces changes; how an account is signed in is up to the subclass the
/// composition root provides.
///
/// ```swift
/// let session = binding.watch(sessionSpec)
/// session.signIn(user: "demo@example.com")
/// ```
///
/// The class is `open` so that the live module, tests and previews provide a subclass.
open class SessionViewModel: StateViewModel<Session> {
  /// Creates a session view model; a subclass's initializer calls it.
  ///
  /// ```swift
  /// registry.provide(sessionSpec) { SessionViewModel(session: Session(user: "x")) }
  /// ```
  ///
  /// - Parameter session: The session to start with; signed out by default.
  public init(session: Session = Session()) {
    super.init(state: session)
  }

  /// The signed-in account, or `nil`.
  ///
  /// ```swift
  /// if let user = session.user { print("hello \(user)") }
  /// ```
  public var user: String? { state.user }

  /// Signs `user` in; every binding watching the session refreshes once.
  ///
  /// ```swift
  /// session.signIn(user: "demo@example.com")
  /// ```
  ///
  /// - Parameter user: The account to sign in.
  open func signIn(user: String) {
    setState(Session(user: user))
  }

  /// Signs out; every binding watching the session refreshes once.
  ///
  /// ```swift
  /// session.signOut()
  /// ```
  open func signOut() {
    setState(Session())
  }
}
