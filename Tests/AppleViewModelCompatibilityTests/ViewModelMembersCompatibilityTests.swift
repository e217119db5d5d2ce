import AppleViewModelCompatibility
import RegistryTesting
import Testing

@MainActor
@Suite struct ViewModelMembersCompatibilityTests {
  @Test func instanceArgIsWhatTheInstanceWasBuiltWith() {
    withTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let keyed = binding.watch(
        ViewModelSpec<CompatCounter>(key: "k", tag: "t", aliveForever: true) { CompatCounter() })
      let unkeyed = binding.watch(ViewModelSpec<CompatCounter> { CompatCounter() })
      #expect(
        keyed.instanceArg
          == InstanceArg(key: "k", tag: "t", bindingId: binding.id, aliveForever: true))
      #expect(keyed.tag == AnyHashable("t"))
      // Registry's private instances have no key (AppleViewModel gives them a private one).
      #expect(unkeyed.instanceArg.key == nil)
      #expect(unkeyed.instanceArg.bindingId == binding.id)
      #expect(CompatCounter().instanceArg == InstanceArg())
    }
  }

  @Test func asyncUpdateNotifiesOnceAfterTheBlock() async {
    await withAsyncTestRegistry { _, _ in
      let binding = ViewModelBinding()
      let counter = binding.read(ViewModelSpec<CompatCounter>(key: "k") { CompatCounter() })
      var notified: [Int] = []
      counter.listen { notified.append(counter.count) }
      await counter.update {
        await Task.yield()
        counter.count = 5
      }
      #expect(notified == [5])
      // A block without `await` picks the synchronous form: no `await` is needed here.
      counter.update { counter.count = 6 }
      #expect(notified == [5, 6])
      await #expect(throws: CompatFailure.self) {
        try await counter.update {
          await Task.yield()
          throw CompatFailure()
        }
      }
      #expect(notified == [5, 6])
    }
  }

  @Test func instanceArgInitializerTakesAppleViewModelsOrder() {
    let arg = InstanceArg(key: "k", tag: "t", bindingId: "b", aliveForever: true)
    #expect(arg.key == AnyHashable("k"))
    #expect(arg.tag == AnyHashable("t"))
    #expect(arg.bindingId == "b")
    #expect(arg.aliveForever)
    #expect(arg == InstanceArg(key: "k", tag: "t", aliveForever: true, bindingId: "b"))
    #expect(InstanceArg(bindingId: "b", aliveForever: false) == InstanceArg(bindingId: "b"))
    #expect(
      arg.hashValue == InstanceArg(key: "k", tag: "t", aliveForever: true, bindingId: "b").hashValue
    )
  }

  @Test func copyKeepsWhatIsLeftOutOrNilAndClearsOnlyOnSomeNil() {
    let arg = InstanceArg(key: "k", tag: "t", bindingId: "b", aliveForever: true)
    #expect(arg.copy() == arg)
    #expect(arg.copy(key: nil, tag: nil, bindingId: nil, aliveForever: nil) == arg)
    #expect(arg.copy(key: "other").key == AnyHashable("other"))
    #expect(arg.copy(bindingId: "c").bindingId == "c")
    #expect(arg.copy(aliveForever: false).aliveForever == false)
    let cleared = arg.copy(key: .some(nil), tag: .some(nil), bindingId: .some(nil))
    #expect(cleared == InstanceArg(aliveForever: true))
  }

  // "`ViewModelError` is Registry's `RegistryError`": made with a message, its description is
  // the message; every Registry error answers `is ViewModelError`.
  @Test func viewModelErrorIsRegistryError() {
    let error = ViewModelError("no user")
    #expect(error.message == "no user")
    #expect(error.description == "no user")
    #expect(error == .message("no user"))
    let cycle: any Error = RegistryError.cycle(chain: ["A", "B", "A"])
    #expect(cycle is ViewModelError)
    #expect((cycle as? ViewModelError)?.message.contains("Circular ViewModel construction") == true)
  }

  @Test func errorTypeHasAppleViewModelsFourCases() {
    let all: Set<ErrorType> = [.listener, .lifecycle, .dispose, .pauseResume]
    #expect(all.count == 4)
  }
}
