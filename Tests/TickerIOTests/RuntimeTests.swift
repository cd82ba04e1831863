import Glibc
import Testing
import TickerCore

@testable import TickerIO

struct BackoffTests {
    @Test func doublesUpToTheMaximumAndStartsOverAfterAReset() {
        var backoff = Backoff(initial: .milliseconds(500), maximum: .seconds(5))
        let delays = (0..<6).map { _ in backoff.take() }
        #expect(delays == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
        backoff.reset()
        #expect(backoff.take() == .milliseconds(500))
    }

    @Test func aLowerMaximumTakesEffectAtOnce() {
        var backoff = Backoff(initial: .milliseconds(100), maximum: .seconds(2))
        _ = (0..<5).map { _ in backoff.take() }
        backoff.maximum = .milliseconds(500)
        #expect(backoff.take() == .milliseconds(500))
    }

    @Test(arguments: [
        (Duration.seconds(5), "5 s"), (.milliseconds(500), "0.5 s"), (.milliseconds(1_250), "1.25 s"),
        (.microseconds(1_001_400), "1.001 s"),
    ])
    func describesDelaysInSeconds(delay: Duration, text: String) {
        #expect(delay.logDescription == text)
    }
}

struct SystemErrorTests {
    @Test func readsAsASentenceNamingTheOperationAndTheObject() {
        #expect(
            SystemError("open", "/dev/ttyACM0", code: .noSuchFileOrDirectory).description
                == "open '/dev/ttyACM0': No such file or directory")
        #expect(SystemError("signalfd", code: .notImplemented).description == "signalfd: Function not implemented")
    }

    @Test func carriesErrnoAsATypedValue() {
        let error = SystemError("write", "feed", code: Errno(rawValue: EPIPE))
        #expect(error.code == .brokenPipe)
        #expect(Errno(rawValue: EWOULDBLOCK) == .wouldBlock)
    }

    @Test func reportsTheFailingCall() {
        #expect(throws: SystemError("open", "/nonexistent/tickerd", code: .noSuchFileOrDirectory)) {
            try Posix.open("/nonexistent/tickerd", O_RDONLY)
        }
    }
}

struct SignalSourceTests {
    @Test func stopsOnTermOrIntAndIgnoresHangUp() throws {
        let pipe = try SignalPipe()
        defer { pipe.close() }
        let signals = SignalSource(pipe: pipe)
        #expect(!signals.stopRequested)
        pipe.send(SIGHUP)
        #expect(!signals.stopRequested)
        pipe.send(SIGTERM)
        #expect(signals.stopRequested)
        #expect(signals.stopRequested, "a stop stays requested")
    }

    @Test func aWaitEndsWhenTheStopArrivesOrTheDescriptorIsReady() throws {
        let pipe = try SignalPipe()
        defer { pipe.close() }
        let signals = SignalSource(pipe: pipe)
        let data = try Posix.pipe()
        defer {
            Posix.close(data.read)
            Posix.close(data.write)
        }
        #expect(signals.wait(for: Posix.readable, on: data.read, timeout: .zero) == .timeout)
        try Posix.writeAll(data.write, [1], what: "test pipe")
        #expect(
            signals.wait(for: Posix.readable, on: data.read, timeout: .seconds(10)) == .ready(revents: Posix.readable))
        pipe.send(SIGINT)
        #expect(signals.wait(for: 0, on: nil, timeout: .seconds(10)) == .stopped)
    }
}

struct RetryTests {
    @Test func reportsEachNewProblemOnceAndTheRecovery() {
        var retry = Retry()
        var outcomes: [(Duration, Bool)] = []
        for problem in ["no tickerd", "no tickerd", "feed is a regular file"] { outcomes.append(retry.failed(problem)) }
        #expect(outcomes.map(\.0) == [.milliseconds(500), .seconds(1), .seconds(2)])
        #expect(outcomes.map(\.1) == [true, false, true])
        let recovered = retry.succeeded()
        let recoveredAgain = retry.succeeded()
        #expect(recovered && !recoveredAgain)
        let afterRecovery = retry.failed("no tickerd")
        #expect(afterRecovery.delay == .milliseconds(500) && afterRecovery.isNew)
    }
}
