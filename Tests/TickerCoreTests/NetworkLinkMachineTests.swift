import Testing
import TickerCore

@Suite struct NetworkLinkMachineTests {
    static let ms = Duration.milliseconds

    /// What `event` answers, told to `machine` (a mutating call, which `#expect` cannot make itself).
    func tell(_ machine: inout NetworkLinkMachine, _ event: (inout NetworkLinkMachine) -> Bool) -> Bool {
        event(&machine)
    }

    /// What the machine says at `now` (a mutating call, which `#expect` cannot make itself).
    func step(_ machine: inout NetworkLinkMachine, at now: Duration) -> NetworkLinkMachine.Action {
        machine.next(at: now)
    }

    @Test func resolvesAtOnceThenSendsAFrameAndKeepsTheReceiverAwake() {
        var policy = NetworkLinkPolicy()
        policy.keepalive = .milliseconds(500)
        var machine = NetworkLinkMachine(policy: policy)
        let first = machine.next(at: .zero)
        #expect(first == .resolve)
        machine.startedResolving()
        #expect(machine.state == .resolving)
        #expect(step(&machine, at: Self.ms(10)) == .idle)
        machine.resolved(at: Self.ms(20))
        #expect(machine.nextDeadline == .zero)
        #expect(step(&machine, at: Self.ms(20)) == .frame)
        _ = machine.sentFrame(at: Self.ms(20))
        #expect(machine.nextDeadline == Self.ms(520))
    }

    @Test func capsTheFrameRateAndSendsTheNewestPictureWhenTheCapAllows() {
        var policy = NetworkLinkPolicy()
        policy.minInterval = Self.ms(50)
        var machine = NetworkLinkMachine(policy: policy)
        machine.resolved(at: .zero)
        #expect(step(&machine, at: .zero) == .frame)
        _ = machine.sentFrame(at: .zero)
        #expect(step(&machine, at: Self.ms(20)) == .idle)
        #expect(machine.nextDeadline == Self.ms(50))
        #expect(step(&machine, at: Self.ms(40)) == .idle)
        #expect(step(&machine, at: Self.ms(50)) == .frame)
        _ = machine.sentFrame(at: Self.ms(50))
        #expect(machine.nextDeadline == Self.ms(550))
    }

    @Test func aFailedLookupBacksOffAndIsNewsOncePerCause() {
        var machine = NetworkLinkMachine()
        _ = machine.next(at: .zero)
        machine.startedResolving()
        #expect(tell(&machine) { $0.resolveFailed(at: .zero, because: "resolve 'x': Name or service not known") })
        guard case .waiting(let retryAt) = machine.state else {
            Issue.record("not waiting: \(machine.state)")
            return
        }
        #expect(retryAt == Self.ms(100))
        #expect(step(&machine, at: Self.ms(99)) == .idle)
        #expect(step(&machine, at: Self.ms(100)) == .resolve)
        machine.startedResolving()
        #expect(
            !tell(&machine) { $0.resolveFailed(at: Self.ms(100), because: "resolve 'x': Name or service not known") })
        #expect(
            tell(&machine) {
                $0.resolveFailed(at: Self.ms(400), because: "resolve 'x': Temporary failure in name resolution")
            })
    }

    @Test func aFailedSendLooksTheNameUpAgainAndIsOverOnlyAfterASecondOfCleanFrames() {
        var machine = NetworkLinkMachine()
        machine.resolved(at: .zero)
        #expect(tell(&machine) { $0.sendFailed(at: Self.ms(10), because: "nothing listening") })
        #expect(machine.state == .waiting(retryAt: Self.ms(110)))
        #expect(step(&machine, at: Self.ms(110)) == .resolve)
        machine.startedResolving()
        machine.resolved(at: Self.ms(120))
        #expect(!tell(&machine) { $0.sentFrame(at: Self.ms(120)) })
        #expect(!tell(&machine) { $0.sendFailed(at: Self.ms(620), because: "nothing listening") })
        machine.resolved(at: Self.ms(800))
        #expect(!tell(&machine) { $0.sentFrame(at: Self.ms(800)) })
        #expect(!tell(&machine) { $0.sentFrame(at: Self.ms(1_300)) })
        #expect(tell(&machine) { $0.sentFrame(at: Self.ms(1_800)) })
        #expect(machine.problem.current == nil)
    }

    @Test func aFullSendBufferRetriesShortlyWithoutWaitingForTheKeepalive() {
        var machine = NetworkLinkMachine()
        machine.resolved(at: .zero)
        _ = machine.sentFrame(at: .zero)
        #expect(tell(&machine) { $0.sendBlocked(at: Self.ms(100), because: "full") })
        #expect(machine.nextDeadline == Self.ms(110))
        #expect(step(&machine, at: Self.ms(105)) == .idle)
        #expect(step(&machine, at: Self.ms(110)) == .frame)
    }
}

