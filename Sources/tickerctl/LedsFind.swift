import Foundation
import TickerCore
import TickerFollow
import TickerIO

let ledsFindCommand = Command(
    "tickerctl leds find",
    summary: "Lists the WLED controllers on the local network and prints a tickerd configuration for each.",
    synopsis: ["[--host HOST[:PORT]]... [--timeout S]"],
    options: [
        Option(
            "--host", "HOST[:PORT]", meaning: "a host name or address, with its HTTP port when not 80",
            help: "ask this controller instead of browsing the network by mDNS (more than once for several)"),
        Option(
            "--timeout", "S", meaning: "whole seconds",
            help: "how long the browse, and then each controller's answer, may take (default 5)"),
    ])

/// One WLED controller to ask: how to name it, where its HTTP server is, and the host for its `ddp://` path.
struct WLEDCandidate: Equatable {
    /// How the listing names it: the host as given, or the mDNS instance name, host name and address.
    var label: String
    /// `http://…/json/info`.
    var infoURL: URL
    /// The host (a name, an IPv4 address, or an IPv6 address in brackets) for `path = ddp://HOST`.
    var host: String
    /// Its mDNS host name (`wled-kitchen.local`), when found by mDNS.
    var mDNSName: String?

    /// WLED's HTTP server on `HOST[:PORT]` as given to `--host`; throws a sentence when that is no host.
    init(host given: String) throws(UsageError) {
        let problem = UsageError("option '--host' got '\(given)' (expected HOST, HOST:PORT or [IPv6]:PORT)")
        // A path, a user or a query would make another URL than WLED's /json/info.
        guard !given.isEmpty, !given.contains(where: { "/@?#".contains($0) }),
            let components = URLComponents(string: "http://\(given)/json/info"),
            let host = components.percentEncodedHost, !host.isEmpty, let url = components.url
        else { throw problem }
        self.label = given
        self.infoURL = url
        // The port is WLED's HTTP port; its DDP port is always 4048, the default of ddp://.
        if given.hasPrefix("["), let end = given.firstIndex(of: "]") {
            self.host = String(given[...end])
        } else {
            self.host = given.split(separator: ":", maxSplits: 1).first.map(String.init) ?? given
        }
        self.mDNSName = nil
    }

    /// The controller behind a service mDNS found; nil when its address makes no URL.
    init?(_ service: MDNSService) {
        guard let url = URL(string: "http://\(service.urlAuthority)/json/info") else { return nil }
        label = "'\(FeedText.oneLine(service.name))' (\(service.hostName), \(service.urlAuthority))"
        infoURL = url
        host = service.isIPv6 ? "[\(service.address)]" : service.address
        mDNSName = service.hostName.isEmpty ? nil : service.hostName
    }
}

/// What `tickerctl leds find` prints for one WLED controller that answered: a line about it, and a
/// configuration that `tickerd --check-config` accepts.
struct WLEDSetup: Equatable {
    /// `WLED 'Kitchen' 0.15.0 at 192.168.1.40: 256 LEDs, a 32×8 matrix`.
    var summary: String
    /// `[panel]`, `[device]` and `[leds]`, as far as WLED says.
    var configuration: String

    /// The setup for the controller `candidate` whose `/json/info` said `info`; throws a sentence when it
    /// gave no usable LED count or matrix size.
    init(_ info: WLEDInfo, of candidate: WLEDCandidate) throws(WLEDSetupError) {
        guard let count = info.ledCount else { throw .noCount }
        guard count > 0 else { throw .noLEDs }
        let width: Int
        let height: Int
        if info.matrixWidth != nil || info.matrixHeight != nil {
            guard let matrixWidth = info.matrixWidth, let matrixHeight = info.matrixHeight, matrixWidth > 0,
                matrixHeight > 0, case (let area, false) = matrixWidth.multipliedReportingOverflow(by: matrixHeight),
                area <= count
            else {
                throw .badMatrix(
                    "\(info.matrixWidth.map(String.init) ?? "?")×\(info.matrixHeight.map(String.init) ?? "?")",
                    count: count)
            }
            (width, height) = (matrixWidth, matrixHeight)
        } else {
            (width, height) = (count, 1)
        }
        var about = "WLED"
        if let name = info.name { about += " '\(FeedText.oneLine(name))'" }
        if let version = info.version { about += " \(FeedText.oneLine(version))" }
        about += " at \(candidate.label): \(count) LEDs"
        about += info.matrixWidth == nil ? ", a strip (no 2D matrix set up)" : ", a \(width)×\(height) matrix"
        if let address = info.address, address != candidate.host { about += " (its address: \(address))" }
        summary = about
        var lines = [
            "[panel]",
            "width = \(width)",
            "height = \(height)",
            "depth = rgb",
            "[device]",
        ]
        if let name = candidate.mDNSName {
            lines.append("# or ddp://\(name) where this system resolves .local names (libnss-mdns)")
        }
        lines += [
            "path = ddp://\(candidate.host)",
            "[leds]",
            "# WLED maps its own wiring and colour order: it takes rows from the top left, in RGB",
            "wiring = rows",
            "serpentine = false",
            "origin = top-left",
            "color-order = RGB",
        ]
        if let limit = info.maxMilliamps, limit > 0 {
            lines.append("# WLED's own current limit")
            lines.append("max-milliamps = \(limit)")
        }
        let text = lines.joined(separator: "\n") + "\n"
        if case .failure(let errors) = Config.parse(text: text, file: "WLED '\(candidate.label)'") {
            throw .refused(errors.description)
        }
        configuration = text
    }
}

