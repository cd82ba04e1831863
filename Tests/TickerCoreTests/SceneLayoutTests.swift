import Testing

@testable import TickerCore

/// Where a scene draws what, fixed by the panel and the look.
@Suite struct SceneLayoutTests {
    static func style(_ change: (inout SceneStyle) -> Void = { _ in }) -> SceneStyle {
        var style = SceneStyle(fonts: FontChain([.builtin]))
        change(&style)
        return style
    }

    @Test func oneZoneTakesTheWholePanelAndTheBottomOneIsEmpty() {
        let layout = SceneLayout(width: 64, height: 8, depth: .two, style: Self.style())
        #expect(!layout.isSplit)
        #expect(layout.top.zone == Zone(x: 0, y: 0, width: 64, height: 8))
        #expect(layout.bottom.zone.width == 0 && layout.bottom.zone.height == 0)
        #expect(layout.progressBar == nil && layout.coverBox == nil && layout.iconSide == nil)
    }

    @Test func aSplitPanelStacksItsZonesBesideTheCoverAndAboveTheBar() {
        let style = Self.style {
            $0.arrangement = .split
            $0.progress = .row
            $0.cover = .left
        }
        let layout = SceneLayout(width: 64, height: 17, depth: .two, style: style)
        #expect(layout.isSplit)
        let (top, bottom) = (layout.top.zone, layout.bottom.zone)
        #expect(top.y + top.height == bottom.y && top.x == bottom.x && top.width == bottom.width)
        let box = layout.coverBox
        #expect(box.map { top.x >= $0.x + $0.width } == true, "the zones beside the cover")
        #expect(layout.progressBar != nil)
        #expect(bottom.y + bottom.height < 17, "a row of its own for the bar")
    }

    @Test func iconsTakeASquareSlotAndTheTopZoneRunsBesideIt() {
        let layout = SceneLayout(width: 64, height: 8, depth: .two, style: Self.style { $0.icons = IconStyle() })
        let side = layout.iconSide ?? 0
        #expect(side >= 6)
        #expect(layout.beside.zone == Zone(x: side + 1, y: 0, width: 64 - side - 1, height: 8))
    }
}
