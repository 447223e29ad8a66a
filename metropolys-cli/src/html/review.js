/* The bots' review in the HTML replay (`metropolys replay --html --review`):
 * a click on the win-chance graph (#review-graph) or on a graded decision
 * of the list (#review-list) shows that step; the graph's cursor and the
 * list follow the step shown; each graded decision is marked in the log of
 * its call, its grade and the reviewer's suggestion beside its line.
 * MetropolysReview.mount(D, R, replay, el):
 *   D       the replay's data (its steps: [call, lines shown, own line, ...])
 *   R       the review's data (#review-data): x0 and dx, the graph's x of
 *           step 0 and between steps; marks [[step, grade id, grade in
 *           words, suggestion]]
 *   replay  what MetropolysReplay.mount returned (show, at)
 *   el      graph, cursor, list, log, root (whose data-step follows the
 *           step shown). */
var MetropolysReview = (function () {
  function mount(D, R, replay, el) {
    var last = D.steps.length - 1;
    function stepAt(e) {
      var m = el.graph.getScreenCTM();
      if (!m || !R.dx) return 0;
      var pt = el.graph.createSVGPoint();
      pt.x = e.clientX;
      pt.y = e.clientY;
      var p = pt.matrixTransform(m.inverse());
      return Math.max(0, Math.min(last, Math.round((p.x - R.x0) / R.dx)));
    }
    if (el.graph) {
      el.graph.addEventListener('click', function (e) {
        var t = e.target && e.target.getAttribute ? e.target.getAttribute('data-step') : null;
        replay.show(t ? parseInt(t, 10) : stepAt(e));
      });
    }
    var items = el.list ? el.list.querySelectorAll('li[data-step]') : [];
    Array.prototype.forEach.call(items, function (li) {
      li.querySelector('button').addEventListener('click', function () {
        replay.show(parseInt(li.getAttribute('data-step'), 10));
      });
    });
    function update() {
      var at = replay.at(), s = D.steps[at];
      if (el.cursor) {
        var x = String(R.x0 + at * R.dx);
        el.cursor.setAttribute('x1', x);
        el.cursor.setAttribute('x2', x);
      }
      Array.prototype.forEach.call(items, function (li) {
        li.classList.toggle('now', Number(li.getAttribute('data-step')) === at);
      });
      if (!s || s[0] < 0) return;
      var lines = el.log.children;
      R.marks.forEach(function (m) {
        var t = D.steps[m[0]];
        if (!t || m[0] > at || t[0] !== s[0] || t[2] < 1 || t[2] >= lines.length) return;
        var line = lines[t[2]];
        if (line.querySelector('.verdict')) return;
        line.classList.add('graded', 'g-' + m[1]);
        var v = document.createElement('span'), b = document.createElement('b');
        v.className = 'verdict';
        b.textContent = m[2];
        v.appendChild(b);
        v.appendChild(document.createTextNode(' \u2014 ' + m[3]));
        line.appendChild(v);
      });
    }
    if (typeof MutationObserver !== 'undefined') {
      new MutationObserver(update).observe(el.root, { attributes: true, attributeFilter: ['data-step'] });
    }
    update();
    return { update: update };
  }
  return { mount: mount };
})();
