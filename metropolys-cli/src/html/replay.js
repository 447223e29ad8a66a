/* The replay's controls, log and score: shows step i of D.steps (the
 * pieces through core's MetropolysPieces, inlined before this script). */
(function () {
  var D = JSON.parse(document.getElementById('replay-data').textContent);
  var S = D.steps, last = S.length - 1, at = 0;
  var layer = document.getElementById('pieces');
  var setup = document.querySelector('details pre').textContent;
  function text(tag, s, cls) {
    var e = document.createElement(tag);
    e.textContent = s;
    if (cls) e.className = cls;
    return e;
  }
  function callOf(i) { return S[i][0]; }
  function show(i) {
    at = Math.max(0, Math.min(last, i));
    var s = S[at];
    MetropolysPieces.place(layer, D.points, { buildings: s[3], tokens: s[4], bids: s[5], highlight: s[6] });
    var log = document.getElementById('log');
    log.textContent = '';
    var where;
    if (s[0] < 0) {
      log.textContent = setup;
      where = 'setup · ' + last + ' decisions';
    } else {
      var c = D.calls[s[0]];
      log.appendChild(text('div', c.title));
      for (var k = 0; k < s[1]; k++) log.appendChild(text('div', c.lines[k], k + 1 === s[2] ? 'now' : ''));
      var now = log.querySelector('.now');
      if (now) log.scrollTop = Math.max(0, now.offsetTop - log.offsetTop - log.clientHeight / 2);
      where = 'call ' + c.call + ' · decision ' + at + ' of ' + last;
    }
    document.getElementById('where').textContent = where;
    var score = document.getElementById('score');
    score.textContent = '';
    var sheet = document.getElementById('sheet');
    sheet.hidden = at !== last;
    if (at !== last) {
      score.appendChild(text('div', 'Score as the position stands:'));
      var table = document.createElement('table'), head = document.createElement('tr'), row = document.createElement('tr');
      D.seats.forEach(function (name, p) {
        head.appendChild(text('th', name));
        row.appendChild(text('td', String(s[7][p])));
      });
      table.appendChild(head);
      table.appendChild(row);
      score.appendChild(table);
    }
    document.body.setAttribute('data-step', at);
    document.body.setAttribute('data-call', s[0] < 0 ? 0 : D.calls[s[0]].call);
  }
  function isEnd(i) { return i === last || callOf(i + 1) !== callOf(i); }
  function nextCall() {
    var i = at + 1;
    while (i < last && !isEnd(i)) i++;
    show(i);
  }
  function prevCall() {
    var i = at - 1;
    while (i > 0 && !isEnd(i)) i--;
    show(i);
  }
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prevcall').onclick = prevCall;
  document.getElementById('prev').onclick = function () { show(at - 1); };
  document.getElementById('next').onclick = function () { show(at + 1); };
  document.getElementById('nextcall').onclick = nextCall;
  document.getElementById('last').onclick = function () { show(last); };
  document.addEventListener('keydown', function (e) {
    var k = e.key;
    if (k === 'ArrowRight' && e.shiftKey || k === 'ArrowDown' || k === 'PageDown') nextCall();
    else if (k === 'ArrowLeft' && e.shiftKey || k === 'ArrowUp' || k === 'PageUp') prevCall();
    else if (k === 'ArrowRight') show(at + 1);
    else if (k === 'ArrowLeft') show(at - 1);
    else if (k === 'Home') show(0);
    else if (k === 'End') show(last);
    else return;
    e.preventDefault();
  });
  var m = /[?&]step=(\d+)/.exec(window.location.search);
  show(m ? parseInt(m[1], 10) : 0);
})();
