import Foundation
import ObjectiveC
import Observation
import Registry
import RegistryTesting
import SwiftUI
import Testing
import UIKit

/// An `@Observable` service: SwiftUI's own tracking redraws a body that reads it.
@MainActor
@Observable
final class CartStore: RegistryDisposable {
  var count = 0
  @ObservationIgnored let tally: Tally
  @ObservationIgnored let name: String

  init(_ name: String, tally: Tally) {
    self.name = name
    self.tally = tally
    tally.create(name)
  }

  func dispose() { tally.dispose(name) }
}

private struct CartBadge: View {
  @ReadService var cart: CartStore

  init(spec: ServiceSpec<CartStore>) {
    _cart = ReadService(spec)
  }

  var body: some View { Text("cart \(cart.count)") }
}

private struct CartButton: View {
  @ReadService var cart: CartStore

  init(spec: ServiceSpec<CartStore>) {
    _cart = ReadService(spec)
  }

  // Uses the service in an action only: it is resolved when the action first runs, and nothing
  // of it is read in the body.
  var body: some View { Button("Add") { cart.count += 1 } }
}

@MainActor
private final class CheckoutController: UIViewController {
  let spec: ServiceSpec<CartStore>
  lazy var cart = viewModelBinding.read(spec)

  init(spec: ServiceSpec<CartStore>) {
    self.spec = spec
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) { nil }
}

@MainActor
@Suite struct ReadServiceTests {
  // "SwiftUI, through a property wrapper that reads a service without observing it": one
  // service across renders, released with the view's state.
  @Test func oneServicePerViewAcrossAHundredRendersReleasedWithTheView() {
    withRegistry { registry in
      let tally = Tally()
      let spec = ServiceSpec(key: "cart") { CartStore("cart", tally: tally) }
      let runtime = ViewRuntime(CartBadge(spec: spec))
      for _ in 0..<100 { runtime.setRoot(CartBadge(spec: spec)) }
      #expect(tally.created == ["cart"])
      #expect(registry.liveInstanceCount == 1)
      runtime.unmount()
      #expect(tally.disposed == ["cart"])
      #expect(registry.liveInstanceCount == 0)
    }
  }

  // "Services never mark a holder dirty. An @Observable service still works with SwiftUI's own
  // tracking."
  @Test func anObservableServiceRedrawsOnlyTheBodiesThatReadIt() throws {
    try withRegistry { _ in
      let tally = Tally()
      let spec = ServiceSpec(key: "cart") { CartStore("cart", tally: tally) }
      let runtime = ViewRuntime(
        VStack {
          CartBadge(spec: spec)
          CartButton(spec: spec)
        })
      #expect(runtime.texts.contains("cart 0"))
      try runtime.tap("Add")
      runtime.flush()
      #expect(runtime.texts.contains("cart 1"))
      #expect(runtime.bodyCount(of: CartBadge.self) == 2)
      #expect(runtime.bodyCount(of: CartButton.self) == 1)
      runtime.unmount()
    }
  }

  // A new key swaps the service; the old one is released.
  @Test func aNewKeySwapsTheService() {
    withRegistry { _ in
      let tally = Tally()
      let carts = ServiceSpecWithArg<CartStore, String>(builder: { CartStore($0, tally: tally) })
      let runtime = ViewRuntime(CartBadge(spec: carts("a")))
      runtime.setRoot(CartBadge(spec: carts("a")))
      runtime.setRoot(CartBadge(spec: carts("b")))
      #expect(tally.created == ["a", "b"])
      #expect(tally.disposed == ["a"])
      runtime.unmount()
    }
  }

  // A reset that disposes the service under the view redraws it once, with a fresh one.
  @Test func aResetRedrawsTheViewWithAFreshService() {
    withRegistry { registry in
      let tally = Tally()
      let builds = Counter()
      let spec = ServiceSpec(key: "cart", tag: "session") {
        CartStore("cart\(builds.next())", tally: tally)
      }
      let runtime = ViewRuntime(CartBadge(spec: spec))
      registry.reset(tag: "session")
      runtime.flush()
      #expect(tally.created == ["cart1", "cart2"])
      #expect(tally.disposed == ["cart1"])
      runtime.unmount()
    }
  }

  // "UIKit, through NSObject bindings": a controller reads a service, which goes with it.
  @Test func aControllerReadsAServiceThroughItsBinding() {
    withRegistry { registry in
      let tally = Tally()
      let spec = ServiceSpec(key: "cart") { CartStore("cart", tally: tally) }
      do {
        let controller = CheckoutController(spec: spec)
        controller.cart.count = 3
        #expect(controller.viewModelBinding.read(spec).count == 3)
      }
      #expect(tally.disposed == ["cart"])
      #expect(registry.liveInstanceCount == 0)
    }
  }
}

/// Counts builds.
@MainActor
private final class Counter {
  private var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}
