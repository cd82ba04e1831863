import Testing

@testable import TickerCore

@Suite struct MAX7219Tests {
    /// A one-bit frame drawn from ASCII art (`#` lit).
    static func frame(_ art: String) -> Frame {
        let rows = art.split(separator: "\n")
        var frame = Frame(width: rows.first?.count ?? 0, height: rows.count, depth: .one)
        for (y, row) in rows.enumerated() {
            for (x, character) in row.enumerated() where character == "#" { frame[x, y] = 1 }
        }
        return frame
    }

    /// Every transaction `body` sends to the encoder, as lines of hex words.
    static func sent(_ body: (([UInt8]) -> Void) -> Void) -> [String] {
        var lines: [String] = []
        body { bytes in
            lines.append(
                stride(from: 0, to: bytes.count, by: 2).map { index in
                    hex(bytes[index]) + hex(bytes[index + 1])
                }.joined(separator: " "))
        }
        return lines
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// The rows `encoder` sends for `frame` after setting the chips up (the set-up left out).
    static func rows(_ layout: MAX7219Layout, _ frame: Frame) -> [String] {
        var encoder = MAX7219Encoder(layout: layout)
        encoder.initialise(brightness: 255) { _ in }
        return sent { send in encoder.encode(frame, brightness: 255, send) }
    }

    /// One LED lit, second column of the top row.
    static let oneLED = frame(
        """
        .#......
        ........
        ........
        ........
        ........
        ........
        ........
        ........
        """)

    struct VariantCase: CustomTestStringConvertible, Sendable {
        let variant: MAX7219Variant
        let register: Int
        let value: UInt8
        var testDescription: String { variant.rawValue }
    }

    // As MD_MAX72XX maps them: FC-16 digits are rows, bit 7 on the left; Parola's bit 0 on the left; ICStation's
    // rows from the bottom too; the generic board's digits are columns from the right, bit 7 at the top.
    @Test(arguments: [
        VariantCase(variant: .fc16, register: 1, value: 0x40),
        VariantCase(variant: .parola, register: 1, value: 0x02),
        VariantCase(variant: .icstation, register: 8, value: 0x02),
        VariantCase(variant: .generic, register: 7, value: 0x80),
    ])
    func wiresTheLEDAsEachVariantDoes(_ test: VariantCase) {
        let rows = Self.rows(MAX7219Layout(variant: test.variant, across: 1), Self.oneLED)
        let expected = (1...8).map { register in
            Self.hex(UInt8(register)) + Self.hex(register == test.register ? test.value : 0)
        }
        #expect(rows == expected)
    }

    @Test func sendsTheFarthestChipFirstInEachRow() {
        let picture = Self.frame(
            """
            #..............................#
            ................................
            ................................
            ................................
            ................................
            ................................
            ................................
            ...............................#
            """)
        // From the right (FC-16's input): the leftmost module is the farthest chip, so its word comes first.
        let fromRight = Self.rows(MAX7219Layout(across: 4), picture)
        #expect(fromRight.first == "0180 0100 0100 0101")
        #expect(fromRight.last == "0800 0800 0800 0801")
        let fromLeft = Self.rows(MAX7219Layout(across: 4, chainStart: .left), picture)
        #expect(fromLeft.first == "0101 0100 0100 0180")
        #expect(fromLeft.last == "0801 0800 0800 0800")
    }

    /// Which chip lights each module of a `layout` of stacked rows: one digit per module, row by row.
    static func chipOrder(_ layout: MAX7219Layout) -> String {
        (0..<layout.down).map { row in
            (0..<layout.across).map { column in
                layout.wire(x: column * 8 + 3, y: row * 8 + 3).map { String($0.chip) } ?? "?"
            }.joined()
        }.joined(separator: "\n")
    }

    @Test func chainsStackedRowsFromTheTopRowOnAsConfigured() {
        #expect(Self.chipOrder(MAX7219Layout(across: 4, down: 2)) == "3210\n7654")
        #expect(Self.chipOrder(MAX7219Layout(across: 4, down: 2, serpentine: true)) == "3210\n4567")
        #expect(Self.chipOrder(MAX7219Layout(across: 3, down: 2, chainStart: .left)) == "012\n345")
        #expect(MAX7219Layout(across: 4, down: 2).wire(x: 32, y: 0) == nil)
    }

    @Test func turnsAndMirrorsEachModule() {
        // The top-left LED turned a quarter clockwise lands on the top right: FC-16's digit 1, bit 0.
        let corner = Self.frame(
            """
            #.......
            ........
            ........
            ........
            ........
            ........
            ........
            ........
            """)
        func firstLit(_ layout: MAX7219Layout) -> String? {
            Self.rows(layout, corner).first { !$0.hasSuffix("00") }
        }
        #expect(firstLit(MAX7219Layout(across: 1)) == "0180")
        #expect(firstLit(MAX7219Layout(across: 1, rotation: .quarter)) == "0101")
        #expect(firstLit(MAX7219Layout(across: 1, rotation: .half)) == "0801")
        #expect(firstLit(MAX7219Layout(across: 1, rotation: .threeQuarters)) == "0880")
        #expect(firstLit(MAX7219Layout(across: 1, flipHorizontal: true)) == "0101")
        #expect(firstLit(MAX7219Layout(across: 1, flipVertical: true)) == "0880")
    }

    @Test func setsEveryChipUpWithTheDatasheetsRegisters() {
        var encoder = MAX7219Encoder(layout: MAX7219Layout(across: 2))
        let setUp = Self.sent { send in encoder.initialise(brightness: 128, send) }
        #expect(setUp == ["0B07 0B07", "0900 0900", "0F00 0F00", "0C01 0C01", "0A08 0A08"])
        let blank = Self.sent { send in encoder.blank(send) }
        #expect(blank == (1...8).map { "0\($0)00 0\($0)00" } + ["0C00 0C00"])
    }

    @Test func spreadsBrightnessOverTheSixteenSteps() {
        let steps = [0, 1, 16, 17, 128, 239, 240, 255].map { MAX7219Encoder.intensity(brightness: UInt8($0)) }
        #expect(steps == [0, 0, 1, 1, 8, 14, 15, 15])
        var encoder = MAX7219Encoder(layout: MAX7219Layout(across: 1))
        encoder.initialise(brightness: 255) { _ in }
        _ = Self.sent { send in encoder.encode(Self.oneLED, brightness: 255, send) }
        let dimmer = Self.sent { send in encoder.encode(Self.oneLED, brightness: 100, send) }
        #expect(dimmer == ["0A06"])
        // Brightness 0 has no intensity step: the rows go dark instead.
        let dark = Self.sent { send in encoder.encode(Self.oneLED, brightness: 0, send) }
        #expect(dark == ["0A00", "0100"])
    }

    @Test func sendsOnlyTheRowsThatChanged() {
        let layout = MAX7219Layout(across: 4, down: 2)
        var encoder = MAX7219Encoder(layout: layout)
        encoder.initialise(brightness: 255) { _ in }
        var frame = Frame(width: 32, height: 16, depth: .one)
        var previous = frame
        var first = true
        // A dot walking a diagonal and a bar growing: each frame changes a few digit rows.
        for step in 0..<64 {
            frame[step % 32, step % 16] = 1
            frame[31 - step % 32, 15] = UInt8(step & 1)
            let rowsSent = encoder.encode(frame, brightness: 255) { _ in }
            var changedDigits = Set<Int>()
            for y in 0..<16 {
                for x in 0..<32 where frame[x, y] != previous[x, y] {
                    if let (_, digit, _) = layout.wire(x: x, y: y) { changedDigits.insert(digit) }
                }
            }
            #expect(rowsSent == (first ? 8 : changedDigits.count), "step \(step)")
            first = false
            previous = frame
        }
        #expect(encoder.encode(frame, brightness: 255) { _ in } == 0)
        encoder.initialise(brightness: 255) { _ in }
        #expect(encoder.encode(frame, brightness: 255) { _ in } == 8)
    }

    @Test func greyBecomesOneBitAsTheOneBitPathDithers() {
        var grey = Frame(width: 8, height: 8, depth: .two)
        for y in 0..<8 {
            for x in 0..<8 { grey[x, y] = x < 4 ? 3 : 1 }
        }
        var chain = MAX7219Chain(layout: MAX7219Layout(across: 1))
        var encoder = MAX7219Encoder(layout: chain.layout)
        encoder.initialise(brightness: 255) { try? chain.apply($0) }
        encoder.encode(grey, brightness: 255) { try? chain.apply($0) }
        #expect(
            chain.picture.asciiArt == """
                #####.#.
                ####.#.#
                #####.#.
                ####.#.#
                #####.#.
                ####.#.#
                #####.#.
                ####.#.#
                """)
    }

