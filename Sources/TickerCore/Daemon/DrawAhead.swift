/// Frames drawn ahead of time, for the renderer: a speed measure, kept apart so that it can go in one deletion
/// (this file and the lines in `Renderer` that name `ahead`).
///
/// While nothing changes, the next frames are known: the scene is a function of the state and the time. So
/// a drawing done afresh on the grid goes on to draw the next `capacity` frames at once, at the instants the
/// loop will ask for them, and the drawings that follow copy them out. After a sleep, what a wake-up costs
/// follows the code and data it touches more than the work it does; drawing in bursts touches the scene's once
/// per burst, not once per frame. Feed input, a reload, a new minute on the idle clock or the demo starting
/// over drop what was drawn ahead: the scene draws a function of the state and the time, so the frames and
/// their instants are exactly those drawn one at a time. A drawing of new input, off the grid, draws
/// nothing ahead: its frame goes out first, and more input may come before the next frame.
struct DrawAhead: Sendable {
    /// How many frames to draw ahead at once; 0 draws each frame when it is due.
    let capacity: Int
    /// The slots, how many hold a frame, and which is shown next.
    private var slots: [Slot] = []
    private var count = 0
    private var next = 0
    /// The idle clock's text the frames were drawn with.
    private var clock = ""
    /// The slot of the frame copied out last, until a frame is drawn afresh: its paints colour it.
    private var shown: Int?
    /// How many frames were copied out.
    private(set) var framesShown = 0

    /// A frame drawn ahead of time: the instant the loop will draw it at, when the picture changes after it
    /// (what `nextChange` answered there), the frame, and what its pixels were drawn as.
    private struct Slot: Sendable {
        var instant: Duration
        var due: Duration?
        var frame: Frame
        var paints = Paints()
    }

    /// Nothing drawn ahead yet, room for `capacity` frames.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The slot of the frame drawn ahead for grid instant `instant` with the clock showing `clock`, when it is
    /// the next one to show.
    func slot(at instant: Duration, clock: String) -> Int? {
        next < count && slots[next].instant == instant && clock == self.clock ? next : nil
    }

    /// Copies the frame of `slot` into `frame`; answers when the picture changes after it.
    mutating func show(_ slot: Int, into frame: inout Frame) -> Duration? {
        frame.copy(from: slots[slot].frame)
        next = slot + 1
        shown = slot
        framesShown += 1
        return slots[slot].due
    }

    /// Goes on from the frame `scene` just drew at `instant`, while the picture keeps changing (next at `due`):
    /// draws the next `capacity` frames in the order and at the instants the loop would, each with when the
    /// picture changes after it, as the renderer draws.
    mutating func fill(
        after instant: Duration, due: Duration?, scene: inout Scene, state: PlayerState, clock: String,
        grid: FrameGrid
    ) {
        guard capacity > 0, var due else { return }
        if slots.count != capacity {
            let blank = Frame(width: scene.width, height: scene.height, depth: scene.depth)
            slots = Array(repeating: Slot(instant: .zero, due: nil, frame: blank), count: capacity)
        }
        self.clock = clock
        var last = instant
        while count < capacity {
            // Where the loop wakes to draw next (as the decider's `nextWake` has it).
            let next = grid.instant(atOrAfter: due, after: last)
            // The paints are lent out of their slot, which the frame is drawn into.
            var paints = Paints()
            swap(&paints, &slots[count].paints)
            let nextDue = scene.render(
                state, at: next, clock: clock, into: &slots[count].frame, paints: &paints
            ).map { max($0, next) }
            swap(&paints, &slots[count].paints)
            slots[count].instant = next
            slots[count].due = nextDue
            count += 1
            guard let nextDue else { break }
            due = nextDue
            last = next
        }
    }

    /// What the pixels of the frame copied out last were drawn as; nil after a frame drawn afresh, whose
    /// paints are the renderer's own.
    var paintsOfFrameShown: Paints? { shown.map { slots[$0].paints } }

    /// Forgets the frames drawn ahead and not shown (a frame is drawn afresh next).
    mutating func drop() {
        count = 0
        next = 0
        shown = nil
    }
}
