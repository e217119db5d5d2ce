import Testing

@testable import Registry

/// Every change, state, event and pause stream is fed through `StreamContinuations`: its
/// subscribers are served in the order they subscribed, every time.
@MainActor
@Suite struct StreamContinuationsTests {
  @Test func subscribersAreFedAndFinishedInTheOrderTheySubscribed() {
    var streams = StreamContinuations<Int>()
    var fed: [UInt64] = []
    var finished: [UInt64] = []
    var ids: [UInt64] = []
    for _ in 0..<64 {
      let slot = Box<UInt64>(0)
      let id = streams.add(
        yield: { _ in fed.append(slot.value) }, finish: { finished.append(slot.value) })
      slot.value = id
      ids.append(id)
    }
    streams.yield(1)
    #expect(fed == ids)

    // Removing some keeps the others' order; a later subscriber comes last.
    for id in ids where id % 3 == 0 { streams.remove(id) }
    let kept = ids.filter { $0 % 3 != 0 }
    let late = Box<UInt64>(0)
    late.value = streams.add(yield: { _ in fed.append(late.value) }, finish: {})
    fed.removeAll()
    streams.yield(2)
    #expect(fed == kept + [late.value])

    // Only those present when an event was emitted get it, still in order.
    fed.removeAll()
    streams.yield(3, toStreamsUpTo: kept[9])
    #expect(fed == Array(kept.prefix(10)))

    for finish in streams.takeFinishers() { finish() }
    #expect(finished == kept)
    #expect(streams.isEmpty)
  }
}
