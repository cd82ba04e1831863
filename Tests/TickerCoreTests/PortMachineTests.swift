import Testing

@testable import TickerCore

@Suite struct PortMachineTests {
    func ms(_ value: Int64) -> Duration { .milliseconds(value) }

    @Test func logsEachCauseOfAFailedOpenOnceAndAgainAfterTheDeviceWasBack() {
        var port = PortMachine()
        var news: [Bool] = []
        news.append(port.openFailed(at: ms(0), because: "no such file"))
        news.append(port.openFailed(at: ms(100), because: "no such file"))
        news.append(port.openFailed(at: ms(300), because: "permission denied"))
        news.append(port.openFailed(at: ms(700), because: "permission denied"))
        port.opened(at: ms(1_500))
        port.lost(at: ms(2_000))
        news.append(port.openFailed(at: ms(2_100), because: "permission denied"))
        #expect(news == [true, false, true, false, true])
        // A failure whose cause the caller does not know is never news.
        let unknownIsNews = port.openFailed(at: ms(2_300))
        #expect(!unknownIsNews)
    }

    @Test func waitsWhileClosedAndOpensWhenTheRetryIsDue() {
        var port = PortMachine()
        #expect(port.opensNow(at: .zero) && !port.isOpen)
        port.openFailed(at: .zero)
        #expect(port.retryAt == ms(100) && !port.opensNow(at: ms(99)) && port.opensNow(at: ms(100)))
        port.opened(at: ms(100))
        #expect(port.isOpen && port.seen && port.retryAt == nil && !port.opensNow(at: ms(200)))
        port.lost(at: ms(300))
        #expect(port.retryAt == ms(400))
    }
}
