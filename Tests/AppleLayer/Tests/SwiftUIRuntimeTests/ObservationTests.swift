import SwiftUI
import Testing

@Observable
private final class Model {
  var shown = 0
  var hidden = 0
}

private struct Reader: View {
  let model: Model
  var body: some View { Text("shown \(model.shown)") }
}

/// Writes to the model from inside its body: what SwiftUI warns about.
private struct Writer: View {
  let model: Model
  var body: some View {
    let _ = model.shown += 1
    Text("writer")
  }
}

private struct ReaderThenWriter: View {
  let model: Model
  var body: some View {
    VStack {
      Reader(model: model)
      Writer(model: model)
    }
  }
}

private struct SelfWriter: View {
  @State private var renders = 0
  var body: some View {
    let _ = renders += 1
    Text("self writer")
  }
}

@MainActor
@Suite("Bodies are tracked with Observation")
struct ObservationTests {
  @Test func aReadPropertyInvalidatesOnce() {
    let model = Model()
    let runtime = ViewRuntime(Reader(model: model))
    #expect(runtime.bodyCount(of: Reader.self) == 1)

    model.shown = 1
    model.shown = 2
    #expect(runtime.pendingInvalidations == 1)
    #expect(runtime.bodyCount(of: Reader.self) == 1)
    runtime.flush()
    #expect(runtime.bodyCount(of: Reader.self) == 2)
    #expect(runtime.texts == ["shown 2"])

    runtime.flush()
    #expect(runtime.bodyCount(of: Reader.self) == 2)
    #expect(runtime.violations.isEmpty)
  }

  @Test func staleTrackingStillRendersOnce() {
    let model = Model()
    let runtime = ViewRuntime(Reader(model: model))
    // Three renders, three trackings installed; one change fires them all.
    runtime.render()
    runtime.render()
    model.shown = 5
    runtime.flush()
    #expect(runtime.bodyCount(of: Reader.self) == 4)
    #expect(runtime.pendingInvalidations == 0)
  }

  @Test func aPropertyTheBodyDoesNotReadDoesNotInvalidate() {
    let model = Model()
    let runtime = ViewRuntime(Reader(model: model))
    model.hidden = 1
    #expect(runtime.pendingInvalidations == 0)
    runtime.flush()
    #expect(runtime.bodyCount(of: Reader.self) == 1)
  }

  @Test func aChangeMadeDuringABodyIsAViolation() {
    let model = Model()
    let runtime = ViewRuntime(ReaderThenWriter(model: model))
    #expect(runtime.violations.count == 1)
    let violation = runtime.violations.first ?? ""
    #expect(violation.contains("Publishing changes from within view updates"))
    #expect(violation.contains("invalidated ReaderThenWriter/VStack/TupleView/0:Reader"))
    #expect(violation.contains("body of ReaderThenWriter/VStack/TupleView/1:Writer"))
  }

  @Test func aStateWriteDuringItsOwnBodyIsAViolationAndNeverSettles() {
    let runtime = ViewRuntime(SelfWriter())
    #expect(runtime.violations.count == 1)
    #expect(runtime.violations.first?.contains("Modifying state during view update") == true)
    runtime.flush()
    #expect(runtime.bodyCount(of: SelfWriter.self) == ViewRuntime.maximumFlushPasses + 1)
    #expect(runtime.violations.last?.contains("did not settle") == true)
  }
}
