import Registry
import Testing

/// An argument that is not `Hashable`, as many app models are.
private struct Account {
  let name: String
}

/// What a host keeps across renders for the services it reads, when the view makes their specs
/// anew each time.
@MainActor
@Suite struct ViewModelHostServicesTests {
  /// A view's render: it makes its service spec inline, every time, with the inputs it has now.
  private func render(
    _ host: ViewModelHost<ProbeViewModel>, log: EventLog, builds: BuildCounter,
    inputs: AnyHashable? = nil
  ) -> any Greeter {
    host.read(
      ServiceSpec<any Greeter>(inputs: inputs) { EnglishGreeter(log: log, id: builds.next()) })
  }

  // ServiceSpec's `inputs`: "the values its service follows in a host, as for
  // ViewModelSpec/inputs", which says: "A host (and the SwiftUI wrappers) keeps the instance
  // across renders while the inputs stay equal, and builds a new one when they change."
  @Test func aPrivateServiceFollowsItsInputsAcrossRenders() {
    withTestRegistry { registry, reporter in
      let log = EventLog()
      let builds = BuildCounter()
      let host = ViewModelHost<ProbeViewModel>()
      let first = render(host, log: log, builds: builds, inputs: 1)
      for _ in 0..<10 { #expect(render(host, log: log, builds: builds, inputs: 1) === first) }
      #expect(builds.count == 1)
      #expect(registry.liveInstanceCount == 1)
      let second = render(host, log: log, builds: builds, inputs: 2)
      #expect(second !== first)
      #expect(builds.count == 2)
      #expect(log.events == ["dispose greeter 1"])
      for _ in 0..<10 { #expect(render(host, log: log, builds: builds, inputs: 2) === second) }
      #expect(builds.count == 2)
      #expect(registry.liveInstanceCount == 1)
      host.release()
      #expect(log.events == ["dispose greeter 1", "dispose greeter 2"])
      #expect(registry.liveInstanceCount == 0)
      #expect(reporter.issues.isEmpty)
    }
  }

  // ViewModelHost: "a private spec [keeps its instance] … from the same place in the code with
  // the same `inputs`": without inputs, the same place is enough.
  @Test func aPrivateServiceWithoutInputsIsBuiltOnceAcrossRenders() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let host = ViewModelHost<ProbeViewModel>()
      let first = render(host, log: log, builds: builds)
      for _ in 0..<10 { #expect(render(host, log: log, builds: builds) === first) }
      #expect(builds.count == 1)
      #expect(registry.liveInstanceCount == 1)
      host.release()
      #expect(log.events == ["dispose greeter 1"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // ViewModelHost.read(_:): "each place in the code that makes one, and each family, keeps its
  // service across renders": services read from two places are both kept, beside the host's
  // view model.
  @Test func privateServicesFromTwoPlacesAreKeptSideBySide() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let host = ViewModelHost<ProbeViewModel>()
      let model = host.resolve(ViewModelSpec { ProbeViewModel("screen", log: log) })
      var shown: [(any Greeter, PlainClient)] = []
      for _ in 0..<3 {
        shown.append(
          (
            render(host, log: log, builds: builds, inputs: 1),
            host.read(ServiceSpec(inputs: 1) { PlainClient(base: "\(builds.next())") })
          ))
      }
      #expect(shown.allSatisfy { $0.0 === shown[0].0 && $0.1 === shown[0].1 })
      #expect(builds.count == 2)
      #expect(host.viewModel === model)
      #expect(registry.liveInstanceCount == 3)
      host.release()
      #expect(
        log.events(startingWith: "dispose").sorted() == ["dispose greeter 1", "dispose screen"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // ViewModelHost: "a private spec [keeps its instance] while it comes from the same family with
  // the same Hashable argument (with an argument that is not Hashable, the same family: nothing
  // else can be compared)".
  @Test func aPrivateFamilysServiceWithAnArgumentThatIsNotHashableIsBuiltOnce() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let greeters = ServiceSpecWithArg<any Greeter, Account>(builder: { _ in
        EnglishGreeter(log: log, id: builds.next())
      })
      let host = ViewModelHost<ProbeViewModel>()
      let first = host.read(greeters(Account(name: "a")))
      for _ in 0..<10 { #expect(host.read(greeters(Account(name: "a"))) === first) }
      #expect(builds.count == 1)
      #expect(registry.liveInstanceCount == 1)
      host.release()
      #expect(log.events == ["dispose greeter 1"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  @Test func aPrivateFamilysServiceFollowsItsHashableArgument() {
    withTestRegistry { registry, _ in
      let log = EventLog()
      let builds = BuildCounter()
      let greeters = ServiceSpecWithArg<any Greeter, Int>(
        builder: { _ in EnglishGreeter(log: log, id: builds.next()) }, key: { _ in nil })
      let host = ViewModelHost<ProbeViewModel>()
      let first = host.read(greeters(1))
      #expect(host.read(greeters(1)) === first)
      let second = host.read(greeters(2))
      #expect(second !== first)
      #expect(log.events == ["dispose greeter 1"])
      #expect(host.read(greeters(2)) === second)
      #expect(builds.count == 2)
      #expect(registry.liveInstanceCount == 1)
      host.release()
      #expect(log.events == ["dispose greeter 1", "dispose greeter 2"])
      #expect(registry.liveInstanceCount == 0)
    }
  }
}
