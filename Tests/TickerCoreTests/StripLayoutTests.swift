import Testing

@testable import TickerCore

@Suite struct StripLayoutTests {
    /// The strip index of every pixel, row by row, two digits each.
    static func order(_ layout: StripLayout) -> String {
        var grid = [[Int]](repeating: [Int](repeating: -1, count: layout.width), count: layout.height)
        for index in 0..<layout.count {
            if let (x, y) = layout.position(of: index) { grid[y][x] = index }
        }
        return grid.map { row in
            row.map { $0 < 0 ? "??" : ($0 < 10 ? "0\($0)" : "\($0)") }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let layout: StripLayout
        let picture: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "rows from the top left", layout: StripLayout(moduleWidth: 4, moduleHeight: 2),
            picture: """
                00 01 02 03
                04 05 06 07
                """),
        Case(
            id: "serpentine rows from the top left",
            layout: StripLayout(wiring: .rows, serpentine: true, moduleWidth: 4, moduleHeight: 3),
            picture: """
                00 01 02 03
                07 06 05 04
                08 09 10 11
                """),
        Case(
            id: "serpentine columns from the top left (the common 8×32 matrix)",
            layout: StripLayout(wiring: .columns, serpentine: true, moduleWidth: 4, moduleHeight: 3),
            picture: """
                00 05 06 11
                01 04 07 10
                02 03 08 09
                """),
        Case(
            id: "columns from the bottom right",
            layout: StripLayout(wiring: .columns, origin: .bottomRight, moduleWidth: 3, moduleHeight: 2),
            picture: """
                05 03 01
                04 02 00
                """),
        Case(
            id: "serpentine rows from the bottom left",
            layout: StripLayout(wiring: .rows, serpentine: true, origin: .bottomLeft, moduleWidth: 3, moduleHeight: 3),
            picture: """
                06 07 08
                05 04 03
                00 01 02
                """),
        Case(
            id: "serpentine columns from the top right",
            layout: StripLayout(wiring: .columns, serpentine: true, origin: .topRight, moduleWidth: 3, moduleHeight: 2),
            picture: """
                04 03 00
                05 02 01
                """),
        Case(
            id: "two by two tiles of 2×2 serpentine-row modules",
            layout: StripLayout(
                wiring: .rows, serpentine: true, moduleWidth: 2, moduleHeight: 2, tilesAcross: 2, tilesDown: 2),
            picture: """
                00 01 04 05
                03 02 07 06
                08 09 12 13
                11 10 15 14
                """),
        Case(
            id: "three tiles across of 2×2 column modules chained from the top right",
            layout: StripLayout(
                wiring: .columns, origin: .topRight, moduleWidth: 2, moduleHeight: 2, tilesAcross: 3, tilesDown: 1),
            picture: """
                10 08 06 04 02 00
                11 09 07 05 03 01
                """),
    ]

    @Test(arguments: cases) func stripOrder(_ test: Case) {
        #expect(Self.order(test.layout) == test.picture)
    }

    @Test(arguments: cases) func everyPixelHasExactlyOneLED(_ test: Case) {
        let table = test.layout.pixelTable()
        #expect(Set(table).count == test.layout.count)
        #expect(table.allSatisfy { $0 >= 0 && Int($0) < test.layout.count })
        #expect(test.layout.position(of: -1) == nil && test.layout.position(of: test.layout.count) == nil)
    }
}

@Suite struct LEDColourTests {
    @Test(arguments: ColorOrder.allCases) func colourOrderRoundTrips(_ order: ColorOrder) {
        let colour = RGB(red: 1, green: 2, blue: 3)
        let (a, b, c) = order.wire(colour)
        #expect(order.colour(a, b, c) == colour)
        let names: [UInt8: Character] = [1: "R", 2: "G", 3: "B"]
        #expect(String([a, b, c].compactMap { names[$0] }) == order.rawValue)
    }

    @Test func gammaOneLeavesLevelsAlone() {
        #expect(GammaTable(gamma: 1).duty == (0..<256).map { UInt8($0) })
    }

    @Test(arguments: [
        (2.2, 0, 0), (2.2, 1, 0), (2.2, 64, 12), (2.2, 128, 56), (2.2, 192, 137), (2.2, 255, 255), (2.8, 128, 37),
        (1.8, 128, 74),
    ])
    func gammaBendsLevelsDown(gamma: Double, level: Int, duty: Int) {
        #expect(Int(GammaTable(gamma: gamma).duty[level]) == duty)
    }

    @Test func gammaIsMonotone() {
        let duty = GammaTable(gamma: 2.2).duty
        #expect(zip(duty, duty.dropFirst()).allSatisfy { $0 <= $1 })
    }

    struct Budget: CustomTestStringConvertible, Sendable {
        let id: String
        let budget: PowerBudget
        let dutySum: Int
        let leds: Int
        let requested: UInt8
        let scale: UInt8
        var testDescription: String { id }
    }

    @Test(arguments: [
        Budget(
            id: "a dark frame is not dimmed", budget: PowerBudget(), dutySum: 0, leds: 256, requested: 255, scale: 255),
        Budget(
            id: "no limit", budget: PowerBudget(maxMilliamps: 0), dutySum: 256 * 765, leds: 256, requested: 200,
            scale: 200),
        Budget(
            id: "8×32 full white into 850 mA", budget: PowerBudget(), dutySum: 256 * 765, leds: 256, requested: 255,
            scale: 10),
        Budget(
            id: "a few LEDs fit", budget: PowerBudget(), dutySum: 10 * 765, leds: 256, requested: 255, scale: 255),
        Budget(
            id: "the requested brightness is the ceiling", budget: PowerBudget(), dutySum: 765, leds: 16,
            requested: 40, scale: 40),
        Budget(
            id: "standby alone over the budget", budget: PowerBudget(maxMilliamps: 100), dutySum: 765, leds: 256,
            requested: 255, scale: 0),
    ])
    func powerScaleKeepsTheEstimateInBudget(_ test: Budget) {
        let scale = test.budget.scale(dutySum: test.dutySum, leds: test.leds, requested: test.requested)
        #expect(scale == test.scale)
        if test.budget.maxMilliamps > 0, scale > 0 {
            let scaled = test.dutySum * Int(scale) / 255
            #expect(test.budget.milliamps(dutySum: scaled, leds: test.leds) <= test.budget.maxMilliamps)
        }
    }

    @Test func fullWhiteIsFiftyFiveMilliampsPerLEDPlusStandby() {
        #expect(PowerBudget().milliamps(dutySum: 256 * 765, leds: 256) == 256 * 56)
    }
}
