/// Why a picture could not be made.
package struct PictureError: Error, CustomStringConvertible, Equatable {
    /// What went wrong, as a sentence naming the format.
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
