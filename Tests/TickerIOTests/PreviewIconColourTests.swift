import Testing
import TickerCore

@testable import TickerIO

/// `tickerctl render --depth rgb --icon FILE` (the `Preview`): a picture from a file shows in its own colours
/// on a colour panel, in the frame the daemon's scene draws, and as luminance levels on a grey one.
@Suite struct PreviewIconColourTests {
    /// A 2 × 1 picture sent as `preview`, as render sends a file: red, then green.
    static let picture = FeedPicture(
        name: "preview", width: 2, height: 1,
        frames: [FeedPicture.Frame(delay: .zero, pixels: [255, 0, 0, 0, 255, 0])])

    /// The preview of `Hi` after the picture, on a panel of `depth` (`rgb`: the text in blue; else white on
    /// black).
    static func preview(depth: String) throws -> Preview {
        let roles = IconStyle.Role.allCases.map { "icons.\($0.rawValue)=preview" }
        let settings = try PreviewAgreementTests.settings(
            ["panel.width=32", "panel.height=8", "panel.depth=\(depth)", "layout.icons=on"]
                + (depth == "rgb" ? ["colors.title=#0000FF"] : []) + roles)
        var content = Preview.Content.text("Hi")
        content.pictures = [Self.picture]
        return Preview(settings: settings, content: content)
    }

    @Test func aPictureFromAFileShowsInItsOwnColoursOnAColourPanel() throws {
        let image = try #require(try Self.preview(depth: "rgb").pictures(at: [.seconds(1)]).first)
        // The 8-row font's slot is 8 × 8: the picture is centred in it, at columns 3-4 of row 3.
        #expect(image[3, 3] == RGB(red: 255, green: 0, blue: 0))
        #expect(image[4, 3] == RGB(red: 0, green: 255, blue: 0))
        let text = (9..<32).flatMap { x in (0..<8).map { image[x, $0] } }.filter {
            $0 != RGB(red: 0, green: 0, blue: 0)
        }
        #expect(!text.isEmpty && text.allSatisfy { $0 == RGB(red: 0, green: 0, blue: 255) }, "the text in its blue")
    }

    @Test func aGreyPanelShowsThePicturesLuminance() throws {
        let image = try #require(try Self.preview(depth: "2").pictures(at: [.seconds(1)]).first)
        #expect(image[3, 3].red == image[3, 3].green && image[3, 3].green == image[3, 3].blue)
        #expect(image[3, 3].red > 0 && image[4, 3].red > image[3, 3].red, "green is brighter than red")
    }
}