    struct ChainCase: CustomTestStringConvertible, Sendable {
        let layout: MAX7219Layout
        var testDescription: String {
            "\(layout.variant.rawValue) \(layout.across)x\(layout.down) from the \(layout.chainStart.rawValue)"
                + (layout.serpentine ? " serpentine" : "") + " turned \(layout.rotation.rawValue)"
                + (layout.flipHorizontal ? " flipped" : "") + (layout.flipVertical ? " upside down" : "")
        }
    }

    static let chainCases: [ChainCase] =
        MAX7219Variant.allCases.flatMap { variant in
            MAX7219Rotation.allCases.map { rotation in
                ChainCase(layout: MAX7219Layout(variant: variant, across: 4, rotation: rotation))
            }
        } + [
            ChainCase(layout: MAX7219Layout(variant: .generic, across: 4, down: 2, serpentine: true)),
            ChainCase(layout: MAX7219Layout(across: 16, down: 2, chainStart: .left, flipHorizontal: true)),
            ChainCase(layout: MAX7219Layout(variant: .icstation, across: 2, down: 4, flipVertical: true)),
        ]

    @Test(arguments: chainCases)
    func aChainOfChipsShowsWhatWasEncoded(_ test: ChainCase) throws {
        let layout = test.layout
        var chain = MAX7219Chain(layout: layout)
        var encoder = MAX7219Encoder(layout: layout)
        var picture = Frame(width: layout.width, height: layout.height, depth: .one)
        var seed: UInt32 = 12_345
        for y in 0..<layout.height {
            for x in 0..<layout.width {
                seed = seed &* 1_103_515_245 &+ 12_345
                picture[x, y] = UInt8((seed >> 16) & 1)
            }
        }
        var problems: [MAX7219ChainError] = []
        func apply(_ bytes: [UInt8]) {
            do { try chain.apply(bytes) } catch { problems.append(error) }
        }
        encoder.initialise(brightness: 255, apply)
        encoder.encode(picture, brightness: 255, apply)
        #expect(problems.isEmpty)
        #expect(chain.picture.asciiArt == picture.asciiArt)
    }

