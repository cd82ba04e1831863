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

    /// A bridge the broker accepted at 0 ms.
    func connectedMachine() -> MQTTSessionMachine {
        var machine = machine()
        _ = machine.actions(at: ms(0))
        _ = machine.connected()
        return machine
    }

    static let goodbye = MQTTSessionMachine.Action.finish(
        status: 0, line: "disconnected from the MQTT broker at 'broker:1883'")

    @Test func announcesEachConnectionSayingWhenItIsAgain() {
        var machine = machine()
        _ = machine.actions(at: ms(0))
        #expect(machine.accepted() == [.announce(again: false)])
        _ = machine.lost("lost", at: ms(100))
        _ = machine.actions(at: ms(600))
        #expect(machine.accepted() == [.announce(again: true)])
        // A bridge asks for no marker: what arrives there is its own business.
        #expect(machine.markerArrived(Array("ha1".utf8)) == [])
    }

    @Test func aCleanStopSaysOfflineAndLeavesOnceTheBrokerTookIt() {
        var machine = connectedMachine()
        #expect(machine.stop(at: ms(300)) == [.sayOffline])
        #expect(machine.state == .leaving(deadline: ms(1_300)))
        #expect(!machine.isConnected)
        machine.sent(7)
        // Nothing else is done while leaving: no state, no second goodbye.
        #expect(machine.actions(at: ms(500)) == [])
        #expect(machine.stop(at: ms(500)) == [])
        #expect(machine.acknowledged(6) == [])
        #expect(machine.acknowledged(7) == [.disconnect])
        #expect(machine.timeout(at: ms(600)) == .zero)
        #expect(machine.actions(at: ms(600)) == [Self.goodbye])
    }

    @Test func aCleanStopWaitsASecondAtMostForTheBroker() {
        var machine = connectedMachine()
        _ = machine.stop(at: ms(300))
        machine.sent(7)
        _ = machine.actions(at: ms(1_200))
        #expect(machine.timeout(at: ms(1_200)) == ms(100))
        #expect(machine.actions(at: ms(1_299)) == [])
        #expect(machine.actions(at: ms(1_300)) == [.disconnect, Self.goodbye])
    }

    @Test func aConnectionLostWhileLeavingEndsWithoutAWord() {
        var machine = connectedMachine()
        _ = machine.stop(at: ms(300))
        #expect(machine.lost("lost", at: ms(400)) == nil)
        #expect(machine.actions(at: ms(400)) == [.finish(status: 0, line: nil)])
    }

    @Test func aStopBeforeTheBrokerAnsweredEndsAtOnce() {
        var machine = machine()
        _ = machine.actions(at: ms(0))
        #expect(machine.stop(at: ms(100)) == [])
        #expect(machine.timeout(at: ms(100)) == .zero)
        #expect(machine.actions(at: ms(100)) == [.finish(status: 0, line: nil)])
    }

    @Test func aRefusedLoginEndsWithStatusOneAndNothingRevivesIt() {
        var machine = machine()
        _ = machine.actions(at: ms(0))
        machine.failed("the MQTT broker at 'broker:1883' refused the user 'bridge'")
        // What follows the refusal in the same batch changes nothing.
        #expect(machine.lost("lost", at: ms(10)) == nil)
        #expect(machine.connected() == false)
        #expect(machine.accepted() == [])
        #expect(machine.stop(at: ms(10)) == [])
        let refused = MQTTSessionMachine.Action.finish(
            status: 1, line: "the MQTT broker at 'broker:1883' refused the user 'bridge'")
        #expect(machine.actions(at: ms(20)) == [refused])
        #expect(machine.actions(at: ms(60_000)) == [refused])
    }
}

/// `--forget` on a manual clock: the marker asked for, the configs cleared, then the topics they read.
@Suite struct MQTTForgetMachineTests {
    func ms(_ value: Int64) -> Duration { .milliseconds(value) }

    func machine(discoveryPrefix: String = "homeassistant") -> MQTTSessionMachine {
        MQTTSessionMachine(server: "broker:1883", forgetting: ("tickerd/test", discoveryPrefix))
    }

    /// A `--forget` the broker accepted at 0 ms, asking for the marker.
    func askingMachine(discoveryPrefix: String = "homeassistant") -> MQTTSessionMachine {
        var machine = machine(discoveryPrefix: discoveryPrefix)
        _ = machine.actions(at: ms(0))
        _ = machine.accepted()
        return machine
    }

