// Drawing a composition: each zone's show into the frame, and what each pixel was drawn as into the paints.

extension Scene {
    /// Draws `composition`, made at `now`, into `frame` (cleared first) and what each pixel was drawn as into
    /// `paints`; on a grey panel whose palette is not white on black, each level is then scaled by the
    /// luminance of its pixel's colour. The cover is drawn last, in its own greys (or colours).
    mutating func draw(_ composition: Composition, at now: Duration, into frame: inout Frame, paints: inout Paints) {
        frame.clear()
        paints.reset(width: width, height: height, recorded: colorizer.usesPaint)
        drawZones(composition, at: now, into: &frame, paints: &paints)
        if let filled = composition.progress { layout.progressBar?.draw(filled: filled, into: &frame, paints: &paints) }
        if !isColor, colorizer.changesGrey {
            colorizer.applyGrey(to: &frame, paints: paints.recorded, look: paints.look)
        }
        applyLookGrey(to: &frame, paints: paints)
        if let cover = composition.cover { drawCover(cover, into: &frame, paints: &paints) }
    }

    /// Draws each zone's show of `composition` into the cleared `frame`, and its paints.
    private mutating func drawZones(
        _ composition: Composition, at now: Duration, into frame: inout Frame, paints: inout Paints
    ) {
        let position = composition.position
        if case .wrapped = composition.top, let current = composition.current {
            let sung = Self.drawWrapped(
                current.line, wrapped(current.index, current.line), at: position, style: style.karaoke,
                top: &layout.top,
                bottom: &layout.bottom, into: &frame)
            paints.paintLyric(layout.top.zone, sung: sung.top)
            paints.paintLyric(layout.bottom.zone, sung: sung.bottom)
            return
        }
        let line = composition.current?.line
        let laidOut = composition.current.map { lyricLayout($0.index, $0.line) }
        let artist = playing.artist
        if let icon = composition.icon {
            drawIcon(icon, at: now, into: &frame, paints: &paints)
            Self.draw(
                composition.top, at: now, position, line, laidOut, artist, renderer: &layout.beside, into: &frame,
                paints: &paints)
        } else {
            Self.draw(
                composition.top, at: now, position, line, laidOut, artist, renderer: &layout.top, into: &frame,
                paints: &paints)
        }
        Self.draw(
            composition.bottom, at: now, position, line, laidOut, artist, renderer: &layout.bottom, into: &frame,
            paints: &paints)
    }

    /// Draws `show` in `renderer`'s zone at `now`, the lyrics being at `position` in `line`, laid out as
    /// `layout`.
    private static func draw(
        _ show: Show, at now: Duration, _ position: Duration, _ line: LyricLine?, _ layout: LyricLayout?,
        _ artist: Range<Int>, renderer: inout ZoneRenderer, into frame: inout Frame, paints: inout Paints
    ) {
        switch show {
        case .nothing, .wrapped:
            return
        case .marquee(let text, let since, .look(let role, let look)):
            drawLook(
                text, look, role: role, elapsed: now - since, renderer: &renderer, into: &frame, paints: &paints)
        case .marquee(let text, let since, let paint):
            renderer.drawMarquee(text, elapsed: now - since, into: &frame)
            switch paint {
            case .role(let role):
                paints.paint(renderer.zone, role)
            case .look:
                return
            case .nowPlaying:
                guard paints.records else { return }
                let motion = artist.isEmpty ? nil : renderer.marqueeMotion(for: text)
                let offset = motion?.columnOffset(at: now - since) ?? 0
                paints.paintNowPlaying(renderer.zone, motion: motion, offset: offset, artist: artist)
            }
        case .lyric:
            guard let line, let layout else { return }
            let sung = drawLyric(line, layout, at: position, renderer: &renderer, into: &frame)
            paints.paintLyric(renderer.zone, sung: sung)
        case .waiting(let text):
            renderer.drawKaraoke(text, sung: (0, 0), scroll: 0, into: &frame)
            paints.paint(renderer.zone, .rest)
        }
    }

    /// Draws a lyric and returns the zone columns it lit (the column the sweep is crossing included).
    private static func drawLyric(
        _ line: LyricLine, _ lyric: LyricLayout, at position: Duration, renderer: inout ZoneRenderer,
        into frame: inout Frame
    ) -> Range<Int> {
        let strip = renderer.strip(for: line.text)
        let width = strip.width
        let zoneWidth = renderer.zone.width
        if renderer.karaoke.reducedMotion {
            // Lights whole as soon as it starts, and never moves; a line wider than the zone is shown a page at
            // a time, each while the sweep crosses it.
            guard position >= line.start else { return 0..<0 }
            if !lyric.pages.texts.isEmpty {
                let head = line.sweepPixels(at: position, wordSpans: lyric.wordSpans, lineWidth: width)
                let text = lyric.pages.texts[lyric.pages.page(at: head)]
                let pageWidth = renderer.strip(for: text).width
                return renderer.drawKaraoke(text, sung: (0, Double(pageWidth)), scroll: 0, into: &frame)
            }
            return renderer.drawKaraoke(line.text, sung: (0, Double(width)), scroll: 0, into: &frame)
        }
        let sung = min(
            max(line.sweepPixels(at: position, wordSpans: lyric.wordSpans, lineWidth: width), 0), Double(width))
        let range = Karaoke.sungRange(
            fill: width > 0 ? sung / Double(width) : 0, width: width, direction: strip.line.direction)
        var scroll = Karaoke.scrollOffset(head: sung, lineWidth: width, zoneWidth: zoneWidth)
        if strip.line.direction == .rightToLeft, width > zoneWidth { scroll = width - zoneWidth - scroll }
        return renderer.drawKaraoke(line.text, sung: range, scroll: scroll, into: &frame)
    }

    /// Draws a lyric wrapped over both zones: the light crosses the top line, then the bottom one, at one speed.
    private static func drawWrapped(
        _ line: LyricLine, _ wrapped: WrappedLyric, at position: Duration, style: KaraokeStyle,
        top: inout ZoneRenderer, bottom: inout ZoneRenderer, into frame: inout Frame
    ) -> (top: Range<Int>, bottom: Range<Int>) {
        let total = wrapped.widths[0] + wrapped.widths[1]
        let sung = line.sweepPixels(at: position, wordSpans: wrapped.wordSpans, lineWidth: total)
        let progress = total > 0 ? sung / Double(total) : 0
        var first = Karaoke.fill(ofLine: 0, widths: wrapped.widths, progress: progress)
        var second = Karaoke.fill(ofLine: 1, widths: wrapped.widths, progress: progress)
        if style.reducedMotion {
            first = position >= line.start ? 1 : 0
            second = second > 0 ? 1 : 0
        }
        let direction = wrapped.direction
        let topSung = top.drawKaraoke(
            wrapped.first, sung: Karaoke.sungRange(fill: first, width: wrapped.widths[0], direction: direction),
            scroll: 0, into: &frame)
        let bottomSung = bottom.drawKaraoke(
            wrapped.second, sung: Karaoke.sungRange(fill: second, width: wrapped.widths[1], direction: direction),
            scroll: 0, into: &frame)
        return (topSung, bottomSung)
    }
}
