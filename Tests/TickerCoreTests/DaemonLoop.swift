@testable import TickerCore

/// The decider (`DaemonMachine`) and the renderer, driven as the daemon's shell drives them, with neither a
/// link nor a terminal: it carries out the renderer's actions (`.observe`, `.render`) and hands the renderer's
/// outlook to the machine at every wake-up, as the shell does. It returns the actions for the rest of the shell:
/// `.render` too (what was drawn), but not `.observe`, which concerns the renderer alone.
struct DaemonLoop {
    var machine: DaemonMachine
    var renderer: Renderer

    /// A machine whose grid starts at `origin` beside a renderer of `scene` that draws `framesDrawnAhead` frames
    /// ahead; the configuration's idle clock follows the scene's.
    init(scene: Scene, configuration: DaemonMachine.Configuration, at origin: Duration, framesDrawnAhead: Int = 16) {
        var configuration = configuration
        configuration.idleClock = scene.style.idle == .clock
        machine = DaemonMachine(configuration: configuration, at: origin)
        renderer = Renderer(scene: scene, grid: machine.grid, framesDrawnAhead: framesDrawnAhead)
    }

    var state: PlayerState { machine.state }
    var feedProblems: Int { machine.feedProblems }
    var grid: FrameGrid { machine.grid }
    var picture: Picture { renderer.picture }
    var framesShownFromAhead: Int { renderer.framesShownFromAhead }

    mutating func feed(_ bytes: [UInt8], at now: Duration) -> [DaemonMachine.Action] {
        carryOut(machine.feed(bytes, at: now))
    }

    mutating func wake(
        at now: Duration, linkDeadline: Duration?, linkStreaming: Bool = false, localTime: WallTime? = nil
    ) -> [DaemonMachine.Action] {
        carryOut(
            machine.wake(
                at: now, picture: renderer.outlook, linkDeadline: linkDeadline, linkStreaming: linkStreaming,
                localTime: localTime))
    }

    func nextWake(after now: Duration, linkDeadline: Duration?) -> Duration {
        machine.nextWake(after: now, picture: renderer.outlook, linkDeadline: linkDeadline)
    }

    mutating func received(_ signal: DaemonMachine.Signal) -> [DaemonMachine.Action] {
        machine.received(signal)
    }

    mutating func reload(scene: Scene, configuration: DaemonMachine.Configuration, at now: Duration) {
        var configuration = configuration
        configuration.idleClock = scene.style.idle == .clock
        machine.reload(configuration: configuration, at: now)
        renderer.reload(scene: scene, grid: machine.grid, state: machine.state, at: now)
    }

    mutating func restore(_ commands: [FeedCommand], receivedAgo age: Duration, at now: Duration) {
        _ = carryOut(machine.restore(commands, receivedAgo: age, at: now))
    }

    mutating func finish(at now: Duration) -> [DaemonMachine.Action] {
        carryOut(machine.finish(at: now, picture: renderer.outlook))
    }

    private mutating func carryOut(_ actions: [DaemonMachine.Action]) -> [DaemonMachine.Action] {
        for action in actions { renderer.carryOut(action, of: machine) }
        return actions.filter { if case .observe = $0 { false } else { true } }
    }
}
