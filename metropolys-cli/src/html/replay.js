/* Starts the shared replay (the server's web/replay.js, inlined before
 * this script with core's MetropolysPieces) on this page's elements, at
 * the step `?step=N` of the address names; with the bots' review
 * (#review-data), MetropolysReview (html/review.js) too. */
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
  // The bots' review, when the page has one (review.js, inlined before).
  var R = $('review-data');
  if (R && typeof MetropolysReview !== 'undefined') {
    MetropolysReview.mount(D, JSON.parse(R.textContent), replay, {
      graph: $('review-graph'), cursor: $('review-cursor'), list: $('review-list'),
      log: $('log'), root: document.body
    });
  }
})();
