// Where each pixel of a zone comes from at one step of a transition, and the two pictures blended by it: the
// levels of a grey panel, or the colours of a colour one. The old screen is a picture kept from the instant
// the new one came; the new one is the frame just drawn, which is blended in place, in an order that reads
// each of its pixels before it is overwritten.

extension Transition {
    /// What one pixel of the zone shows at a step: a pixel of the old screen or of the new one (in zone
    /// coordinates), both at one pixel weighed out of `weights`, or nothing.
    enum Sample {
        case old(x: Int, y: Int)
        case new(x: Int, y: Int)
        case mix(old: Int, new: Int)
        case off
    }

    /// The weight a `mix` sample's two parts are counted out of.
    var weights: Int { effect == .fade ? steps / 2 : steps }

    /// Calls `body` with each pixel of a `width` × `height` zone and what it shows at `step`, in an order that
    /// reads a pixel of the new screen before `body` has overwritten it. `oneBit` dithers the fades.
    func forEachPixel(width: Int, height: Int, step: Int, oneBit: Bool, _ body: (Int, Int, Sample) -> Void) {
        let descendingColumns = effect == .slideLeft
        let descendingRows = effect == .slideUp
        for columnIndex in 0..<width {
            let x = descendingColumns ? width - 1 - columnIndex : columnIndex
            for rowIndex in 0..<height {
                let y = descendingRows ? height - 1 - rowIndex : rowIndex
                body(x, y, sample(x: x, y: y, width: width, height: height, step: step, oneBit: oneBit))
            }
        }
    }

    /// What pixel (`x`, `y`) of a `width` × `height` zone shows at `step`.
    func sample(x: Int, y: Int, width: Int, height: Int, step: Int, oneBit: Bool) -> Sample {
        let step = min(max(step, 0), steps)
        switch effect {
        case .cut:
            return .new(x: x, y: y)
        case .slideLeft:
            return x < width - step ? .old(x: x + step, y: y) : .new(x: x - (width - step), y: y)
        case .slideRight:
            return x < step ? .new(x: x + width - step, y: y) : .old(x: x - step, y: y)
        case .slideUp:
            return y < height - step ? .old(x: x, y: y + step) : .new(x: x, y: y - (height - step))
        case .slideDown:
            return y < step ? .new(x: x, y: y + height - step) : .old(x: x, y: y - step)
        case .wipe:
            return x < step ? .new(x: x, y: y) : .old(x: x, y: y)
        case .fade:
            let half = weights
            if oneBit {
                let threshold = Self.threshold(x: x, y: y)
                if step < half { return threshold < half - step ? .old(x: x, y: y) : .off }
                return threshold < step - half ? .new(x: x, y: y) : .off
            }
            return step < half ? .mix(old: half - step, new: 0) : .mix(old: 0, new: step - half)
        case .crossfade:
            if oneBit { return Self.threshold(x: x, y: y) < step ? .new(x: x, y: y) : .old(x: x, y: y) }
            return .mix(old: steps - step, new: step)
        }
    }

    /// Blends the levels of `zone` of `frame` (the new screen, drawn whole) with `old` (the panel as it showed
    /// when the new screen came) at `step`. Allocates nothing.
    func blend(_ frame: inout Frame, from old: Frame, zone: Zone, step: Int) {
        guard old.width == frame.width, old.height == frame.height, old.depth == frame.depth else { return }
        let columns = max(zone.x, 0)..<min(zone.x + zone.width, frame.width)
        let rows = max(zone.y, 0)..<min(zone.y + zone.height, frame.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let (left, top) = (columns.lowerBound, rows.lowerBound)
        let weights = max(self.weights, 1)
        let oneBit = frame.depth == .one
        forEachPixel(width: columns.count, height: rows.count, step: step, oneBit: oneBit) { x, y, sample in
            let level: UInt8
            switch sample {
            case .old(let from, let row): level = old[left + from, top + row]
            case .new(let from, let row): level = frame[left + from, top + row]
            case .off: level = 0
            case .mix(let oldWeight, let newWeight):
                let mixed =
                    Int(old[left + x, top + y]) * oldWeight + Int(frame[left + x, top + y]) * newWeight + weights / 2
                level = UInt8(min(mixed / weights, Int(frame.depth.maxLevel)))
            }
            frame[left + x, top + y] = level
        }
    }
}

/// A transition under way on a colour panel, kept in the frame's `Paints`: the colours of the old screen,
/// blended over the colorized frame at its step, so that a frame drawn ahead is coloured as it was drawn.
struct TransitionOverlay: Sendable, Equatable {
    var transition: Transition
    var step: Int
    var zone: Zone
    /// The colours of the panel as it showed when the new screen came, row by row (`RGBFrame.bytes`).
    var from: [UInt8]

    /// Blends the colours of `zone` of `image` (the new screen, colorized) with the old screen's. Allocates
    /// nothing.
    func lay(over image: inout RGBFrame) {
        let stride = image.width * 3
        guard from.count == image.bytes.count else { return }
        let columns = max(zone.x, 0)..<min(zone.x + zone.width, image.width)
        let rows = max(zone.y, 0)..<min(zone.y + zone.height, image.height)
        guard !columns.isEmpty, !rows.isEmpty else { return }
        let (left, top) = (columns.lowerBound, rows.lowerBound)
        let weights = max(transition.weights, 1)
        from.withUnsafeBufferPointer { old in
            image.bytes.withUnsafeMutableBufferPointer { out in
                transition.forEachPixel(width: columns.count, height: rows.count, step: step, oneBit: false) {
                    x, y, sample in
                    let to = (top + y) * stride + (left + x) * 3
                    for channel in 0..<3 {
                        let value: UInt8
                        switch sample {
                        case .old(let column, let row):
                            value = old[(top + row) * stride + (left + column) * 3 + channel]
                        case .new(let column, let row):
                            value = out[(top + row) * stride + (left + column) * 3 + channel]
                        case .off: value = 0
                        case .mix(let oldWeight, let newWeight):
                            let mixed = Int(old[to + channel]) * oldWeight + Int(out[to + channel]) * newWeight
                            value = UInt8(min((mixed + weights / 2) / weights, 255))
                        }
                        out[to + channel] = value
                    }
                }
            }
        }
    }
}