@Suite struct NetworkAddressTests {
    @Test(arguments: [
        ("ddp://wled.local", NetworkDevice(kind: .ddp, host: "wled.local")),
        ("ddp://192.168.1.50:4049", NetworkDevice(kind: .ddp, host: "192.168.1.50", port: 4049)),
        ("artnet://[fe80::1%25eth0]", NetworkDevice(kind: .artnet, host: "fe80::1%25eth0")),
        ("sacn://[::1]:6000/", NetworkDevice(kind: .sacn, host: "::1", port: 6000)),
        ("sacn://", NetworkDevice(kind: .sacn, host: "")),
        ("awtrix://clock", NetworkDevice(kind: .artnet, host: "clock", isAWTRIX: true)),
    ])
    func parsesNetworkAddresses(text: String, device: NetworkDevice) throws {
        #expect(try DeviceAddress(parsing: text) == .network(device))
    }

    @Test(arguments: [
        ("http://wled", "has scheme 'http'"),
        ("ddp://", "has no host"),
        ("awtrix://", "has no host"),
        ("ddp://host:0", "has port '0'"),
        ("ddp://host:70000", "has port '70000'"),
        ("ddp://[::1", "without its closing ']'"),
        ("ddp://a/b", "has 'a/b' as its host"),
        ("ddp://a b", "is not a network address"),
    ])
    func refusesMalformedAddressesSayingWhy(text: String, problem: String) {
        do {
            _ = try DeviceAddress(parsing: text)
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(error.description.contains(problem), "\(error)")
        }
    }

    @Test func theAWTRIXPresetFillsOnlyWhatTheFileLeavesUnset() throws {
        let config = try Config.parse(
            text: "[device]\npath = awtrix://clock.local\n[leds]\ngamma = 1.8\n", file: "t",
            overrides: [ConfigOverride(section: "panel", key: "fps", value: "20")]
        ).get()
        #expect(config.panel.width == 32 && config.panel.height == 8 && config.panel.depth == .rgb888)
        #expect(config.device.firstUniverse(for: .artnet) == 0 && config.device.channelsPerUniverse == 384)
        #expect(config.leds.gamma == 1.8 && config.panel.fps == 20)
        let own = try Config.parse(text: "[device]\npath = awtrix://clock\nchannels-per-universe = 510\n", file: "t")
            .get()
        #expect(own.device.channelsPerUniverse == 510)
    }

    @Test func universesBeyondTheProtocolsRangeAreAConflict() {
        let text = "[panel]\nwidth = 64\nheight = 64\n[device]\npath = artnet://x\nuniverse = 32760\n"
        guard case .failure(let errors) = Config.parse(text: text, file: "t") else {
            Issue.record("accepted")
            return
        }
        #expect("\(errors)".contains("universes 32760 to 32784"), "\(errors)")
    }
}

@Suite struct SourceIdentityTests {
    @Test func theCIDStaysTheSameForAnInstallationAndDiffersPerDeviceAndMachine() {
        let cid = SourceIdentity.cid(machineID: "4f1c0c7e1d8b4b0c9f3e2a6d5b7c8e90\n", device: "sacn://10.0.0.5:5568")
        #expect(cid.count == 16)
        #expect(
            cid == SourceIdentity.cid(machineID: "4f1c0c7e1d8b4b0c9f3e2a6d5b7c8e90\n", device: "sacn://10.0.0.5:5568"))
        #expect(
            cid != SourceIdentity.cid(machineID: "4f1c0c7e1d8b4b0c9f3e2a6d5b7c8e90\n", device: "sacn://10.0.0.6:5568"))
        #expect(
            cid != SourceIdentity.cid(machineID: "00000000000000000000000000000001\n", device: "sacn://10.0.0.5:5568"))
        // An RFC 9562 UUID of version 8 and variant 10.
        #expect(cid[6] >> 4 == 8 && cid[8] >> 6 == 0b10)
    }
}
