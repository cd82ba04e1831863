/// The page `tickerctl web` serves, all of it: no CDN, no framework, nothing fetched at run time, so it works
/// on a network with no internet. One HTML file, its style and its script (docs/WEB.md#the-page).
enum WebPage {
    static let files: [String: (type: String, body: [UInt8])] = [
        "/": ("text/html; charset=utf-8", Array(html.utf8)),
        "/index.html": ("text/html; charset=utf-8", Array(html.utf8)),
        "/app.js": ("text/javascript; charset=utf-8", Array(script.utf8)),
        "/style.css": ("text/css; charset=utf-8", Array(style.utf8)),
    ]

    static let html = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>tickerd</title>
        <link rel="stylesheet" href="/style.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <header><h1>tickerd</h1><span id="link" class="badge">connecting…</span></header>
        <main>
        <section class="panel-box"><canvas id="panel" width="320" height="80" data-seq="0"
          aria-label="the panel, live"></canvas></section>
        <section class="card" id="playing">
          <canvas id="cover" width="0" height="0" aria-label="cover"></canvas>
          <div class="track">
            <div id="title" class="title">—</div>
            <div id="artist" class="muted"></div>
            <div id="lyric" class="lyric"></div>
            <div class="progress"><div id="bar"></div></div>
            <div class="muted"><span id="playstate"></span> <span id="time"></span></div>
          </div>
        </section>
        <section class="card">
          <h2>Message</h2>
          <form id="message">
            <input id="message-text" type="text" maxlength="1024" placeholder="Text" required>
            <div class="row">
              <label>Seconds <input id="message-for" type="number" min="1" max="86400" value="10"></label>
              <label>Priority <select id="message-priority">
                <option>low</option><option selected>normal</option><option>high</option></select></label>
            </div>
            <div class="row">
              <label>Colour <select id="message-look">
                <option value="" selected>its own</option><option value="color">this one</option>
                <option value="rainbow">rainbow</option></select></label>
              <input id="message-color" type="color" value="#ff8000" aria-label="The message's colour">
            </div>
            <div class="row">
              <label>Icon <input id="message-icon" type="text" placeholder="name" list="icons"></label>
              <label>or file <input id="message-file" type="file" accept="image/png,image/gif"></label>
            </div>
            <datalist id="icons"><option>music</option><option>bell</option><option>clock</option></datalist>
            <button>Send</button>
          </form>
          <p class="answer" id="message-answer"></p>
        </section>
        <section class="card">
          <h2>Idle page</h2>
          <form id="page">
            <div class="row">
              <input id="page-name" type="text" placeholder="name" required>
              <label>Seconds <input id="page-for" type="number" min="1" max="86400" placeholder="∞"></label>
            </div>
            <input id="page-text" type="text" maxlength="256" placeholder="Text">
            <div class="row"><button>Set</button><button type="button" id="page-remove">Remove</button></div>
          </form>
          <p class="answer" id="page-answer"></p>
        </section>
        <section class="card">
          <h2>Brightness</h2>
          <form id="brightness">
            <input id="brightness-level" type="range" min="0" max="100" value="80">
            <div class="row"><button>Set <span id="brightness-shown">80</span>%</button>
              <button type="button" id="brightness-auto">Back to schedule</button></div>
          </form>
          <p class="answer" id="brightness-answer"></p>
          <button type="button" id="clear" class="wide">Clear the panel</button>
          <p class="answer" id="clear-answer"></p>
        </section>
        <section class="card">
          <h2>Device</h2>
          <div id="device" class="muted"></div>
          <h2>Problems</h2>
          <ul id="problems"><li class="muted">none</li></ul>
        </section>
        <section class="card" id="login" hidden>
          <h2>Token</h2>
          <form id="token"><input id="token-text" type="password" placeholder="token" autocomplete="current-password">
            <button>Use</button></form>
        </section>
        </main>
        </body>
        </html>

        """#

    static let style = #"""
        :root { color-scheme: dark; --fg: #eee; --muted: #999; --card: #1b1b1f; --accent: #f5a623; }
        * { box-sizing: border-box; }
        body { margin: 0; background: #0d0d10; color: var(--fg); font: 16px/1.4 system-ui, sans-serif; }
        header { display: flex; align-items: center; justify-content: space-between; padding: 12px 16px; }
        h1 { font-size: 20px; margin: 0; letter-spacing: .05em; }
        h2 { font-size: 15px; margin: 4px 0 8px; color: var(--muted); font-weight: 600; }
        main { max-width: 720px; margin: 0 auto; padding: 0 12px 24px; display: grid; gap: 12px; }
        .badge { font-size: 13px; padding: 2px 10px; border-radius: 10px; background: #333; }
        .badge.live { background: #1d5e2c; } .badge.down { background: #6b1f1f; }
        .panel-box { background: #000; border-radius: 10px; padding: 10px; }
        #panel { width: 100%; height: auto; display: block; image-rendering: pixelated; }
        .card { background: var(--card); border-radius: 10px; padding: 12px; }
        #playing { display: flex; gap: 12px; align-items: center; }
        #cover { width: 72px; height: 72px; border-radius: 6px; image-rendering: pixelated; flex: none; }
        #cover[width="0"] { display: none; }
        .track { flex: 1; min-width: 0; }
        .title { font-size: 18px; font-weight: 600; overflow-wrap: anywhere; }
        .muted { color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
        .lyric { color: var(--accent); min-height: 1.4em; }
        .progress { height: 4px; background: #333; border-radius: 2px; margin: 6px 0; }
        #bar { height: 100%; width: 0; background: var(--accent); border-radius: 2px; }
        form { display: grid; gap: 8px; }
        .row { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
        .row > * { flex: 1 1 8em; }
        input, select, button { font: inherit; min-height: 44px; border-radius: 8px; border: 1px solid #444;
          background: #111; color: var(--fg); padding: 6px 10px; width: 100%; }
        input[type=range] { padding: 0; }
        button { background: #2a2a31; cursor: pointer; }
        button.wide { margin-top: 8px; }
        label { display: flex; flex-direction: column; font-size: 13px; color: var(--muted); gap: 2px; }
        .answer { min-height: 1.2em; margin: 6px 0 0; font-size: 14px; overflow-wrap: anywhere; }
        .answer.ok { color: #7ed491; } .answer.bad { color: #ff8a80; }
        #problems { margin: 0; padding-left: 18px; font-size: 14px; }
        #problems time { color: var(--muted); margin-right: 6px; }

        """#
}
