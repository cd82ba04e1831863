import Testing

@testable import TickerWeb

@Suite struct RequestGuardTests {
    let guardian = RequestGuard(names: ["Ticker.example"], hostName: "pi", token: nil)

    func request(_ method: String = "POST", host: String? = "pi:8080", origin: String? = nil) -> WebRequest {
        var headers: [String: String] = [:]
        headers["host"] = host
        headers["origin"] = origin
        return WebRequest(method: method, path: "/api/notify", headers: headers)
    }

    @Test(arguments: [
        "pi", "pi:8080", "PI.local", "localhost:80", "ticker.example", "192.168.1.20:8080", "[fe80::1]:8080", "[::1]",
    ])
    func theServersNamesAndAddressesAreServed(host: String) {
        #expect(guardian.refusal(request(host: host)) == nil)
    }

    @Test(arguments: [
        "evil.example", "pi.evil.example", "", "pi:80:80", "pi:port", "192.168.1.300", "1.2.3", "[::1", "[::1]x",
        "٣.٣.٣.٣",
    ])
    func aHostThatIsNotTheServerIsMisdirected(host: String) {
        #expect(guardian.refusal(request(host: host))?.status == 421)
    }

    @Test func noHostIsMisdirected() {
        #expect(guardian.refusal(request(host: nil))?.status == 421)
    }

    @Test func aChangeFromAnotherOriginIsForbidden() {
        #expect(guardian.refusal(request(origin: "http://evil.example"))?.status == 403)
        #expect(guardian.refusal(request(origin: "null"))?.status == 403)
        #expect(guardian.refusal(request(origin: "http://pi:8080")) == nil)
        #expect(guardian.refusal(request(origin: nil)) == nil)
        // Reading needs no origin check: the browser keeps the answer from another origin's page.
        #expect(guardian.refusal(request("GET", origin: "http://evil.example")) == nil)
    }

    @Test func aTokenGuardsChangesOnly() {
        let guarded = RequestGuard(names: [], hostName: "pi", token: "s3cret")
        var change = request()
        #expect(guarded.refusal(change)?.status == 401)
        change.headers["authorization"] = "Bearer wrong"
        #expect(guarded.refusal(change)?.status == 401)
        change.headers["authorization"] = "Bearer s3cret"
        #expect(guarded.refusal(change) == nil)
        #expect(guarded.refusal(request("GET")) == nil)
    }
}
