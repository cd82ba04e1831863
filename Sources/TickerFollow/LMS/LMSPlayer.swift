/// A player the server knows, from `players 0 100`.
package struct LMSPlayer: Equatable, Sendable {
    /// The player id (its MAC address, `00:04:20:12:34:56`), as commands name it.
    package var id: String
    /// The name the user gave it.
    package var name: String
    /// Whether it is playing.
    package var isPlaying: Bool
    /// Whether it is connected to the server.
    package var isConnected: Bool

    /// A player from its parts.
    package init(id: String, name: String, isPlaying: Bool = false, isConnected: Bool = true) {
        self.id = id
        self.name = name
        self.isPlaying = isPlaying
        self.isConnected = isConnected
    }
}
