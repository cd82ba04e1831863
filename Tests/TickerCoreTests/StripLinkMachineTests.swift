import Testing

@testable import TickerCore

@Suite struct StripLinkMachineTests {
    func ms(_ value: Int64) -> Duration { .milliseconds(value) }

    @Test func streamsAtOnceAndKeepsWLEDInRealtimeModeWithAFrameEverySecond() {
        var machine = StripLinkMachine(switchesBaud: false)
        #expect(machine.next(at: ms(0)) == .open)
        machine.opened(at: ms(0))
        // No handshake: the first frame goes at once.
        #expect(machine.next(at: ms(0)) == .frame)
        #expect(machine.nextDeadline == .zero)
        machine.sentFrame(at: ms(10))
        // Nothing changes on screen: the next frame is due a second later, well inside WLED's 2.5 s.
        #expect(machine.nextDeadline == ms(1_010))
        machine.sentFrame(at: ms(1_010))
        #expect(machine.nextDeadline == ms(2_010))
    }

    @Test func switchesBaudFirstAndFollowsWhenTheConfirmationComesOrTheWaitRunsOut() {
        var machine = StripLinkMachine(switchesBaud: true)
        machine.opened(at: ms(0))
        #expect(machine.next(at: ms(0)) == .switchBaud)
        machine.sentSwitch(at: ms(0))
        #expect(machine.next(at: ms(100)) == .idle)
        #expect(machine.nextDeadline == ms(500))
        #expect(machine.next(at: ms(500)) == .followSwitch)
        machine.switched()
        #expect(machine.next(at: ms(500)) == .frame)
        // A lost device: reopened soon, and switched again.
        machine.lost(at: ms(600))
        #expect(machine.next(at: ms(650)) == .idle)
        #expect(machine.next(at: ms(700)) == .open)
        machine.opened(at: ms(700))
        #expect(machine.next(at: ms(700)) == .switchBaud)
    }

    @Test func backsOffWhileTheDeviceIsAbsent() {
        var machine = StripLinkMachine(switchesBaud: false)
        machine.openFailed(at: ms(0))
        #expect(machine.nextDeadline == ms(100))
        machine.openFailed(at: ms(100))
        #expect(machine.nextDeadline == ms(300))
        #expect(!machine.isOpen)
    }
}
