import Registry
import Testing

@MainActor
@Suite struct InjectionTests {
  @Test func dependencyChangeReachesTheDependentsWatchers() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let leaf = nodeSpec("leaf", log)
      let root = nodeSpec("root", log, leaf)
      var refreshes = 0
      let host = ViewModelBinding { refreshes += 1 }
      let rootModel = host.watch(root)
      var rootNotified = 0
      rootModel.listen { rootNotified += 1 }
      rootModel.resolved[0].set(1)
      #expect(rootNotified == 1)
      #expect(refreshes == 1)
    }
  }

  @Test func diamondBuildsSharedDependencyOnceAndRefreshesEachHostOnce() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let d = nodeSpec("d", log)
      let b = nodeSpec("b", log, d)
      let c = nodeSpec("c", log, d)
      let a = nodeSpec("a", log, b, c)
      var seen: [(Int, Int)] = []
      var host: ViewModelBinding!
      var aModel: NodeViewModel!
      host = ViewModelBinding {
        seen.append((aModel.resolved[0].resolved[0].value, aModel.resolved[1].resolved[0].value))
      }
      var otherRefreshes = 0
      let other = ViewModelBinding { otherRefreshes += 1 }
      aModel = host.watch(a)
      _ = other.watch(c)
      #expect(
        log.events(startingWith: "create") == ["create a", "create b", "create d", "create c"])
      #expect(registry.liveInstanceCount == 4)
      let dModel = aModel.resolved[0].resolved[0]
      #expect(aModel.resolved[1].resolved[0] === dModel)

      dModel.set(7)
      #expect(seen.count == 1)
      #expect(seen.first?.0 == 7 && seen.first?.1 == 7)
      #expect(otherRefreshes == 1)

      host.dispose()
      #expect(registry.liveInstanceCount == 2)  // c (held by other) and d (held by c)
      other.dispose()
      #expect(registry.liveInstanceCount == 0)
      #expect(log.events(startingWith: "dispose").count == 4)
    }
  }

  @Test func hostReadingTwoViewModelsSeesBothNewValuesInOneRefresh() {
    withTestRegistry { _, _ in
      let log = EventLog()
      let first = nodeSpec("first", log)
      let second = nodeSpec("second", log)
      var snapshots: [[Int]] = []
      var models: [NodeViewModel] = []
      let host = ViewModelBinding { snapshots.append(models.map(\.value)) }
      models = [host.watch(first), host.watch(second)]
      // One change that updates both: the second is set from the first's listener.
      models[0].listen { models[1].set(models[0].value * 10) }
      models[0].set(2)
      #expect(snapshots == [[2, 20]])
    }
  }
}
