/// A channel a view model stores, finished when the view model is disposed.
@MainActor
protocol StoredChannel: AnyObject {
  func finish()
}

extension EventChannel: StoredChannel {}

/// A stored property that may hold a channel (a `lazy var`, or an optional one), known by its
/// type even while it holds none.
@MainActor
protocol StoredChannelSlot {
  var storedChannel: (any StoredChannel)? { get }
}

extension Optional: StoredChannelSlot where Wrapped: StoredChannel {
  var storedChannel: (any StoredChannel)? { self }
}

/// Finishes the ``EventChannel``s a view model keeps in its stored properties when it is
/// disposed, whatever its class (a `StateViewModel` that also sends events, say): a `for await`
/// over one of them ends with the view model, as over an ``EventViewModel``'s.
///
/// Reflection finds them; which classes have no such property is remembered, so that a class
/// without channels costs one lookup per disposal.
@MainActor
enum StoredChannels {
  /// Whether each class seen has a property that is, or may hold, a channel. Unchecked: read on
  /// every disposal (the dynamic check is about 100 instructions); only ever read, or written
  /// once per class after the reflection, never across a call.
  @exclusivity(unchecked) private static var classHasChannels: [ObjectIdentifier: Bool] = [:]
  /// The class last found to have none: an app disposes many instances of one class in a row,
  /// and this comparison spares them the table's hashing (about 200 instructions). Unchecked,
  /// as the table is. Class metadata is never freed, so the identifier is never reused.
  @exclusivity(unchecked) private static var lastClassWithoutChannels: ObjectIdentifier?

  static func finish(in viewModel: ViewModel) {
    let type = ObjectIdentifier(Swift.type(of: viewModel))
    if type == lastClassWithoutChannels { return }
    if classHasChannels[type] == false {
      lastClassWithoutChannels = type
      return
    }
    var found = false
    var mirror: Mirror? = Mirror(reflecting: viewModel)
    while let current = mirror {
      for child in current.children {
        if let channel = child.value as? any StoredChannel {
          found = true
          channel.finish()
        } else if let slot = child.value as? any StoredChannelSlot {
          found = true
          slot.storedChannel?.finish()
        }
      }
      mirror = current.superclassMirror
    }
    classHasChannels[type] = found
    if !found { lastClassWithoutChannels = type }
  }
}
