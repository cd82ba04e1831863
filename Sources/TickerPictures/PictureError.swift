/// Why a picture could not be made.
public struct PictureError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, as a sentence naming the format.
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
