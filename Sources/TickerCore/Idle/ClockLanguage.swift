/// The language of the idle clock's names of weekdays and months (`display.clock-language`).
public enum ClockLanguage: String, Sendable, CaseIterable {
    /// English.
    case en
    /// German.
    case de
    /// French.
    case fr
    /// Spanish.
    case es
    /// Dutch.
    case nl
    /// Italian.
    case it

    /// The names one language gives the days and months, and the halves of a 12-hour day.
    struct Names: Sendable {
        /// Sunday first.
        let weekdays: [String]
        let shortWeekdays: [String]
        /// January first.
        let months: [String]
        let shortMonths: [String]
        /// Before noon, after noon.
        let halves: [String]

        /// Names from lists separated by spaces.
        init(weekdays: String, shortWeekdays: String, months: String, shortMonths: String, halves: [String]) {
            func words(_ list: String) -> [String] { list.split(separator: " ").map(String.init) }
            self.weekdays = words(weekdays)
            self.shortWeekdays = words(shortWeekdays)
            self.months = words(months)
            self.shortMonths = words(shortMonths)
            self.halves = halves
        }
    }

    /// This language's names.
    var names: Names {
        switch self {
        case .en:
            Names(
                weekdays: "Sunday Monday Tuesday Wednesday Thursday Friday Saturday",
                shortWeekdays: "Sun Mon Tue Wed Thu Fri Sat",
                months: "January February March April May June July August September October November December",
                shortMonths: "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec",
                halves: ["AM", "PM"])
        case .de:
            Names(
                weekdays: "Sonntag Montag Dienstag Mittwoch Donnerstag Freitag Samstag",
                shortWeekdays: "So Mo Di Mi Do Fr Sa",
                months: "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
                shortMonths: "Jan Feb Mär Apr Mai Jun Jul Aug Sep Okt Nov Dez",
                halves: ["AM", "PM"])
        case .fr:
            Names(
                weekdays: "dimanche lundi mardi mercredi jeudi vendredi samedi",
                shortWeekdays: "dim lun mar mer jeu ven sam",
                months: "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
                shortMonths: "janv févr mars avr mai juin juil août sept oct nov déc",
                halves: ["AM", "PM"])
        case .es:
            Names(
                weekdays: "domingo lunes martes miércoles jueves viernes sábado",
                shortWeekdays: "dom lun mar mié jue vie sáb",
                months: "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
                shortMonths: "ene feb mar abr may jun jul ago sep oct nov dic",
                halves: ["a. m.", "p. m."])
        case .nl:
            Names(
                weekdays: "zondag maandag dinsdag woensdag donderdag vrijdag zaterdag",
                shortWeekdays: "zo ma di wo do vr za",
                months: "januari februari maart april mei juni juli augustus september oktober november december",
                shortMonths: "jan feb mrt apr mei jun jul aug sep okt nov dec",
                halves: ["a.m.", "p.m."])
        case .it:
            Names(
                weekdays: "domenica lunedì martedì mercoledì giovedì venerdì sabato",
                shortWeekdays: "dom lun mar mer gio ven sab",
                months: "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
                shortMonths: "gen feb mar apr mag giu lug ago set ott nov dic",
                halves: ["AM", "PM"])
        }
    }
}