    static let cleared = "cleared what 'tickerd/test' left on the MQTT broker at 'broker:1883'"

    @Test func asksForTheMarkerThenClearsTheConfigsThenTheTopicsTheyRead() {
        var machine = machine()
        #expect(machine.isForgetting)
        #expect(machine.actions(at: ms(0)) == [.connect(first: true)])
        #expect(machine.accepted() == [.askForMarker])
        #expect(!machine.isConnected)
        // The marker names the prefix of the last run; the empty message asked for comes behind it.
        #expect(machine.markerArrived(Array("ha2".utf8)) == [])
        #expect(machine.state == .askingMarker(previous: "ha2"))
        #expect(machine.markerArrived([]) == [.clearConfigs(under: ["ha2", "homeassistant"])])
        machine.sent(1)
        machine.sent(2)
        // The empty message's own acknowledgement is not one of the removals.
        #expect(machine.acknowledged(9) == [])
        #expect(machine.acknowledged(1) == [])
        #expect(machine.acknowledged(2) == [.clearTopics])
        #expect(machine.state == .clearingTopics(configsUnder: ["ha2", "homeassistant"]))
        machine.sent(3)
        machine.sent(4)
        #expect(machine.actions(at: ms(500)) == [])
        #expect(machine.acknowledged(4) == [])
        #expect(machine.acknowledged(3) == [.disconnect])
        let line = Self.cleared + " and its Home Assistant configs under 'ha2' and 'homeassistant'"
        #expect(machine.actions(at: ms(600)) == [.finish(status: 0, line: line)])
    }

    @Test func withDiscoveryOffAndNoMarkerClearsOnlyTheTopics() {
        var machine = askingMachine(discoveryPrefix: "")
        #expect(machine.markerArrived([]) == [.clearTopics])
        machine.sent(1)
        #expect(machine.acknowledged(1) == [.disconnect])
        #expect(machine.actions(at: ms(100)) == [.finish(status: 0, line: Self.cleared)])
    }

    @Test func aMarkerNamingThisPrefixOrTooLongIsNotAnotherOne() {
        var machine = askingMachine()
        _ = machine.markerArrived(Array("homeassistant".utf8))
        let tooLong = [UInt8](repeating: UInt8(ascii: "x"), count: 257)
        #expect(machine.markerArrived(tooLong) == [.clearConfigs(under: ["homeassistant"])])
        // Later messages on the marker change nothing.
        #expect(machine.markerArrived(Array("ha9".utf8)) == [])
    }

    @Test func givesUpWhenTheBrokerHasNotTakenEverythingInTime() {
        var machine = askingMachine()
        _ = machine.markerArrived([])
        machine.sent(1)
        _ = machine.actions(at: ms(9_900))
        #expect(machine.timeout(at: ms(9_900)) == ms(100))
        #expect(machine.actions(at: ms(9_999)) == [])
        let giveUp = "the MQTT broker at 'broker:1883' did not acknowledge the removals in 10 s"
        #expect(machine.actions(at: ms(10_000)) == [.finish(status: 1, line: giveUp)])
        // Too late: a removal taken now changes nothing.
        #expect(machine.acknowledged(1) == [])
        #expect(machine.actions(at: ms(10_100)) == [.finish(status: 1, line: giveUp)])
    }

    @Test func failsAtTheFirstTroubleWithoutRetrying() {
        var lost = machine()
        _ = lost.actions(at: ms(0))
        #expect(lost.lost("connect '127.0.0.1:1': Connection refused", at: ms(10)) == nil)
        #expect(lost.actions(at: ms(10)) == [.finish(status: 1, line: "connect '127.0.0.1:1': Connection refused")])

        var polled = machine()
        _ = polled.actions(at: ms(0))
        #expect(polled.pollFailed("poll: Invalid argument", at: ms(10)) == nil)
        #expect(polled.actions(at: ms(10)) == [.finish(status: 1, line: "poll: Invalid argument")])

        // Cut short by a signal: it failed, and has nothing to add.
        var stopped = askingMachine()
        #expect(stopped.stop(at: ms(10)) == [])
        #expect(stopped.actions(at: ms(10)) == [.finish(status: 1, line: nil)])
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
