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

/// A ``Read`` or ``Watch`` wrapper, which the registry gives its owner as it registers it.
@MainActor
protocol AttachableDependency: AnyObject {
  func attach(to owner: ViewModel, name: String)
}

/// What the registry does with a view model's stored properties, found by reflection: it gives
/// its ``Read`` and ``Watch`` wrappers their owner when it registers it, and finishes the
/// ``EventChannel``s it keeps when it is disposed, whatever its class (a `StateViewModel` that
/// also sends events, say), so that a `for await` over one ends with the view model.
///
/// What each class has is found once, by reflecting on its first instance; a class with neither
/// then costs one comparison per registration and per disposal (a lookup when classes
/// alternate), and only an instance of a class that has some is reflected on again.
@MainActor
enum StoredProperties {
  /// What a class's stored properties include.
  private struct Shape {
    var hasWrappers = false
    var hasChannels = false
  }

  /// The shape of each class seen: read on every registration and disposal, written once per
  /// class after the reflection.
  private static var shapes: [ObjectIdentifier: Shape] = [:]
  /// The class last found to have neither: an app builds and disposes many instances of one
  /// class in a row, and this comparison spares them the table's hashing (about 200
  /// instructions). Class metadata is never freed, so the identifier is never reused.
  private static var lastPlainClass: ObjectIdentifier?

  /// Gives the wrappers of a view model being registered their owner.
  static func attachWrappers(to viewModel: ViewModel) {
    // The comparison first, inline: the rest sets up the reflection's types on entry, about 40
    // instructions that a class with neither would pay on each registration and disposal.
    if isLastPlainClass(viewModel) { return }
    attachWrappersReflecting(viewModel)
  }

  @inline(never)
  private static func attachWrappersReflecting(_ viewModel: ViewModel) {
    guard let shape = shape(of: viewModel), shape.hasWrappers else { return }
    visit(viewModel) { label, value in
      if let wrapper = value as? any AttachableDependency {
        wrapper.attach(to: viewModel, name: label ?? "dependency")
      }
    }
  }

  /// Finishes the channels of a view model being disposed.
  static func finishChannels(in viewModel: ViewModel) {
    if isLastPlainClass(viewModel) { return }
    finishChannelsReflecting(viewModel)
  }

  @inline(never)
  private static func finishChannelsReflecting(_ viewModel: ViewModel) {
    guard let shape = shape(of: viewModel), shape.hasChannels else { return }
    visit(viewModel) { _, value in
      if let channel = value as? any StoredChannel {
        channel.finish()
      } else if let slot = value as? any StoredChannelSlot {
        slot.storedChannel?.finish()
      }
    }
  }

  /// Whether `viewModel` is of the class last found to have neither wrappers nor channels.
  @inline(__always)
  private static func isLastPlainClass(_ viewModel: ViewModel) -> Bool {
    ObjectIdentifier(Swift.type(of: viewModel)) == lastPlainClass
  }

  /// The shape of `viewModel`'s class, `nil` when it has neither wrappers nor channels.
  private static func shape(of viewModel: ViewModel) -> Shape? {
    let type = ObjectIdentifier(Swift.type(of: viewModel))
    if type == lastPlainClass { return nil }
    let shape: Shape
    if let known = shapes[type] {
      shape = known
    } else {
      var found = Shape()
      visit(viewModel) { _, value in
        if value is any AttachableDependency { found.hasWrappers = true }
        if value is any StoredChannel || value is any StoredChannelSlot {
          found.hasChannels = true
        }
      }
      shapes[type] = found
      shape = found
    }
    guard shape.hasWrappers || shape.hasChannels else {
      lastPlainClass = type
      return nil
    }
    return shape
  }

  /// Calls `body` with each stored property of `viewModel`, its superclasses' included.
  private static func visit(_ viewModel: ViewModel, _ body: (String?, Any) -> Void) {
    var mirror: Mirror? = Mirror(reflecting: viewModel)
    while let current = mirror {
      for child in current.children { body(child.label, child.value) }
      mirror = current.superclassMirror
    }
  }
}