/// Why a controller's answer gives no configuration.
enum WLEDSetupError: Error, Equatable, CustomStringConvertible {
    /// `leds.count` is missing or not a whole number.
    case noCount
    /// `leds.count` is 0.
    case noLEDs
    /// `leds.matrix` is 0 wide or high, half missing, or larger than the LEDs there are.
    case badMatrix(String, count: Int)
    /// A configuration tickerd refuses (a panel larger than it drives, say); its own sentences.
    case refused(String)

    var description: String {
        switch self {
        case .noCount: "its /json/info has no LED count (leds.count)"
        case .noLEDs: "it has no LEDs set up (leds.count is 0): add them in WLED's LED preferences"
        case .badMatrix(let size, let count):
            "its matrix of \(size) does not fit its \(count) LEDs: check WLED's 2D configuration"
        case .refused(let why): "tickerd would not take its configuration: \(why)"
        }
    }
}

/// `tickerctl leds find`: browses for `_wled._tcp` (or takes `--host`), asks each controller for
/// `/json/info`, and prints what it is and a configuration for it. Exits 0 when at least one was listed.
func runLedsFind(_ given: ParsedArguments) -> Int32 {
    let logger = Logger(program: "tickerctl")
    var timeout = 5
    var candidates: [WLEDCandidate] = []
    do throws(UsageError) {
        timeout = try given["--timeout"]?.integer(in: 1...600) ?? timeout
        for host in given.values("--host") { candidates.append(try WLEDCandidate(host: host)) }
    } catch {
        fail(error.description)
    }
    if candidates.isEmpty {
        let found: AvahiBrowseOutput
        do { found = try AvahiBrowse.browse(type: "_wled._tcp", timeout: .seconds(timeout)) } catch {
            fail("\(error.description); or ask one controller with --host HOST", status: 1)
        }
        for problem in found.problems { logger.warning(problem) }
        candidates = found.services.compactMap(WLEDCandidate.init)
        guard !candidates.isEmpty else {
            fail(
                "no WLED controller answered mDNS (_wled._tcp) within \(timeout) s: is it on this network and "
                    + "switched on? Or ask one with --host HOST", status: 1)
        }
    }
    let client = HTTPClient(
        userAgent: "tickerctl/\(TickerVersion.current) (leds find)", idleTimeoutSeconds: Double(timeout),
        totalTimeoutSeconds: Double(timeout), maxBodyBytes: WLEDInfo.maxBytes)
    var listed = 0
    for candidate in candidates {
        switch ask(candidate, with: client) {
        case .success(let setup):
            if listed > 0 { print("") }
            print(setup.summary)
            print(setup.configuration, terminator: "")
            listed += 1
        case .failure(let problem):
            logger.warning("WLED at \(candidate.label) (\(candidate.infoURL.absoluteString)): \(problem)")
        }
    }
    return listed > 0 ? 0 : 1
}

/// A sentence saying why a controller gave no setup.
struct WLEDProblem: Error, CustomStringConvertible {
    let description: String
}

/// Asks one controller for `/json/info` and makes its setup.
func ask(_ candidate: WLEDCandidate, with client: HTTPClient) -> Result<WLEDSetup, WLEDProblem> {
    let status: Int
    let body: [UInt8]
    do { (status, body) = try client.get(candidate.infoURL) } catch {
        return .failure(WLEDProblem(description: error.description))
    }
    guard status == 200 else {
        return .failure(WLEDProblem(description: "HTTP status \(status) (is this WLED?)"))
    }
    let info: WLEDInfo
    do { info = try WLEDInfo(infoJSON: body) } catch {
        return .failure(WLEDProblem(description: "\(error) (is this WLED?)"))
    }
    do { return .success(try WLEDSetup(info, of: candidate)) } catch {
        return .failure(WLEDProblem(description: error.description))
    }
}
