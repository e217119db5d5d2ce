/// One identity on the build stack. Only references are stored — a copy is a few retains — and
/// the type name for a cycle message is found from the identity when a cycle is reported.
struct BuildFrame {
  let identity: InstanceIdentity
  let type: Any.Type
  /// The spec's values, whose tag a reset of that tag looks for; `nil` for a frame made only to
  /// describe an identity.
  let values: InstanceArg.Values?
  /// Set by `disposeAll()` or `reset(tag:)` while this build ran: what it builds is dropped.
  var isAbandoned = false

  /// The tag being built.
  var tag: AnyHashable? { values?.tag }

  var description: String {
    guard case .shared(let key) = identity.key else { return "\(Describe.type(type))(private)" }
    return Describe.instance(type, key: key)
  }
}

/// The identities being built right now, outermost first: a build whose identity is already
/// here closes a cycle.
///
/// Finding an identity costs the same at any depth. A shallow stack is scanned, newest first,
/// comparing a stored hash. Once the stack has been deeper than ``scanDepth``, frames are also
/// counted by a few bits of their hash, and only a build whose bucket is not empty scans: a
/// chain of a hundred view models no longer makes n(n−1)/2 comparisons.
struct BuildStack {
  private(set) var frames: [BuildFrame] = []
  /// Frames per hash bucket: empty until the stack first gets deeper than `scanDepth`, then
  /// kept for the registry's lifetime (a registry that built one deep chain builds more).
  private var buckets: [UInt32] = []

  /// How deep a stack is scanned without buckets: a few comparisons of one word each.
  static var scanDepth: Int { 8 }
  private static var bucketCount: Int { 1024 }

  var isEmpty: Bool { frames.isEmpty }

  /// Whether the newest frame was abandoned; the stack must not be empty. Read in place: a copy
  /// of the frame would retain what it holds.
  var isTopAbandoned: Bool {
    @inline(__always) get { frames[frames.count - 1].isAbandoned }
  }

  /// Where `identity` is on the stack (the newest such frame), or `nil`.
  @inline(__always)
  func index(of identity: InstanceIdentity) -> Int? {
    if !buckets.isEmpty, buckets[Self.bucket(of: identity.keyHash)] == 0 { return nil }
    var index = frames.count
    while index > 0 {
      index -= 1
      // The hash first, a plain value: different identities almost never share it. A plain
      // loop: a closure here would be main-actor isolated and check the executor each call.
      if frames[index].identity.keyHash == identity.keyHash, frames[index].identity == identity {
        return index
      }
    }
    return nil
  }

  @inline(__always)
  mutating func push(_ frame: BuildFrame) {
    let hash = frame.identity.keyHash
    frames.append(frame)
    if !buckets.isEmpty {
      buckets[Self.bucket(of: hash)] += 1
    } else if frames.count > Self.scanDepth {
      countFrames()
    }
  }

  /// Removes the newest frame; the stack must not be empty.
  @inline(__always)
  mutating func pop() {
    if !buckets.isEmpty { buckets[Self.bucket(of: frames[frames.count - 1].identity.keyHash)] -= 1 }
    frames.removeLast()
  }

  /// Starts counting frames by bucket, the first time the stack gets deeper than `scanDepth`.
  private mutating func countFrames() {
    buckets = Array(repeating: 0, count: Self.bucketCount)
    for frame in frames { buckets[Self.bucket(of: frame.identity.keyHash)] += 1 }
  }

  /// Marks the frames of `tag` (all frames when `nil`) as abandoned.
  mutating func abandon(tag: AnyHashable?) {
    for index in frames.indices where tag == nil || frames[index].tag == tag {
      frames[index].isAbandoned = true
    }
  }

  /// `keyHash` is a full hash (seeded per process): its low bits are as good as any.
  private static func bucket(of keyHash: Int) -> Int {
    keyHash & (bucketCount - 1)
  }
}
