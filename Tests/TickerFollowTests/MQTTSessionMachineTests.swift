import Testing
import TickerCore
import TickerIO

@testable import TickerFollow

/// The MQTT session's decisions on a manual clock: no broker, no sockets, every instant chosen by the test.
@Suite struct MQTTSessionMachineTests {
    func ms(_ value: Int64) -> Duration { .milliseconds(value) }

    func machine() -> MQTTSessionMachine { MQTTSessionMachine(server: "broker:1883") }

    @Test func connectsAtOnceThenWaitsForTheAnswer() {
        var machine = machine()
        #expect(machine.actions(at: ms(0)) == [.connect(first: true)])
        #expect(machine.state == .connecting(deadline: ms(10_000)))
        #expect(machine.actions(at: ms(100)).isEmpty)
        #expect(machine.connected() == false)
        #expect(machine.isConnected)
    }

    @Test func looksAtTheStateFileOnItsCadenceOnlyWhileConnected() {
        var machine = machine()
        _ = machine.actions(at: ms(0))
        #expect(machine.actions(at: ms(250)) == [])
        _ = machine.connected()
        #expect(machine.actions(at: ms(400)) == [])
        #expect(machine.actions(at: ms(500)) == [.publishState])
        #expect(machine.actions(at: ms(600)) == [])
        #expect(machine.actions(at: ms(750)) == [.publishState])
    }

    @Test func abandonsAnAttemptThatGoesUnanswered() {
        var machine = machine()
        _ = machine.actions(at: ms(0))
        #expect(
            machine.actions(at: ms(10_000)).contains(
                .abandon(problem: "the MQTT broker at 'broker:1883' did not answer the connection in time")))
        _ = machine.lost("the MQTT broker at 'broker:1883' did not answer the connection in time", at: ms(10_000))
        #expect(machine.state == .waiting(retryAt: ms(10_500)))
    }

    @Test func backsOffBetweenAttemptsAndLogsEachProblemOnce() {
        var machine = machine()
        _ = machine.actions(at: ms(0))
        #expect(machine.lost("refused", at: ms(0)) == "refused; retrying (every 30 s at most)")
        #expect(machine.actions(at: ms(499)) == [])
        #expect(machine.actions(at: ms(500)).contains(.connect(first: false)))
        #expect(machine.lost("refused", at: ms(500)) == nil)
        #expect(machine.state == .waiting(retryAt: ms(1_500)))
        // A second report of the same loss schedules nothing new.
        #expect(machine.lost("refused", at: ms(600)) == nil)
        #expect(machine.state == .waiting(retryAt: ms(1_500)))
        _ = machine.actions(at: ms(1_500))
        #expect(machine.lost("timed out", at: ms(1_500)) == "timed out; retrying (every 30 s at most)")
        #expect(machine.state == .waiting(retryAt: ms(3_500)))
        // Connected again: said once, and the delays start over.
        _ = machine.actions(at: ms(3_500))
        #expect(machine.connected() == true)
        #expect(machine.lost("lost", at: ms(4_000)) == "lost; retrying (every 30 s at most)")
        #expect(machine.state == .waiting(retryAt: ms(4_500)))
    }

    @Test func sleepsUntilTheNextThingToDoAndAtMostASecond() {
        var machine = machine()
        _ = machine.actions(at: ms(0))
        _ = machine.connected()
        #expect(machine.timeout(at: ms(100)) == ms(150))
        _ = machine.actions(at: ms(250))
        #expect(machine.timeout(at: ms(250)) == ms(250))
        _ = machine.lost("lost", at: ms(300))
        #expect(machine.timeout(at: ms(300)) == ms(200))
        #expect(machine.timeout(at: ms(900)) == .zero)
    }

    @Test func aFailingPollBacksOffInsteadOfSpinning() {
        var machine = machine()
        _ = machine.actions(at: ms(0))
        _ = machine.connected()
        _ = machine.actions(at: ms(250))
        var now = ms(300)
        #expect(
            machine.pollFailed("poll: Invalid argument", at: now) == "poll: Invalid argument; polling again in 0.1 s")
        #expect(!machine.pollsSocket(at: now))
        #expect(machine.timeout(at: now) == ms(100))
        // The same failure again: not logged again, and each wait twice as long, up to 5 s.
        var waits: [Duration] = []
        for _ in 0..<8 {
            now += machine.timeout(at: now)
            #expect(machine.pollsSocket(at: now))
            #expect(machine.pollFailed("poll: Invalid argument", at: now) == nil)
            waits.append(machine.timeout(at: now))
        }
        #expect(waits == [ms(200), ms(400), ms(800), ms(1_600), ms(3_200), ms(5_000), ms(5_000), ms(5_000)])
        // Recovered: said once, and the socket is polled again at once.
        #expect(machine.polled() == true)
        #expect(machine.polled() == false)
        #expect(machine.pollsSocket(at: now))
        #expect(machine.timeout(at: now) <= ms(1_000))
    }
}

/// The queue between the broker and the feed: bounded in bytes, a flood reported once.
@Suite struct MQTTFeedQueueTests {
    @Test func holdsCommandsInOrderAndCountsTheirBytes() {
        var queue = MQTTFeedQueue(limitBytes: 100)
        queue.append(.title("one"))
        queue.append(.title("two"))
        #expect(queue.bytes == 20)
        #expect(queue.first == .title("one"))
        queue.removeFirst()
        #expect(queue.first == .title("two"))
        #expect(queue.bytes == 10)
        queue.removeFirst()
        #expect(queue.isEmpty)
        #expect(queue.bytes == 0)
    }

    @Test func reportsAFloodOnceAndItsEndOnce() {
        var queue = MQTTFeedQueue(limitBytes: 15)
        queue.append(.title("one"))
        #expect(queue.reportsFull() == false)
        queue.append(.title("two"))
        #expect(queue.isFull)
        #expect(queue.reportsFull() == true)
        #expect(queue.reportsFull() == false)
        queue.removeFirst()
        #expect(queue.reportsDrained() == false)
        queue.removeFirst()
        #expect(queue.reportsDrained() == true)
        #expect(queue.reportsDrained() == false)
    }
}
