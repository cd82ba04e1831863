import Foundation
import Testing
import TickerCore
import TickerFollow
import TickerIO
import TickerTestSupport

@testable import tickerctl

struct LedsFindTests {
    /// `avahi-browse --resolve --parsable --terminate --no-db-lookup _wled._tcp` as Avahi 0.8 printed it here for
    /// `avahi-publish -s "WLED Test" _wled._tcp 8123 mac=a0b765d4c3e2`: a `+` line and a `=` line per interface
    /// and protocol, the name escaped.
    static let captured = """
        +;eth0;IPv6;WLED\\032Test;_wled._tcp;local
        +;eth0;IPv4;WLED\\032Test;_wled._tcp;local
        +;lo;IPv4;WLED\\032Test;_wled._tcp;local
        =;eth0;IPv6;WLED\\032Test;_wled._tcp;local;vm.local;fd00::2;8123;"mac=a0b765d4c3e2"
        =;eth0;IPv4;WLED\\032Test;_wled._tcp;local;vm.local;192.0.2.2;8123;"mac=a0b765d4c3e2"
        =;lo;IPv4;WLED\\032Test;_wled._tcp;local;vm.local;127.0.0.1;8123;"mac=a0b765d4c3e2"

        """

    @Test func readsAvahisParsableOutputOneServicePerNameIPv4First() {
        let found = AvahiBrowseOutput(parsing: Array(Self.captured.utf8))
        #expect(found.problems.isEmpty)
        #expect(
            found.services == [
                MDNSService(
                    name: "WLED Test", type: "_wled._tcp", domain: "local", interface: "eth0", isIPv6: false,
                    hostName: "vm.local", address: "192.0.2.2", port: 8123)
            ])
    }

    @Test func keepsAnIPv6OnlyServiceWithItsZoneWhenLinkLocal() throws {
        let line = "=;wlan0;IPv6;Kitchen;_wled._tcp;local;wled-kitchen.local;fe80::a2b7:65ff:fed4:c3e2;80;\"\"\n"
        let service = try #require(AvahiBrowseOutput(parsing: Array(line.utf8)).services.first)
        #expect(service.isIPv6)
        #expect(service.urlAuthority == "[fe80::a2b7:65ff:fed4:c3e2%25wlan0]:80")
        let candidate = try #require(WLEDCandidate(service))
        #expect(candidate.host == "[fe80::a2b7:65ff:fed4:c3e2]")
        #expect(candidate.mDNSName == "wled-kitchen.local")
    }

    @Test(arguments: [
        ("spaces", "WLED\\032Test", "WLED Test"),
        ("a dot and a backslash", "a\\.b\\\\c", "a.b\\c"),
        ("UTF-8 as decimal bytes", "K\\195\\188che", "Küche"),
        ("a semicolon", "one\\059two", "one;two"),
    ])
    func unescapesAvahiLabels(_ id: String, _ escaped: String, _ plain: String) {
        #expect(AvahiBrowseOutput.unescape(escaped) == plain, "\(id)")
    }

    @Test(arguments: [
        ("a dangling backslash", "WLED\\"), ("two digits", "WLED\\03"), ("over 255", "WLED\\256"),
        ("not UTF-8", "WLED\\255"),
    ])
    func refusesBrokenEscapes(_ id: String, _ escaped: String) {
        #expect(AvahiBrowseOutput.unescape(escaped) == nil, "\(id)")
    }

    @Test func saysWhichLinesItCouldNotReadAndKeepsTheOthers() {
        let output = """
            =;lo;IPv4;Good;_wled._tcp;local;good.local;127.0.0.1;80;""
            =;lo;IPv4;Short;_wled._tcp
            =;lo;IPX;Odd;_wled._tcp;local;odd.local;127.0.0.1;80;""
            =;lo;IPv4;Portless;_wled._tcp;local;p.local;127.0.0.1;http;""
            =;lo;IPv4;Zero;_wled._tcp;local;z.local;127.0.0.1;0;""
            =;lo;IPv4;Injected;_wled._tcp;local;i.local;127.0.0.1/evil?;80;""
            =;lo;IPv4;Bad\\9;_wled._tcp;local;b.local;127.0.0.1;80;""
            =;lo;IPv4;Also good;_wled._tcp;local;also.local;127.0.0.2;8080;"a=b;c"
            """
        let found = AvahiBrowseOutput(parsing: Array(output.utf8))
        #expect(found.services.map(\.name) == ["Good", "Also good"])
        #expect(
            found.problems == [
                "avahi-browse output line 2: 5 fields, expected at least 9",
                "avahi-browse output line 3: protocol 'IPX' (expected IPv4 or IPv6)",
                "avahi-browse output line 4: port 'http' (expected 1-65535)",
                "avahi-browse output line 5: port '0' (expected 1-65535)",
                "avahi-browse output line 6: address '127.0.0.1/evil?' (expected an IPv4 or IPv6 address)",
                "avahi-browse output line 7: badly escaped name 'Bad\\9'",
            ])
    }

    /// Bytes drawn mostly from the output's own alphabet (separators, escapes, digits), seeded so a failure
    /// repeats: whatever is kept has a port and an address; nothing traps.
    @Test func survivesAnyBytes() {
        var random = SplitMix(seed: 22)
        let alphabet = Array("=;\\\n7.:aIPv4".utf8)
        for _ in 0..<500 {
            let bytes = (0..<random.next(below: 300)).map { _ in
                random.next(below: 4) == 0
                    ? UInt8(truncatingIfNeeded: random.next()) : alphabet[random.next(below: alphabet.count)]
            }
            let found = AvahiBrowseOutput(parsing: bytes)
            #expect(found.services.allSatisfy { $0.port > 0 && !$0.address.isEmpty })
        }
    }

    @Test(arguments: [
        ("a name", "wled.local", "http://wled.local/json/info", "wled.local"),
        ("an address and a port", "127.0.0.1:8080", "http://127.0.0.1:8080/json/info", "127.0.0.1"),
        ("IPv6 with a port", "[::1]:8080", "http://[::1]:8080/json/info", "[::1]"),
        ("IPv6", "[fd00::2]", "http://[fd00::2]/json/info", "[fd00::2]"),
    ])
    func takesAHostWithItsHTTPPort(_ id: String, _ given: String, _ url: String, _ host: String) throws {
        let candidate = try WLEDCandidate(host: given)
        #expect(candidate.infoURL.absoluteString == url, "\(id)")
        #expect(candidate.host == host, "\(id)")
    }

    @Test(arguments: ["", "wled.local/x", "user@wled.local", "wled.local?a", "wled.local:http", ":80", "a b"])
    func refusesWhatIsNoHost(_ given: String) {
        #expect(throws: UsageError.self, "'\(given)'") { try WLEDCandidate(host: given) }
    }

    /// `/json/info` of a 32×8 WLED 0.15 matrix, as serializeInfo writes it (members in its order).
    static let matrixInfo = #"""
        {"ver":"0.15.0","vid":2412100,"cn":"Kōsen","release":"ESP32","repo":"wled/WLED","deviceId":"0a1b",\#
        "leds":{"count":256,"pwr":0,"fps":0,"maxpwr":850,"maxseg":32,"bootps":0,"matrix":{"w":32,"h":8},\#
        "seglc":[1],"lc":1,"rgbw":false,"wv":0,"cct":0},"str":false,"name":"Living room","udpport":21324,\#
        "simplifiedui":false,"live":false,"liveseg":-1,"lm":"","lip":"","ws":0,"fxcount":187,"palcount":71,\#
        "maps":[{"id":0}],"wifi":{"bssid":"AA:BB:CC:DD:EE:FF","rssi":-62,"signal":76,"channel":6,\#
        "band":"2.4GHz","ap":false},"fs":{"u":12,"t":983,"pmt":1733040000},"ndc":0,"arch":"esp32",\#
        "freeheap":165000,"uptime":3600,"time":"2026-12-1, 14:16:49","opt":79,"brand":"WLED","product":"FOSS",\#
        "mac":"a0b765d4c3e2","ip":"192.168.1.40"}
        """#

    @Test func printsAConfigurationTheDaemonAcceptsForAMatrix() throws {
        let info = try WLEDInfo(infoJSON: Array(Self.matrixInfo.utf8))
        #expect(info.maxMilliamps == 850)
        #expect(info.address == "192.168.1.40")
        let setup = try WLEDSetup(info, of: try WLEDCandidate(host: "192.168.1.40"))
        #expect(setup.summary == "WLED 'Living room' 0.15.0 at 192.168.1.40: 256 LEDs, a 32×8 matrix")
        let config = try Config.parse(text: setup.configuration, file: "found").get()
        #expect(config.panel.width == 32 && config.panel.height == 8)
        #expect(config.panel.depth == .rgb888)
        let device = try #require(config.device.address?.network)
        #expect(device.kind == .ddp && device.host == "192.168.1.40" && device.port == 4048, "WLED's DDP port")
        #expect(config.leds.wiring == .rows && !config.leds.serpentine && config.leds.origin == .topLeft)
        #expect(config.leds.colorOrder == .rgb)
        #expect(config.leds.maxMilliamps == 850)
    }

    @Test func takesAStripWithoutA2DSetUpAsOneRow() throws {
        let info = WLEDInfo(ledCount: 60, version: "0.15.0", name: "Shelf", address: nil)
        let setup = try WLEDSetup(info, of: try WLEDCandidate(host: "shelf.local:8080"))
        #expect(setup.summary == "WLED 'Shelf' 0.15.0 at shelf.local:8080: 60 LEDs, a strip (no 2D matrix set up)")
        let config = try Config.parse(text: setup.configuration, file: "found").get()
        #expect(config.panel.width == 60 && config.panel.height == 1)
        #expect(config.leds.maxMilliamps == Config().leds.maxMilliamps, "no limit from WLED: tickerd's own")
    }

    @Test(arguments: [
        ("no count", WLEDInfo(ledCount: nil), "its /json/info has no LED count (leds.count)"),
        (
            "no LEDs", WLEDInfo(ledCount: 0),
            "it has no LEDs set up (leds.count is 0): add them in WLED's LED preferences"
        ),
        (
            "a matrix of 0", WLEDInfo(ledCount: 256, matrixWidth: 0, matrixHeight: 0),
            "its matrix of 0×0 does not fit its 256 LEDs: check WLED's 2D configuration"
        ),
        (
            "half a matrix", WLEDInfo(ledCount: 256, matrixWidth: 16),
            "its matrix of 16×? does not fit its 256 LEDs: check WLED's 2D configuration"
        ),
        (
            "an absurd matrix", WLEDInfo(ledCount: 256, matrixWidth: 4096, matrixHeight: 4096),
            "its matrix of 4096×4096 does not fit its 256 LEDs: check WLED's 2D configuration"
        ),
        (
            "a matrix too large to count", WLEDInfo(ledCount: 256, matrixWidth: 1 << 40, matrixHeight: 1 << 40),
            "its matrix of 1099511627776×1099511627776 does not fit its 256 LEDs: check WLED's 2D configuration"
        ),
    ])
    func saysWhyAnAnswerGivesNoConfiguration(_ id: String, _ info: WLEDInfo, _ sentence: String) throws {
        let candidate = try WLEDCandidate(host: "w")
        #expect(throws: WLEDSetupError.self, "\(id)") { try WLEDSetup(info, of: candidate) }
        do { _ = try WLEDSetup(info, of: candidate) } catch { #expect(error.description == sentence, "\(id)") }
    }

    @Test func saysWhenTheMatrixIsLargerThanTickerdDrives() throws {
        let info = WLEDInfo(ledCount: 16384, matrixWidth: 128, matrixHeight: 128)
        let candidate = try WLEDCandidate(host: "big")
        do {
            _ = try WLEDSetup(info, of: candidate)
            Issue.record("a 128×128 matrix was taken")
        } catch {
            #expect(error.description.hasPrefix("tickerd would not take its configuration: WLED 'big':3: "))
            #expect(error.description.contains("height"), "\(error)")
        }
    }
}

extension WLEDInfo {
    /// An answer with these members and no others.
    init(
        ledCount: Int?, matrixWidth: Int? = nil, matrixHeight: Int? = nil, version: String? = nil,
        name: String? = nil, address: String? = nil
    ) {
        self.init()
        self.ledCount = ledCount
        self.matrixWidth = matrixWidth
        self.matrixHeight = matrixHeight
        self.version = version
        self.name = name
        self.address = address
    }
}
