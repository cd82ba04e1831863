import TickerTestSupport

extension MPRISTestPlayer {
    /// Writes the player into `directory` and starts it on the bus of `environment` as `name`, once it says
    /// it is ready.
    static func start(in directory: TemporaryDirectory, environment: [String: String], name: String = "tickertest")
        throws -> Child
    {
        try directory.write("player.py", script)
        let player = try Child(
            name: "player", executable: "/usr/bin/python3", arguments: [directory.file("player.py"), name],
            environment: environment, input: true)
        try player.waitForLine(line: "ready")
        return player
    }
}
