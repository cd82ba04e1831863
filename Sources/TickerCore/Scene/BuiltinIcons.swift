/// The icons drawn in source, as the built-in fonts are: an 8 × 8 set for the 8-row font, each filling its
/// tile like the capitals and the descender together, and a 6 × 6 set for the 6-row font, whose art stands
/// on the baseline at the capitals' height (5 rows) with the descender row and a column to the right left
/// dark. `#` is lit, `+` half lit (on grey panels, the edge of a slope), `.` off; they are white, so a colour
/// panel shows them in their role's colour.
enum BuiltinIcons {
    /// The names, in the order of docs/CONFIG.md.
    static let names = ["play", "pause", "stop", "message", "alert", "bell", "note"]

    /// The built-in icon `name` of the set for a slot of `side` pixels: the 8 × 8 one from 8 up, else the
    /// 6 × 6 one.
    static func picture(named name: String, side: Int) -> FeedPicture? {
        let set = side >= 8 ? eight : six
        for picture in set where picture.name == name { return picture }
        return nil
    }

    static let eight = drawings8.map { art($0.name, $0.rows) }
    static let six = drawings6.map { art($0.name, $0.rows) }

    private static let drawings8: [(name: String, rows: [String])] = [
        (
            "play",
            [
                ".#+.....",
                ".###+...",
                ".#####+.",
                ".#######",
                ".#######",
                ".#####+.",
                ".###+...",
                ".#+.....",
            ]
        ),
        (
            "pause",
            [
                "........",
                ".##..##.",
                ".##..##.",
                ".##..##.",
                ".##..##.",
                ".##..##.",
                ".##..##.",
                "........",
            ]
        ),
        (
            "stop",
            [
                "........",
                ".######.",
                ".######.",
                ".######.",
                ".######.",
                ".######.",
                ".######.",
                "........",
            ]
        ),
        (
            "message",
            [
                "........",
                "########",
                "##+..+##",
                "#.#++#.#",
                "#..##..#",
                "#......#",
                "########",
                "........",
            ]
        ),
        (
            "alert",
            [
                "...##...",
                "..####..",
                "..#..#..",
                ".##..##.",
                ".##..##.",
                "########",
                "###..###",
                "########",
            ]
        ),
        (
            "bell",
            [
                "...##...",
                "..####..",
                ".######.",
                ".######.",
                ".######.",
                "########",
                "........",
                "...##...",
            ]
        ),
        (
            "note",
            [
                "....##..",
                "....#+#.",
                "....#..#",
                "....#...",
                "..+##...",
                ".####...",
                ".###....",
                "........",
            ]
        ),
    ]

    private static let drawings6: [(name: String, rows: [String])] = [
        ("play", ["#+....", "###+..", "#####.", "###+..", "#+....", "......"]),
        ("pause", ["##.##.", "##.##.", "##.##.", "##.##.", "##.##.", "......"]),
        ("stop", ["#####.", "#####.", "#####.", "#####.", "#####.", "......"]),
        ("message", ["#####.", "##+##.", "#+#+#.", "#...#.", "#####.", "......"]),
        ("alert", ["##.##.", "##.##.", "#####.", "##.##.", "#####.", "......"]),
        ("bell", ["..#...", ".###..", ".###..", "#####.", "..#...", "......"]),
        ("note", ["..##..", "..#+#.", "..#...", "###...", "##....", "......"]),
    ]

    /// A still, white picture of `rows`.
    private static func art(_ name: String, _ rows: [String]) -> FeedPicture {
        let width = rows.map(\.count).max() ?? 0
        var pixels: [UInt8] = []
        for row in rows {
            let padded = Array(row) + Array(repeating: ".", count: width - row.count)
            for mark in padded {
                let level: UInt8 = mark == "#" ? 255 : mark == "+" ? 128 : 0
                pixels += [level, level, level]
            }
        }
        return FeedPicture(
            name: name, width: width, height: rows.count, frames: [FeedPicture.Frame(delay: .zero, pixels: pixels)])
    }
}
