import Foundation
import TickerTestSupport

/// Home Assistant's side of an MQTT entity, as far as the tests need it: what an entity of a discovery config
/// shows for the payload last published on its topics. Its templates are rendered the way Home Assistant's MQTT
/// entities render them (2024.3 and 2025.1, `helpers/template.py`: Jinja2 in an immutable sandbox, `value` the
/// payload, `value_json` only when the payload is JSON, the result stripped; an undefined name renders empty
/// and fails when used), by Jinja2 itself: Debian's python3-jinja2, in one Python process per stand-in.
final class HomeAssistantStandIn {
    /// What rendering a template gave: the text, or the error Home Assistant would log.
    enum Rendering: Equatable, CustomStringConvertible {
        case text(String)
        case error(String)

        var description: String {
            switch self {
            case .text(let text): return "'\(text)'"
            case .error(let error): return "error: \(error)"
            }
        }
    }

    /// The attribute names Home Assistant drops from an MQTT entity's JSON attributes (`MQTT_ATTRIBUTES_BLOCKED`
    /// in 2024.3 and in 2025.1 together).
    static let blockedAttributes: Set<String> = [
        "assumed_state", "available", "context_recent_time", "device_class", "device_info", "entity_category",
        "entity_picture", "entity_registry_enabled_default", "extra_state_attributes", "force_update", "icon",
        "name", "friendly_name", "should_poll", "state", "supported_features", "unique_id", "unit_of_measurement",
    ]

    private static let source = #"""
        import json
        import sys

        from jinja2.sandbox import ImmutableSandboxedEnvironment

        environment = ImmutableSandboxedEnvironment()
        for line in sys.stdin:
            request = json.loads(line)
            variables = {"value": request["payload"]}
            try:
                variables["value_json"] = json.loads(request["payload"])
            except ValueError:
                pass
            try:
                text = environment.from_string(request["template"]).render(**variables).strip()
                print(json.dumps({"text": text}), flush=True)
            except Exception as error:
                print(json.dumps({"error": f"{type(error).__name__}: {error}"}), flush=True)
        """#

    private let python: Child

    init(directory: TemporaryDirectory) throws {
        let script = try directory.write("home-assistant-templates.py", Self.source)
        python = try Child(
            name: "jinja2", executable: "/usr/bin/python3", arguments: ["-u", script], input: true)
    }

    deinit { python.kill() }

    /// `template` rendered over `payload`.
    func render(_ template: String, payload: String) throws -> Rendering {
        let request = try JSONSerialization.data(withJSONObject: ["template": template, "payload": payload])
        try python.send(line: String(decoding: request, as: UTF8.self))
        let line = try python.nextOutputLine("the rendered template (is python3-jinja2 installed?)") { _ in true }
        let answer = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String]
        if let text = answer?["text"] { return .text(text) }
        return .error(answer?["error"] ?? line)
    }

    /// The state the entity of `config` shows for `payload` on its state topic: its value template's rendering,
    /// or the payload itself.
    func state(_ config: [String: Any], payload: String) throws -> Rendering {
        guard let template = config["value_template"] as? String else { return .text(payload) }
        return try render(template, payload: payload)
    }

    /// The attributes the entity of `config` takes from `payload` on its attributes topic (before Home Assistant
    /// drops the blocked names): its attributes template's rendering, or the payload, read as a JSON object.
    func attributes(_ config: [String: Any], payload: String) throws -> [String: Any] {
        var text = payload
        if let template = config["json_attributes_template"] as? String {
            let rendering = try render(template, payload: payload)
            guard case .text(let rendered) = rendering else { throw TestFailure("attributes template: \(rendering)") }
            text = rendered
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw TestFailure("attributes are not a JSON object: \(text)")
        }
        return object
    }
}
