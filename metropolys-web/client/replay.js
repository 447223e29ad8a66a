// Built from client/src/pages/replay.ts by scripts/build-web (esbuild). Do not edit.
var MetropolysReplay = function() {
  function text(tag, s, cls) {
    const e = document.createElement(tag);
    e.textContent = s;
    if (cls)
      e.className = cls;
    return e;
  }
  function mount(D, el) {
    const S = D.steps, last = S.length - 1;
    let at = 0;
    function callOf(i) {
      return S[i][0];
    }
    function show(i) {
      at = Math.max(0, Math.min(last, i));
      const s = S[at];
      MetropolysPieces.place(el.layer, D.points, { buildings: s[3], tokens: s[4], bids: s[5], highlight: s[6] });
      const log = el.log;
      log.textContent = "";
      let where;
      if (s[0] < 0) {
        log.textContent = D.setup || "";
        where = D.where[at];
      } else {
        const c = D.calls[s[0]];
        log.appendChild(text("div", c.title));
        for (let k = 0; k < s[1]; k++)
          log.appendChild(text("div", c.lines[k], k + 1 === s[2] ? "now" : ""));
        const now = log.querySelector(".now");
        if (now)
          log.scrollTop = Math.max(0, now.offsetTop - log.offsetTop - log.clientHeight / 2);
        where = D.where[at];
      }
      el.where.textContent = where ?? null;
      const score = el.score;
      score.textContent = "";
      el.sheet.hidden = at !== last;
      if (at !== last) {
        score.appendChild(text("div", D.score_title));
        const table = document.createElement("table"), head = document.createElement("tr"), row = document.createElement("tr");
        D.seats.forEach(function(name, p) {
          head.appendChild(text("th", name));
          row.appendChild(text("td", String(s[7][p])));
        });
        table.appendChild(head);
        table.appendChild(row);
        score.appendChild(table);
      }
      el.root.setAttribute("data-step", String(at));
      el.root.setAttribute("data-call", String(s[0] < 0 ? 0 : D.calls[s[0]].call));
    }
    function isEnd(i) {
      return i === last || callOf(i + 1) !== callOf(i);
    }
    function nextCall() {
      let i = at + 1;
      while (i < last && !isEnd(i))
        i++;
      show(i);
    }
    function prevCall() {
      let i = at - 1;
      while (i > 0 && !isEnd(i))
        i--;
      show(i);
    }
    el.first.onclick = function() {
      show(0);
    };
    el.prevcall.onclick = prevCall;
    el.prev.onclick = function() {
      show(at - 1);
    };
    el.next.onclick = function() {
      show(at + 1);
    };
    el.nextcall.onclick = nextCall;
    el.last.onclick = function() {
      show(last);
    };
    function onKey(e) {
      const k = e.key;
      const t = e.target instanceof Element ? e.target.tagName : void 0;
      if (t === "INPUT" || t === "SELECT" || t === "TEXTAREA")
        return;
      if (k === "ArrowRight" && e.shiftKey || k === "ArrowDown" || k === "PageDown")
        nextCall();
      else if (k === "ArrowLeft" && e.shiftKey || k === "ArrowUp" || k === "PageUp")
        prevCall();
      else if (k === "ArrowRight")
        show(at + 1);
      else if (k === "ArrowLeft")
        show(at - 1);
      else if (k === "Home")
        show(0);
      else if (k === "End")
        show(last);
      else
        return;
      e.preventDefault();
    }
    document.addEventListener("keydown", onKey);
    return {
      show,
      at: function() {
        return at;
      },
      destroy: function() {
        document.removeEventListener("keydown", onKey);
      }
    };
  }
  return { mount };
}();
