extension WebPage {
    /// The page's script: the live view drawn from `/api/stream` (docs/WEB.md#the-live-view), and the
    /// controls, each showing the daemon's answer.
    static let script = #"""
        'use strict';
        const $ = (id) => document.getElementById(id);
        let token = localStorage.getItem('tickerd-token') || '';
        let state = null;
        let stateAt = 0;

        // The live view. Each frame is drawn as round LEDs on black, at the next animation frame (so a burst
        // draws its newest); the canvas's data-seq and data-sent name the frame it shows. An LED lit at level
        // v (0-255) at brightness b (0-255) gives v * (b / 255)^(1 / 2.2): the LED's light is linear, the
        // screen's values are not. An unlit LED is a dark grey dot.
        const panel = $('panel');
        const context = panel.getContext('2d');
        let waiting = null;
        const latencies = [];
        window.tickerdLatencies = latencies;

        function pixelsOf(text) {
          const raw = atob(text);
          const bytes = new Uint8Array(raw.length);
          for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
          return bytes;
        }

        function drawFrame() {
          const frame = waiting;
          waiting = null;
          if (!frame) return;
          const pixels = pixelsOf(frame.pixels);
          const pitch = Math.max(4, Math.min(24, Math.floor(1280 / frame.width)));
          if (panel.width !== frame.width * pitch || panel.height !== frame.height * pitch) {
            panel.width = frame.width * pitch;
            panel.height = frame.height * pitch;
          }
          const scale = Math.pow(frame.brightness / 255, 1 / 2.2);
          const channels = frame.color ? 3 : 1;
          context.fillStyle = '#000';
          context.fillRect(0, 0, panel.width, panel.height);
          const radius = pitch * 0.42;
          for (let y = 0; y < frame.height; y++) {
            for (let x = 0; x < frame.width; x++) {
              const at = (y * frame.width + x) * channels;
              const green = channels === 3 ? 1 : 0;
              const r = Math.round(pixels[at] * scale);
              const g = Math.round(pixels[at + green] * scale);
              const b = Math.round(pixels[at + 2 * green] * scale);
              context.fillStyle = r + g + b === 0 ? '#121212' : `rgb(${r},${g},${b})`;
              context.beginPath();
              context.arc((x + 0.5) * pitch, (y + 0.5) * pitch, radius, 0, 2 * Math.PI);
              context.fill();
            }
          }
          panel.dataset.seq = String(frame.seq);
          panel.dataset.sent = String(frame.sent);
          latencies.push(Date.now() - frame.sent);
          if (latencies.length > 4096) latencies.splice(0, 2048);
        }

        function showFrame(frame) {
          if (!waiting) requestAnimationFrame(drawFrame);
          waiting = frame;
        }

        function showCover(cover) {
          const canvas = $('cover');
          canvas.width = cover.width;
          canvas.height = cover.height;
          if (!cover.width) return;
          const pixels = pixelsOf(cover.pixels);
          const image = canvas.getContext('2d').createImageData(cover.width, cover.height);
          for (let i = 0, j = 0; i < pixels.length; i += 3, j += 4) {
            image.data[j] = pixels[i]; image.data[j + 1] = pixels[i + 1]; image.data[j + 2] = pixels[i + 2];
            image.data[j + 3] = 255;
          }
          canvas.getContext('2d').putImageData(image, 0, 0);
        }

        function clock(seconds) {
          if (seconds == null || !isFinite(seconds)) return '';
          const s = Math.max(0, Math.floor(seconds));
          return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
        }

        function showState(next) {
          state = next;
          stateAt = Date.now();
          $('login').hidden = !next.auth;
          const link = $('link');
          const status = next.status || {};
          link.textContent = !next.daemon ? 'no daemon' : status.connected ? 'live' : (status.device ? 'device away' : 'no device');
          link.className = 'badge ' + (next.daemon && (status.connected || !status.device) ? 'live' : 'down');
          const track = next.state || {};
          $('title').textContent = track.title || track.text || '—';
          $('artist').textContent = [track.artist, track.album].filter(Boolean).join(' · ');
          $('lyric').textContent = status.lyric || '';
          $('playstate').textContent = track.state || '';
          const device = next.daemon
            ? [status.device || 'no device', status.status, status.framesSent != null ? status.framesSent + ' frames sent' : '']
                .filter(Boolean).join(' · ')
            : 'tickerd is not running, or its view socket is elsewhere';
          $('device').textContent = device;
          const list = $('problems');
          list.replaceChildren();
          for (const problem of (next.problems || []).slice().reverse()) {
            const item = document.createElement('li');
            const time = document.createElement('time');
            time.textContent = new Date(problem.time * 1000).toLocaleTimeString();
            item.append(time, problem.text);
            list.append(item);
          }
          if (!list.children.length) {
            const item = document.createElement('li');
            item.className = 'muted';
            item.textContent = 'none';
            list.append(item);
          }
          tick();
        }