    @Test func aChipKnockedIntoDisplayTestRecoversWhenSetUpAgain() throws {
        let layout = MAX7219Layout(across: 2)
        var chain = MAX7219Chain(layout: layout)
        var encoder = MAX7219Encoder(layout: layout)
        let picture = Self.frame(String(repeating: "#..............#\n", count: 8))
        encoder.initialise(brightness: 255) { try? chain.apply($0) }
        encoder.encode(picture, brightness: 255) { try? chain.apply($0) }
        // A glitch: the first chip (the right module) gets display test, the other a no-op.
        try chain.apply([0x00, 0x00, 0x0F, 0x01])
        #expect(chain.picture.asciiArt.split(separator: "\n").first == "#.......########")
        // Nothing changed in the picture, so a frame sends nothing; setting up again does.
        #expect(encoder.encode(picture, brightness: 255) { try? chain.apply($0) } == 0)
        encoder.initialise(brightness: 255) { try? chain.apply($0) }
        encoder.encode(picture, brightness: 255) { try? chain.apply($0) }
        #expect(chain.picture.asciiArt == picture.asciiArt)
    }

    @Test func refusesTransactionsThatAreNotOneWordPerChip() {
        var chain = MAX7219Chain(layout: MAX7219Layout(across: 2))
        #expect(throws: MAX7219ChainError.length(3, expected: 4)) { try chain.apply([0x01, 0xFF, 0x01]) }
        #expect(throws: MAX7219ChainError.register(0x0D, word: 1)) { try chain.apply([0x01, 0xFF, 0x0D, 0x00]) }
        #expect(chain.chips[1].digits[0] == 0)
        #expect(
            MAX7219ChainError.register(0x0D, word: 1).description
                == "register 0x0D in word 1 is not a MAX7219 register")
    }
}

@Suite struct MAX7219LinkMachineTests {
    @Test func setsTheChipsUpOnOpenAndEveryFewSeconds() {
        var machine = MAX7219LinkMachine(reinitialiseEvery: .seconds(5))
        #expect(machine.next(at: .zero) == .open)
        machine.openFailed(at: .zero, because: "busy")
        #expect(machine.next(at: .milliseconds(50)) == .idle && machine.nextDeadline == .milliseconds(100))
        machine.opened(at: .milliseconds(100))
        #expect(machine.next(at: .milliseconds(100)) == .initialise && machine.nextDeadline == .zero)
        machine.initialised(at: .milliseconds(100))
        #expect(machine.next(at: .seconds(5)) == .frame && machine.nextDeadline == .milliseconds(5_100))
        #expect(machine.next(at: .milliseconds(5_100)) == .initialise)
        machine.lost(at: .seconds(6))
        #expect(machine.next(at: .seconds(6)) == .idle && machine.initialisedAt == nil)
    }
}
