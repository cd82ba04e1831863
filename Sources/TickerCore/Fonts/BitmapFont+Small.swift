extension BitmapFont {
    /// The small font for two-line layouts: 6 pixels tall (ascent 5, descent 1), capitals and figures 5
    /// rows, x-height 3, one row of descender. Covers printable ASCII, the Latin-1 letters, typographic
    /// punctuation (quotes, dashes, ellipsis, bullet, guillemets, €, ™), ♪ and a boxed question mark
    /// (U+FFFD) that is also its ``replacement``. Accented capitals are drawn a row or two shorter so the
    /// accent fits. Built once, on first use.
    public static let small: BitmapFont = {
        let glyphs = SmallFont.design.glyphs()
        return BitmapFont(
            name: "small", ascent: SmallFont.design.ascent, descent: SmallFont.design.descent,
            glyphs: glyphs, replacement: glyphs[0xFFFD])
    }()
}

/// The drawings of ``BitmapFont/small``: sheet rows run from 4 rows above the baseline down to the
/// descender row.
enum SmallFont {
    static let design = FontDesign(
        ascent: 5, descent: 1, sheets: [capitals, smallLetters, figuresAndPunctuation, drawnLetters],
        marks: [
            .grave: ["#.", ".#"], .acute: [".#", "#."], .circumflex: [".#.", "#.#"], .tilde: [".##", "##."],
            .diaeresis: ["#.#"], .ring: ["##", "##"], .cedilla: ["#"],
        ],
        compositions: LatinLetters.compositions.map { base, letters, accents in
            let latin1 = zip(letters.unicodeScalars, accents).filter { $0.0.value <= 0xFF }
            return (base, String(String.UnicodeScalarView(latin1.map(\.0))), latin1.map(\.1))
        })

    static let capitals = #"""
        A   B   C   D   E   F   G   H   I   J   K   L   M     N    O    P   Q    R   S   T   U   V   W     X   Y   Z
        .#. ##. .## ##. ### ### .## #.# ### ..# #.# #.. #...# #..# .##. ##. .##. ##. .## ### #.# #.# #...# #.# #.# ###
        #.# #.# #.. #.# #.. #.. #.. #.# .#. ..# #.# #.. ##.## ##.# #..# #.# #..# #.# #.. .#. #.# #.# #...# #.# #.# ..#
        ### ##. #.. #.# ##. ##. #.# ### .#. ..# ##. #.. #.#.# #.## #..# ##. #..# ##. .#. .#. #.# #.# #.#.# .#. .#. .#.
        #.# #.# #.. #.# #.. #.. #.# #.# .#. #.# #.# #.. #...# #..# #..# #.. #.#. #.# ..# .#. #.# #.# ##.## #.# .#. #..
        #.# ##. .## ##. ### #.. .## #.# ### .#. #.# ### #...# #..# .##. #.. .#.# #.# ##. .#. ### .#. #...# #.# .#. ###
        ... ... ... ... ... ... ... ... ... ... ... ... ..... .... .... ... .... ... ... ... ... ... ..... ... ... ...
        """#

    static let smallLetters = #"""
        a   b   c   d   e   f   g   h   i j  k   l m     n   o   p   q   r   s   t   u   v   w     x   y   z
        ... #.. ... ..# ... .## ... #.. # .# #.. # ..... ... ... ... ... ... ... ... ... ... ..... ... ... ...
        ... #.. ... ..# ... #.. ... #.. . .. #.. # ..... ... ... ... ... ... ... .#. ... ... ..... ... ... ...
        .## ##. .## .## .#. ##. .## ##. # .# #.# # ####. ##. .#. ##. .## #.# .## ### #.# #.# #...# #.# #.# ##.
        #.# #.# #.. #.# ### #.. #.# #.# # .# ##. # #.#.# #.# #.# #.# #.# ##. .#. .#. #.# #.# #.#.# .#. #.# .#.
        .## ##. .## .## .## #.. .## #.# # .# #.# # #.#.# #.# .#. ##. .## #.. ##. .## .## .#. .#.#. #.# .## .##
        ... ... ... ... ... ... ##. ... . #. ... . ..... ... ... #.. ..# ... ... ... ... ... ..... ... ##. ...
        """#

    static let figuresAndPunctuation = #"""
        0   1   2   3   4   5   6   7   8   9   U+0020 ! U+0022 #     $   %   &   ' (  )  *   +   ,  -  . /   :
        ### .#. ##. ##. #.# ### .## ### ### ### ..     # #.#    .#.#. .## #.# .#. # .# #. ... ... .. .. . ..# .
        #.# ##. ..# ..# #.# #.. #.. ..# #.# #.# ..     # #.#    ##### ##. ..# #.# # #. .# #.# .#. .. .. . ..# #
        #.# .#. .#. .#. ### ##. ### .#. ### ### ..     # ...    .#.#. .#. .#. .#. . #. .# .#. ### .. ## . .#. .
        #.# .#. #.. ..# ..# ..# #.# .#. #.# ..# ..     . ...    ##### .## #.. #.# . #. .# #.# .#. .# .. . #.. #
        ### ### ### ##. ..# ##. ### .#. ### ##. ..     # ...    .#.#. ##. #.# .## . .# #. ... ... .. .. # #.. .
        ... ... ... ... ... ... ... ... ... ... ..     . ...    ..... ... ... ... . .. .. ... ... #. .. . ... .

        ;  <   =   >   ?   @    [  U+005C ]  ^   _   `  {   | }   ~
        .. ..# ... #.. ##. .##. ## #..    ## .#. ... #. .## # ##. ....
        .# .#. ### .#. ..# #.## #. #..    .# #.# ... .# .#. # .#. ....
        .. #.. ... ..# .#. #.## #. .#.    .# ... ... .. #.. # ..# .#.#
        .# .#. ### .#. ... #... #. ..#    .# ... ... .. .#. # .#. #.#.
        #. ..# ... #.. .#. .##. ## ..#    ## ... ... .. .## # ##. ....
        .. ... ... ... ... .... .. ...    .. ... ### .. ... # ... ....

        ‘  ’  ‚  “     ”     „     –   —     …     •  ‹  ›  €    ™         ♪   U+FFFD U+00A0
        .# ## .. .#..# ##.## ..... ... ..... ..... .. .. .. ..## ###.#...# .## #####  ..
        ## #. .. ##.## #..#. ..... ... ..... ..... .. .# #. .#.. .#..##.## .#. #...#  ..
        .. .. .. ..... ..... ..... ### ##### ..... ## #. .# ###. .#..#.#.# .#. ###.#  ..
        .. .. .. ..... ..... ..... ... ..... ..... ## .# #. .#.. ......... ##. ##.##  ..
        .. .. ## ..... ..... ##.## ... ..... #.#.# .. .. .. ..## ......... ##. #####  ..
        .. .. #. ..... ..... #..#. ... ..... ..... .. .. .. .... ......... ... ##.##  ..
        """#

    /// Letters with strokes and ligatures, and the dotless i that accented i is built on.
    static let drawnLetters = #"""
        Æ    Ð    Ø    Þ   ß   æ     ð   ø   þ   Å   ı
        .### .##. .### #.. .#. ..... .## ... #.. ### .
        #.#. .#.# #.## ##. #.# ..... ..# ... #.. #.# .
        #### ##.# #.## #.# ##. .###. .## .## ##. ### #
        #.#. .#.# ##.# ##. #.# #.### #.# #.# #.# #.# #
        #.## .##. ###. #.. ##. .#### .#. ##. ##. #.# #
        .... .... .... ... ... ..... ... ... #.. ... .
        """#
}
