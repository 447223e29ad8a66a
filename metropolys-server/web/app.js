// The Metropolys web client: the lobby and the table. Plain JavaScript, no
// build step. It knows only what the server sends this client (its seat's
// view, R-21); the rules live on the server.
(function () {
  'use strict';
  var NS = 'http://www.w3.org/2000/svg';
  var COLORS = ['Blue', 'Red', 'White', 'Gray'];
  var HEX = ['#2f6fdb', '#d23a2f', '#ffffff', '#8a8a8a'];
  var TOKENS = ['trendy', 'subway', 'archaeology'];
  var KIND_COLOR = { industry: '#a4a4a4', park: '#f2a141', housing: '#7fc26c', mall: '#e5685b', administration: '#6e9ae6' };
  var AREA_TEXT = {
    bridges: 'Bridges: neighborhoods at both ends of a bridge',
    statues: 'Statues: neighborhoods beside a statue',
    lakes: 'Lakes: neighborhoods beside a lake',
    border: 'Border: neighborhoods on the river',
    districts: 'Districts: a building in each district',
    chains: 'Chains: chains of adjacent neighborhoods'
  };
  var PRINTED_DECK = [['park', 'mall', 'housing'], ['industry', 'mall', 'administration'],
    ['park', 'industry', 'housing'], ['administration', 'park', 'housing']];

  var info = null;          // GET /api/v1
  var g = null;             // the table's state

  function $(id) { return document.getElementById(id); }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function api(method, path, body, token) {
    var opts = { method: method, headers: {} };
    if (body !== undefined) { opts.body = JSON.stringify(body); opts.headers['Content-Type'] = 'application/json'; }
    if (token) opts.headers.Authorization = 'Bearer ' + token;
    return fetch('/api/v1' + path, opts).then(function (r) {
      return r.text().then(function (t) {
        var v = null;
        try { v = JSON.parse(t); } catch (e) { v = null; }
        if (!r.ok) throw new Error(v && v.error ? v.error.message : ('HTTP ' + r.status));
        return v;
      });
    });
  }
  function tokens() {
    try { return JSON.parse(localStorage.getItem('metropolys-seats') || '{}'); } catch (e) { return {}; }
  }
  function saveToken(match, seat, token) {
    var t = tokens();
    if (token) t[match] = { seat: seat, token: token }; else delete t[match];
    localStorage.setItem('metropolys-seats', JSON.stringify(t));
  }
  function seatName(seat) {
    if (g && g.seat === seat) return 'You (' + COLORS[seat] + ')';
    return COLORS[seat] + ' (seat ' + seat + ')';
  }
  function actionText(id) {
    if (id === 715) return 'pass';
    return 'bid ' + (id % 13 + 1) + ' on ' + Math.floor(id / 13);
  }

  // ----- lobby --------------------------------------------------------------

  var lobbyTimer = null;
  function showLobby() {
    closeGame();
    if (!lobbyTimer) lobbyTimer = setInterval(function () { if (!g) refreshMatches(); }, 3000);
    document.body.setAttribute('data-page', 'lobby');
    $('game').hidden = true;
    $('lobby').hidden = false;
    $('headline').textContent = 'Lobby';
    seatInputs();
    refreshMatches();
  }

  function seatInputs() {
    var n = parseInt($('players').value, 10);
    var box = $('seats');
    var old = [];
    box.querySelectorAll('select').forEach(function (s) { old.push(s.value); });
    while (box.children.length > 1) box.removeChild(box.lastChild);
    var kinds = ['human'].concat(info ? info.bots : []);
    for (var i = 0; i < n; i++) {
      var l = el('label');
      l.appendChild(el('span', COLORS[i] + ' (seat ' + i + ') '));
      var s = el('select');
      s.name = 'seat' + i;
      kinds.forEach(function (k) {
        var o = el('option', k === 'human' ? 'a person' : 'bot: ' + k);
        o.value = k;
        s.appendChild(o);
      });
      s.value = old[i] || (i < 2 ? 'human' : (kinds.indexOf('greedy') >= 0 ? 'greedy' : kinds[kinds.length - 1]));
      l.appendChild(s);
      box.appendChild(l);
    }
  }

  function refreshMatches() {
    api('GET', '/matches').then(function (v) {
      var box = $('matches');
      box.textContent = '';
      var all = v.matches.concat(v.finished);
      if (!all.length) { box.appendChild(el('p', 'No match yet: create one.')); return; }
      var t = el('table', null, 'matches');
      var mine = tokens();
      all.forEach(function (m) {
        var tr = el('tr');
        tr.setAttribute('data-match', m.id);
        tr.appendChild(el('td', m.players + ' players, ' + m.variant + (m.metropolys_cards ? ' + Metropolys cards' : '')));
        tr.appendChild(el('td', m.status + (m.status === 'playing' ? ' (move ' + m.move + ')' : '')));
        var td = el('td');
        if (mine[m.id]) {
          var b = el('button', 'Return to your seat');
          b.onclick = function () { location.hash = '#/match/' + m.id; };
          td.appendChild(b);
        } else {
          m.seats.forEach(function (s, i) {
            if (s.kind === 'human' && !s.taken && (m.status === 'open' || m.status === 'playing')) {
              var jb = el('button', 'Join as ' + COLORS[i]);
              jb.className = 'join';
              jb.setAttribute('data-seat', i);
              jb.onclick = function () { join(m.id, i); };
              td.appendChild(jb);
              td.appendChild(document.createTextNode(' '));
            }
          });
        }
        var w = el('button', m.status === 'finished' ? 'Replay' : 'Watch', 'secondary');
        w.onclick = function () { location.hash = '#/match/' + m.id; };
        td.appendChild(w);
        tr.appendChild(td);
        t.appendChild(tr);
      });
      box.appendChild(t);
    }).catch(function (e) { $('matches').textContent = 'Cannot list matches: ' + e.message; });
  }

  function join(id, seat) {
    return api('POST', '/matches/' + id + '/join', seat === undefined ? {} : { seat: seat }).then(function (v) {
      saveToken(id, v.seat, v.token);
      if (location.hash === '#/match/' + id) route(); else location.hash = '#/match/' + id;
    }).catch(function (e) { alert('Cannot join: ' + e.message); });
  }

  $('players').addEventListener('change', seatInputs);
  $('create').addEventListener('submit', function (ev) {
    ev.preventDefault();
    var f = ev.target;
    var n = parseInt(f.players.value, 10);
    var body = { players: n, variant: f.variant.value, seats: [] };
    for (var i = 0; i < n; i++) body.seats.push(f['seat' + i].value);
    if (f.metropolys.checked) { body.variant = 'expert'; body.metropolys_deck = PRINTED_DECK; }
    if (f.turn.value) body.turn_seconds = parseFloat(f.turn.value);
    $('create-error').textContent = '';
    api('POST', '/matches', body).then(function (v) {
      var free = v.match.seats.findIndex(function (s) { return s.kind === 'human'; });
      if (free >= 0) return join(v.match.id, free);
      location.hash = '#/match/' + v.match.id;
    }).catch(function (e) { $('create-error').textContent = e.message; });
  });

  // ----- the table ----------------------------------------------------------

  function closeGame() {
    if (g && g.ws) { g.closing = true; g.ws.close(); }
    if (g && g.timer) clearInterval(g.timer);
    g = null;
  }

  function showGame(id) {
    closeGame();
    document.body.setAttribute('data-page', 'game');
    $('lobby').hidden = true;
    $('game').hidden = false;
    var mine = tokens()[id];
    g = { id: id, seat: mine ? mine.seat : null, token: mine ? mine.token : null, move: null, last: null,
      legal: [], byNeighborhood: {}, chosen: null, pieces: {}, logQueue: [], ws: null, closing: false, deadline: null };
    document.body.setAttribute('data-seat', g.seat === null ? '' : g.seat);
    $('headline').textContent = 'Match ' + id + (g.seat === null ? ' · watching' : ' · you are ' + COLORS[g.seat]);
    $('log').textContent = '';
    $('cards').textContent = '';
    $('supply').textContent = '';
    $('scores').hidden = true;
    $('join-bar').textContent = '';
    $('mine').hidden = g.seat === null;
    $('leave').hidden = g.seat === null;
    $('board').textContent = 'Loading the board…';
    fetch('/api/v1/matches/' + id + '/board.svg').then(function (r) {
      if (!r.ok) throw new Error('no such match');
      return r.text();
    }).then(function (svg) {
      if (!g || g.id !== id) return;
      $('board').innerHTML = svg;
      var layer = $('board').querySelector('#pieces');
      g.layer = layer;
      g.points = {};
      for (var n = 0; n < 55; n++) {
        var grp = $('board').querySelector('#n' + n);
        if (!grp) continue;
        var c = grp.querySelector('circle');
        g.points[n] = [c.getAttribute('cx'), c.getAttribute('cy')];
        grp.setAttribute('data-n', n);
        grp.addEventListener('click', onNeighborhood);
        grp.addEventListener('keydown', function (ev) {
          if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); onNeighborhood.call(this, ev); }
        });
      }
      connect();
    }).catch(function (e) { $('board').textContent = 'Cannot open this match: ' + e.message; });
    g.timer = setInterval(tick, 250);
  }

  function connect() {
    if (!g) return;
    var q = [];
    if (g.token) q.push('token=' + encodeURIComponent(g.token));
    if (g.move !== null) q.push('since=' + g.move);
    var url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/api/v1/matches/' + g.id + '/ws' + (q.length ? '?' + q.join('&') : '');
    var ws = new WebSocket(url);
    var mine = g;
    g.ws = ws;
    ws.onmessage = function (ev) { if (g === mine) onMessage(JSON.parse(ev.data)); };
    ws.onclose = function (ev) {
      if (g !== mine || g.closing) return;
      if (ev.code === 1000 && ev.reason === 'left') return;
      if (ev.code === 1006 && g.move === null && g.token) {
        // Refused before opening: the credential is no longer valid.
        saveToken(g.id, null, null);
        g.token = null; g.seat = null;
      }
      $('turn').textContent = 'Connection lost; reconnecting…';
      setTimeout(function () { if (g === mine) connect(); }, 1000);
    };
  }

  function send(v) { if (g && g.ws && g.ws.readyState === 1) g.ws.send(JSON.stringify(v)); }

  function onMessage(m) {
    if (m.type === 'update') update(m);
    else if (m.type === 'presence') { g.seats = m.seats; players(); }
    else if (m.type === 'hint') showHint(m);
    else if (m.type === 'error') {
      $('hint-text').textContent = m.message;
      if (m.code === 'stale_move') send({ op: 'sync' });
    }
  }

  function update(m) {
    if (m.timed_out) queueLog('Time ran out for ' + seatName(m.timed_out.seat) + ': the greedy bot plays for them');
    var first = g.move === null;
    g.move = m.move;
    g.last = m;
    g.seats = m.seats;
    g.legal = m.legal;
    g.byNeighborhood = {};
    m.legal.forEach(function (id) {
      if (id >= 715) return;
      var n = Math.floor(id / 13);
      (g.byNeighborhood[n] = g.byNeighborhood[n] || []).push(id);
    });
    g.deadline = typeof m.deadline_ms === 'number' ? Date.now() + m.deadline_ms : null;
    document.body.setAttribute('data-move', m.move);
    document.body.setAttribute('data-status', m.status);
    document.body.setAttribute('data-to-act', m.view.to_act === null ? '' : m.view.to_act);
    closePicker();
    $('hint-text').textContent = '';
    clearHint();
    drawPieces(m.view, !first);
    highlightLegal();
    turnLine();
    players();
    cards(m.view);
    m.events.forEach(function (e) { queueLog(eventText(e), first); });
    $('pass').disabled = m.legal.indexOf(715) < 0;
    $('hint').disabled = !m.legal.length;
    if (m.status === 'finished') finalScores(m);
    joinBar();
  }

  function put(ref, n, cls, attrs, fresh) {
    var u = document.createElementNS(NS, 'use');
    u.setAttribute('href', '#' + ref);
    u.setAttribute('x', g.points[n][0]);
    u.setAttribute('y', g.points[n][1]);
    u.setAttribute('class', cls + (fresh ? ' new' : ''));
    u.setAttribute('data-n', n);
    Object.keys(attrs).forEach(function (k) { u.setAttribute('data-' + k, attrs[k]); });
    g.layer.appendChild(u);
  }

  function drawPieces(v, animate) {
    if (!g.layer) return;
    var before = g.pieces;
    var now = {};
    while (g.layer.firstChild) g.layer.removeChild(g.layer.firstChild);
    Object.keys(v.tokens).forEach(function (n) {
      var t = TOKENS.indexOf(v.tokens[n]);
      put('t' + t, +n, 'token', { token: v.tokens[n] }, false);
    });
    v.constructed.forEach(function (c) {
      var key = 'b' + c.neighborhood;
      now[key] = true;
      put('b' + c.player + '_' + c.building, c.neighborhood, 'building seat' + c.player,
        { seat: c.player, num: c.building }, animate && !before[key]);
    });
    v.bids.forEach(function (b, i) {
      var latest = i === v.bids.length - 1;
      var key = 'd' + b.neighborhood + '_' + b.player + '_' + b.building;
      now[key] = true;
      put((latest ? 'l' : 'd') + b.player + '_' + b.building, b.neighborhood,
        'bid seat' + b.player + (latest ? ' latest' : ''), { seat: b.player, num: b.building }, animate && !before[key]);
    });
    g.pieces = now;
  }

  function highlightLegal() {
    for (var n = 0; n < 55; n++) {
      var grp = $('board').querySelector('#n' + n);
      if (!grp) continue;
      var legal = !!g.byNeighborhood[n];
      grp.classList.toggle('legal', legal);
      if (legal) {
        grp.setAttribute('tabindex', '0');
        grp.setAttribute('role', 'button');
        grp.setAttribute('aria-label', 'neighborhood ' + n + ': bid here');
      } else {
        grp.removeAttribute('tabindex');
        grp.removeAttribute('role');
        grp.removeAttribute('aria-label');
      }
    }
  }

  function onNeighborhood() {
    var n = +this.getAttribute('data-n');
    if (!g.byNeighborhood[n]) return;
    openPicker(n);
  }

  function openPicker(n) {
    closePicker();
    g.chosen = n;
    var grp = $('board').querySelector('#n' + n);
    if (grp) grp.classList.add('chosen');
    $('picker-title').textContent = 'Neighborhood ' + n + ': bid with building';
    var box = $('picker-buttons');
    box.textContent = '';
    g.byNeighborhood[n].forEach(function (id) {
      var b = el('button', String(id % 13 + 1), 'pick');
      b.type = 'button';
      b.setAttribute('data-action', id);
      b.title = 'building ' + (id % 13 + 1) + (id % 13 + 1 >= 10 ? '' : ' (key ' + (id % 13 + 1) + ')');
      b.onclick = function () { act(id); };
      box.appendChild(b);
    });
    $('picker').hidden = false;
    var firstButton = box.querySelector('button');
    if (firstButton) firstButton.focus();
  }

  function closePicker() {
    $('picker').hidden = true;
    if (g && g.chosen !== null) {
      var grp = $('board').querySelector('#n' + g.chosen);
      if (grp) grp.classList.remove('chosen');
    }
    if (g) g.chosen = null;
  }

  function act(id) {
    if (g.legal.indexOf(id) < 0) return;
    send({ move: g.move, action: id });
    closePicker();
    g.legal = [];
    g.byNeighborhood = {};
    highlightLegal();
    $('pass').disabled = true;
    $('hint').disabled = true;
  }

  function clearHint() {
    $('board').querySelectorAll('.hinted').forEach(function (e) { e.classList.remove('hinted'); });
  }

  function showHint(m) {
    if (m.move !== g.move) return;
    clearHint();
    $('hint-text').textContent = 'Hint: ' + actionText(m.action);
    $('hint-text').setAttribute('data-action', m.action);
    if (m.action < 715) {
      var grp = $('board').querySelector('#n' + Math.floor(m.action / 13));
      if (grp) grp.classList.add('hinted');
    }
  }

  $('pass').onclick = function () { act(715); };
  $('hint').onclick = function () { send({ op: 'hint' }); };
  $('picker-cancel').onclick = closePicker;
  $('leave').onclick = function () {
    if (!g || !g.token || !confirm('Leave this seat? Anyone may then take it.')) return;
    api('POST', '/matches/' + g.id + '/leave', undefined, g.token).then(function () {
      saveToken(g.id, null, null);
      location.hash = '#/';
    });
  };
  document.addEventListener('keydown', function (ev) {
    if (!g || document.body.getAttribute('data-page') !== 'game') return;
    if (ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'SELECT')) return;
    var k = ev.key;
    if (k === 'Escape') { closePicker(); return; }
    if ((k === 'p' || k === 'P') && g.legal.indexOf(715) >= 0) { act(715); return; }
    if ((k === 'h' || k === 'H') && g.legal.length) { send({ op: 'hint' }); return; }
    if (g.chosen !== null && /^[0-9]$/.test(k)) {
      var b = k === '0' ? 10 : +k;
      var id = g.chosen * 13 + b - 1;
      if (g.legal.indexOf(id) >= 0) act(id);
    }
  });

  function turnLine() {
    var m = g.last;
    var t = $('turn');
    t.classList.remove('mine');
    if (m.status === 'open') t.textContent = 'Waiting for every seat to be taken…';
    else if (m.status === 'finished') t.textContent = 'Game over';
    else if (m.status === 'cancelled') t.textContent = 'Cancelled: nobody joined in time';
    else if (m.view.to_act === g.seat) { t.textContent = 'Your turn: click a highlighted neighborhood' + (m.legal.indexOf(715) >= 0 ? ', or pass' : ''); t.classList.add('mine'); }
    else t.textContent = seatName(m.view.to_act) + ' to act';
    t.textContent += ' · call ' + m.view.call + ' · move ' + m.move;
  }

  function tick() {
    if (!g || !g.last || g.deadline === null || g.last.status !== 'playing') return;
    var left = Math.max(0, Math.round((g.deadline - Date.now()) / 1000));
    var base = $('turn').textContent.replace(/ · \d+ s left$/, '');
    $('turn').textContent = base + ' · ' + left + ' s left';
  }

  function players() {
    var m = g.last;
    if (!m) return;
    var t = $('players-table');
    t.textContent = '';
    var head = el('tr');
    ['', 'Seat', 'Built', 'Supply', 'T', 'S', 'A', 'Cards'].forEach(function (h) { head.appendChild(el('th', h)); });
    t.appendChild(head);
    var v = m.view;
    for (var p = 0; p < v.players; p++) {
      var s = (g.seats || m.seats)[p];
      var tr = el('tr');
      tr.setAttribute('data-seat', p);
      if (v.to_act === p) tr.className = 'to-act';
      var d = el('td', null, 'presence');
      var dot = el('span', null, 'dot' + (s.connected ? ' on' : ''));
      dot.title = s.kind === 'bot' ? 'bot' : (s.connected ? 'connected' : (s.taken ? 'away' : 'free seat'));
      d.appendChild(dot);
      tr.appendChild(d);
      var name = el('td');
      var sw = el('span', null, 'swatch');
      sw.style.background = HEX[p];
      name.appendChild(sw);
      name.appendChild(document.createTextNode(COLORS[p] + (g.seat === p ? ' (you)' : '') + (s.kind === 'bot' ? ' · ' + s.bot : '')));
      tr.appendChild(name);
      var built = v.constructed.filter(function (c) { return c.player === p; }).length;
      tr.appendChild(el('td', String(built)));
      tr.appendChild(el('td', String(v.supply[p].length)));
      tr.appendChild(el('td', String(v.taken[p].trendy)));
      tr.appendChild(el('td', String(v.taken[p].subway)));
      tr.appendChild(el('td', String(v.taken[p].archaeology)));
      var held = [];
      if (v.subway_card === p) held.push('subway');
      if (v.archaeology_card === p) held.push('archaeology');
      tr.appendChild(el('td', held.join(', ')));
      t.appendChild(tr);
    }
  }

  function cardEl(kind, key, text, color) {
    var c = el('span', null, 'card ' + kind);
    c.setAttribute('data-card', key);
    if (color) { var sw = el('span', null, 'swatch'); sw.style.background = color; c.appendChild(sw); }
    c.appendChild(document.createTextNode(text));
    return c;
  }

  // The seat's own cards (its view holds no one else's before the end).
  function cards(v) {
    var box = $('cards');
    box.textContent = '';
    if (g.seat === null) return;
    var o = v.objectives[g.seat];
    if (o) {
      box.appendChild(cardEl('area', 'area:' + o.area, AREA_TEXT[o.area] || o.area));
      if (o.neighborhood) box.appendChild(cardEl('kind', 'kind:' + o.neighborhood, o.neighborhood + ' neighborhoods', KIND_COLOR[o.neighborhood]));
    }
    var mc = v.metropolys_cards[g.seat];
    if (mc) box.appendChild(cardEl('metropolys', 'metropolys:' + mc.join(','), 'Metropolys: ' + mc.join(', ')));
    var sup = $('supply');
    sup.textContent = 'Your supply: ' + (v.supply[g.seat].join(' ') || 'none');
    sup.setAttribute('data-supply', v.supply[g.seat].join(','));
  }

  function eventText(e) {
    switch (e.type) {
      case 'call_started': return 'Call ' + e.call + ': ' + seatName(e.player) + ' opens';
      case 'bid_placed': return seatName(e.player) + ' bids ' + e.building + ' on ' + e.neighborhood;
      case 'passed': return seatName(e.player) + (e.forced ? ' cannot outbid and passes' : ' passes');
      case 'constructed': return seatName(e.player) + ' constructs building ' + e.building + ' on ' + e.neighborhood;
      case 'bid_returned': return seatName(e.player) + '\u2019s ' + e.building + ' returns from ' + e.neighborhood;
      case 'token_taken': return seatName(e.player) + ' takes the ' + e.token + ' token';
      case 'card_taken': return seatName(e.player) + ' takes the ' + e.card + ' card' + (e.from === null ? '' : ' from ' + seatName(e.from));
      case 'game_ended': return 'Game over: ' + e.winners.map(seatName).join(' and ') + (e.winners.length > 1 ? ' share the victory' : ' wins');
      default: return e.type;
    }
  }

  // The log shows events one by one (a short delay each), newest last.
  function queueLog(text, instant) {
    if (instant) { appendLog(text, false); return; }
    g.logQueue.push(text);
    if (g.logQueue.length === 1) drainLog();
  }
  function drainLog() {
    if (!g || !g.logQueue.length) return;
    appendLog(g.logQueue[0], true);
    var mine = g;
    setTimeout(function () { if (g === mine) { g.logQueue.shift(); drainLog(); } }, 120);
  }
  function appendLog(text, fresh) {
    var log = $('log');
    var li = el('li', text, fresh ? 'fresh' : '');
    log.appendChild(li);
    while (log.children.length > 400) log.removeChild(log.firstChild);
    log.scrollTop = log.scrollHeight;
  }

  function finalScores(m) {
    $('scores').hidden = false;
    var box = $('score-sheet');
    box.textContent = '';
    var rows = [['trendy', 'Trendy tokens'], ['subway', 'Subway tokens'], ['subway_card', 'Subway card'],
      ['archaeology', 'Archaeological tokens'], ['archaeology_card', 'Archaeological card'], ['area', 'Area card'],
      ['neighborhood', 'Neighborhood card'], ['highest_building', 'Highest buildings'], ['metropolys', 'Metropolys card'], ['total', 'Total']];
    var t = el('table', null, 'sheet');
    var head = el('tr');
    head.appendChild(el('th', ''));
    m.scores.forEach(function (s) {
      head.appendChild(el('th', COLORS[s.player] + (m.winners.indexOf(s.player) >= 0 ? ' ★' : ''), m.winners.indexOf(s.player) >= 0 ? 'winner' : ''));
    });
    t.appendChild(head);
    rows.forEach(function (r) {
      var tr = el('tr', null, r[0] === 'total' ? 'total' : '');
      tr.appendChild(el('td', r[1]));
      m.scores.forEach(function (s) { tr.appendChild(el('td', String(s[r[0]]))); });
      t.appendChild(tr);
    });
    box.appendChild(t);
    // Every seat's cards, revealed at the end.
    var cardsRow = el('div');
    m.view.objectives.forEach(function (o, p) {
      if (!o) return;
      var line = el('p', COLORS[p] + ': ');
      line.appendChild(cardEl('area', 'area:' + o.area, o.area));
      if (o.neighborhood) line.appendChild(cardEl('kind', 'kind:' + o.neighborhood, o.neighborhood, KIND_COLOR[o.neighborhood]));
      var mc = m.view.metropolys_cards[p];
      if (mc) line.appendChild(cardEl('metropolys', 'metropolys:' + mc.join(','), mc.join(', ')));
      cardsRow.appendChild(line);
    });
    box.appendChild(cardsRow);
    $('record-link').href = '/api/v1/matches/' + g.id + '/record';
    $('record-link').setAttribute('download', 'metropolys-' + g.id + '.json');
  }

  function joinBar() {
    var bar = $('join-bar');
    bar.textContent = '';
    if (g.seat !== null || g.last.status === 'finished') return;
    g.last.seats.forEach(function (s, i) {
      if (s.kind === 'human' && !s.taken) {
        var b = el('button', 'Take the ' + COLORS[i] + ' seat', 'join');
        b.setAttribute('data-seat', i);
        b.onclick = function () { join(g.id, i); };
        bar.appendChild(b);
      }
    });
  }

  // ----- routing ------------------------------------------------------------

  function route() {
    var m = /^#\/match\/([0-9a-f]{1,64})$/.exec(location.hash);
    if (m) showGame(m[1]); else showLobby();
  }
  window.addEventListener('hashchange', route);
  api('GET', '').then(function (v) { info = v; }).catch(function () { info = { bots: [] }; }).then(function () {
    seatInputs();
    route();
  });
})();
