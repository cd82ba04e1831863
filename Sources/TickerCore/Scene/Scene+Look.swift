// A marquee drawn with a look (`TextLook`): its text in the look's colours, hidden in the blink's dark halves;
// and when the look next changes the picture, for `nextChange`. A pure function of the look and the time since
// the marquee's lap started.

extension Scene {
    /// Draws `text` as a marquee in `renderer`'s zone `elapsed` after its lap started, with `look` over the
    /// `role`'s colour: nothing in a dark half of its blink; its colours, by strip column, into `paints`.
    static func drawLook(
        _ text: String, _ look: TextLook, role: ColorRole, elapsed: Duration, renderer: inout ZoneRenderer,
        into frame: inout Frame, paints: inout Paints
    ) {
        paints.paint(renderer.zone, role)
        guard look.isShown(at: elapsed) else { return }
        renderer.drawMarquee(text, elapsed: elapsed, into: &frame)
        guard let fill = look.fill else { return }
        let (columns, motion) = renderer.lookColumns(for: text, fill: fill)
        paints.look = LookPaint(
            columns: columns, zone: renderer.zone, motion: motion, offset: motion.columnOffset(at: elapsed),
            phase: look.rainbowPhase(at: elapsed))
    }

    /// The first instant after `now` at which `paint`'s look, on a marquee whose lap started at `since`,
    /// changes the picture (a blink, a rainbow's hue); nil for a paint without a look that moves.
    static func lookChange(_ paint: MarqueePaint, since: Duration, after now: Duration) -> Duration? {
        guard case .look(_, let look) = paint else { return nil }
        return look.nextChange(after: now - since).map { since + $0 }
    }

    /// The look of `paints` on a grey panel: each lit pixel it colours at its colour's luminance.
    func applyLookGrey(to frame: inout Frame, paints: Paints) {
        guard !isColor, let look = paints.look else { return }
        look.applyGrey(to: &frame, background: (style.palette[.background] ?? .black).luminance)
    }
}