        function tick() {
          const track = (state && state.state) || {};
          let position = track.position || 0;
          // The file says where playback was when it was written ('written', seconds since 1970).
          const since = track.written ? Date.now() / 1000 - track.written : (Date.now() - stateAt) / 1000;
          if (track.state === 'playing') position += Math.max(0, since);
          if (track.duration) position = Math.min(position, track.duration);
          $('time').textContent = track.duration ? clock(position) + ' / ' + clock(track.duration) : (track.title ? clock(position) : '');
          $('bar').style.width = track.duration ? (100 * position / track.duration) + '%' : '0';
        }
        setInterval(tick, 500);

        const events = new EventSource('/api/stream');
        events.addEventListener('frame', (e) => showFrame(JSON.parse(e.data)));
        events.addEventListener('state', (e) => showState(JSON.parse(e.data)));
        events.addEventListener('cover', (e) => showCover(JSON.parse(e.data)));
        events.addEventListener('keepalive', () => {});
        events.onerror = () => { $('link').textContent = 'reconnecting…'; $('link').className = 'badge down'; };

        // The controls. Each posts and shows the answer: 'OK', or what was wrong in the daemon's words.
        async function post(path, body, type, answer) {
          const shown = $(answer);
          shown.textContent = '…';
          shown.className = 'answer';
          const headers = { 'Content-Type': type };
          if (token) headers.Authorization = 'Bearer ' + token;
          try {
            const response = await fetch(path, { method: 'POST', headers, body });
            const text = await response.text();
            shown.textContent = response.ok ? 'Done (' + text + ')' : text;
            shown.className = 'answer ' + (response.ok ? 'ok' : 'bad');
            return response.ok;
          } catch (error) {
            shown.textContent = String(error);
            shown.className = 'answer bad';
            return false;
          }
        }

        const oneLine = (text) => text.replace(/[\r\n]+/g, ' ').trim();
        const feed = (lines, answer) => post('/api/feed', lines.join('\n') + '\n', 'text/plain; charset=utf-8', answer);

        $('message').addEventListener('submit', async (e) => {
          e.preventDefault();
          let icon = oneLine($('message-icon').value);
          const file = $('message-file').files[0];
          if (file) {
            icon = 'web-upload';
            if (!await post('/api/icon?name=' + icon, file, 'application/octet-stream', 'message-answer')) return;
          }
          let line = 'message --for ' + ($('message-for').value || 10) + ' --priority ' + $('message-priority').value;
          if (icon) line += ' --icon ' + icon;
          // The feed's look options (docs/FEED.md, Colours): one colour for the whole text, or a rainbow.
          const look = $('message-look').value;
          if (look === 'color') line += ' --colors ' + $('message-color').value.slice(1).toUpperCase();
          if (look === 'rainbow') line += ' --rainbow';
          feed([line + ' -- ' + oneLine($('message-text').value)], 'message-answer');
        });
        $('page').addEventListener('submit', (e) => {
          e.preventDefault();
          const seconds = $('page-for').value;
          feed(['page ' + (seconds ? '--for ' + seconds + ' ' : '') + '-- ' + oneLine($('page-name').value) + ' ' +
            oneLine($('page-text').value)], 'page-answer');
        });
        $('page-remove').addEventListener('click', () => feed(['page --remove ' + oneLine($('page-name').value)], 'page-answer'));
        $('brightness-level').addEventListener('input', () => { $('brightness-shown').textContent = $('brightness-level').value; });
        $('brightness').addEventListener('submit', (e) => {
          e.preventDefault();
          feed(['brightness ' + $('brightness-level').value], 'brightness-answer');
        });
        $('brightness-auto').addEventListener('click', () => feed(['brightness auto'], 'brightness-answer'));
        $('clear').addEventListener('click', () => feed(['clear'], 'clear-answer'));
        $('token').addEventListener('submit', (e) => {
          e.preventDefault();
          token = $('token-text').value;
          localStorage.setItem('tickerd-token', token);
        });

        """#
}
