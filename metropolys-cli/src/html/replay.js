/* Starts the shared replay (the server's web/replay.js, inlined before
 * this script with core's MetropolysPieces) on this page's elements, at
 * the step `?step=N` of the address names. */
(function () {
  var D = JSON.parse(document.getElementById('replay-data').textContent);
  function $(id) { return document.getElementById(id); }
  var replay = MetropolysReplay.mount(D, {
    layer: $('pieces'), first: $('first'), prevcall: $('prevcall'), prev: $('prev'),
    next: $('next'), nextcall: $('nextcall'), last: $('last'), where: $('where'),
    log: $('log'), score: $('score'), sheet: $('sheet'), root: document.body
  });
  var m = /[?&]step=(\d+)/.exec(window.location.search);
  replay.show(m ? parseInt(m[1], 10) : 0);
})();
