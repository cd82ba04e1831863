/// The pictures the feed has sent, by name: at most `capacity`; a picture sent under a name already kept
/// replaces it, and one more than the shelf holds pushes out the one sent longest ago.
public struct PictureShelf: Sendable, Equatable {
    /// The most pictures kept: 16 of the largest take 1 MiB.
    public static let capacity = 16

    /// The pictures, the one sent longest ago first.
    public private(set) var pictures: [FeedPicture] = []

    /// An empty shelf.
    public init() {}

    /// The picture named `name`, if one was sent. A scan rather than a dictionary: a handful of pictures, and
    /// looking one up every frame must not hash.
    public subscript(name: String) -> FeedPicture? {
        for picture in pictures where picture.name == name { return picture }
        return nil
    }

    /// Keeps `picture`, replacing the one of its name.
    public mutating func keep(_ picture: FeedPicture) {
        remove(picture.name)
        if pictures.count >= Self.capacity { pictures.removeFirst() }
        pictures.append(picture)
    }

    /// Forgets the picture named `name`.
    public mutating func remove(_ name: String) {
        pictures.removeAll { $0.name == name }
    }
}
