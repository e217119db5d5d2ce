/// One identity on the build stack. Its references are not counted: the build that pushes a
/// frame keeps the identity and the spec's values alive until it pops it, so a push and a pop
/// cost no retain and no release. The type name for a cycle message is found from the identity
/// when a cycle is reported.
struct BuildFrame {
  let identity: InstanceIdentity.Unretained
  let type: Any.Type
  /// The spec's values, whose tag a reset of that tag looks for; `nil` for a frame made only to
  /// describe an identity.
  unowned(unsafe) let values: InstanceArg.Values?
  /// Set by `disposeAll()` or `reset(tag:)` while this build ran: what it builds is dropped.
  var isAbandoned = false
  /// One more than the index of the next older frame in this frame's hash bucket (0: none);
  /// kept by ``BuildStack``.
  var olderInBucket: UInt32 = 0

  init(identity: InstanceIdentity, type: Any.Type, values: InstanceArg.Values?) {
    self.identity = identity.unretained
    self.type = type
    self.values = values
  }

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
/// comparing a stored hash. Once the stack has been deeper than ``scanDepth``, its frames are
/// also chained by a few bits of their hash — each bucket names its newest frame, each frame the
/// next older one in its bucket — and a lookup walks only its bucket's chain. The buckets grow
/// with the stack, so a chain stays about one frame long however deep the stack gets: a chain of
/// a hundred view models makes no n(n−1)/2 comparisons, and one of a hundred thousand none
/// either (fixed buckets would all fill, and every lookup would scan the stack).
struct BuildStack {
  private(set) var frames: [BuildFrame] = []
  /// Per hash bucket, one more than the index of its newest frame (0: none). Empty until the
  /// stack first gets deeper than `scanDepth`, then kept while the registry lives (a registry
  /// that built one deep chain builds more), at the smallest size once the stack empties.
  private var newestInBucket: [UInt32] = []

  /// How deep a stack is scanned without buckets: a few comparisons of one word each.
  static var scanDepth: Int { 8 }
  /// The fewest buckets; there are never fewer than frames.
  private static var minimumBucketCount: Int { 1024 }

  var isEmpty: Bool { frames.isEmpty }

  /// Whether the newest frame was abandoned; the stack must not be empty. Read in place: a copy
  /// of the frame would retain what it holds.
  var isTopAbandoned: Bool {
    @inline(__always) get { frames[frames.count - 1].isAbandoned }
  }

  /// Where `identity` is on the stack (the newest such frame), or `nil`.
  @inline(__always)
  func index(of identity: InstanceIdentity) -> Int? {
    // The hash first, a plain value: different identities almost never share it. Plain loops:
    // a closure here would be main-actor isolated and check the executor each call.
    guard !newestInBucket.isEmpty else {
      var index = frames.count
      while index > 0 {
        index -= 1
        if frames[index].identity.keyHash == identity.keyHash,
          frames[index].identity.names(identity)
        {
          return index
        }
      }
      return nil
    }
    var link = newestInBucket[bucket(of: identity.keyHash)]
    while link != 0 {
      let index = Int(link) - 1
      if frames[index].identity.keyHash == identity.keyHash, frames[index].identity.names(identity)
      {
        return index
      }
      link = frames[index].olderInBucket
    }
    return nil
  }

  @inline(__always)
  mutating func push(_ frame: BuildFrame) {
    frames.append(frame)
    if frames.count > newestInBucket.count {
      if frames.count > Self.scanDepth { rechain() }
    } else {
      chain(frames.count - 1)
    }
  }

  /// Removes the newest frame; the stack must not be empty.
  @inline(__always)
  mutating func pop() {
    if !newestInBucket.isEmpty {
      // The newest frame is the newest of its bucket.
      let top = frames.count - 1
      newestInBucket[bucket(of: frames[top].identity.keyHash)] = frames[top].olderInBucket
      if top == 0, newestInBucket.count > Self.minimumBucketCount {
        newestInBucket = Array(repeating: 0, count: Self.minimumBucketCount)
      }
    }
    frames.removeLast()
  }

  /// Makes the frame at `index`, the newest, the newest of its bucket.
  @inline(__always)
  private mutating func chain(_ index: Int) {
    let bucket = bucket(of: frames[index].identity.keyHash)
    frames[index].olderInBucket = newestInBucket[bucket]
    newestInBucket[bucket] = UInt32(truncatingIfNeeded: index + 1)
  }

  /// Chains every frame again into twice as many buckets as there are frames, at least the
  /// fewest: the first time the stack gets deeper than `scanDepth`, and each time it outgrows
  /// its buckets (so the work, spread over the pushes, is a constant per push).
  @inline(never)
  private mutating func rechain() {
    var count = Self.minimumBucketCount
    while count < frames.count * 2 { count *= 2 }
    newestInBucket = Array(repeating: 0, count: count)
    for index in frames.indices { chain(index) }
  }

  /// Marks the frames of `tag` (all frames when `nil`) as abandoned.
  mutating func abandon(tag: AnyHashable?) {
    for index in frames.indices where tag == nil || frames[index].tag == tag {
      frames[index].isAbandoned = true
    }
  }

  /// `keyHash` is a full hash (seeded per process): its low bits are as good as any. The bucket
  /// count is a power of two.
  private func bucket(of keyHash: Int) -> Int {
    keyHash & (newestInBucket.count - 1)
  }
}
