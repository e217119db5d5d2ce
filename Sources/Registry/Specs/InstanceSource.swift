/// What a resolution builds from and remembers its answer on: a ``ViewModelSpec``, or a
/// family's argument resolved without a spec (`binding.watch(userSpec, id)`), whose origin is
/// then all there is. The engine's resolution is written once against it.
///
/// Only inlined code is generic over it: a function out of line that took a source of a type
/// unknown there (every engine function is generic over a view-model type callers choose)
/// would be handed the conformance's witness table, which the runtime makes on each call for a
/// generic class (about 100 instructions, a lookup in a cache). Out of line, the engine takes
/// what it needs: the values, the builder (as a closure made by the source itself), the anchor.
/// (An enumeration of the two kinds, tried instead, cost three retains and releases per build.)
protocol InstanceSource<VM>: AnyObject {
  associatedtype VM: ViewModel

  /// Key, tag and lifetime: what every instance built from this source is registered with.
  var values: InstanceArg.Values { get }
  /// The identity its instances have when no proxy builds them.
  var ownIdentity: InstanceIdentity { get }
  /// The key-box address of ``ownIdentity``: a binding whose first entry has it answers at once.
  var lookupBoxAddress: UInt { get }
  /// What the re-render lookup remembers (``BindingCore/heldInstance(of:watching:)``): the
  /// table generation it found the instance at, with its lowest bit set when watched.
  var memoStamp: UInt64 { get set }
  /// The instance the memo names, read only while its stamp matches its table.
  var memoViewModel: ViewModel? { get set }

  /// Builds and registers a new instance in `registry` for `identity`
  /// (``ViewModelRegistry/build(values:identity:requester:aliveForever:make:)``). A requirement
  /// rather than a closure made by the generic caller: such a closure stays generic over the
  /// source, and fetches the witness table on each call.
  @MainActor func build(
    in registry: ViewModelRegistry, identity: InstanceIdentity, requester: BindingCore,
    aliveForever: Bool
  ) throws -> VM

  /// What a build from this source is told before it starts, when `active` (this source or its
  /// proxy) builds it at `identity`: reports and checks, and whether the instance lives forever.
  @MainActor func prepareBuild(
    in registry: ViewModelRegistry, builtBy active: Self, at identity: InstanceIdentity,
    site: CallSite?
  ) throws -> Bool
}
