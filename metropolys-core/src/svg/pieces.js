/* The pieces of a Metropolys board drawn by metropolys-core's
 * svg::scripted_board: each piece is defined once, drawn at (0, 0), under
 * the id svg::Piece::id gives it (b{seat}_{n} a building, d{seat}_{n} a
 * bid, l{seat}_{n} the call's latest bid, t{i} a token in Token::ALL
 * order, h the ring of the building just constructed), and this script
 * places copies of them (<use>) on the neighborhoods' centres, in the
 * empty layer with the id "pieces" on top. It is core's svg::PIECES_SCRIPT,
 * which the command line's HTML replay inlines; a web client can serve it
 * as it is. */
var MetropolysPieces = (function () {
  var NS = 'http://www.w3.org/2000/svg';
  /* One piece `ref` on neighborhood `n` of `points` (n -> [x, y]). */
  function put(layer, points, ref, n, cls, data) {
    var u = document.createElementNS(NS, 'use');
    u.setAttribute('href', '#' + ref);
    u.setAttribute('x', points[n][0]);
    u.setAttribute('y', points[n][1]);
    u.setAttribute('class', cls);
    u.setAttribute('data-n', n);
    if (data) Object.keys(data).forEach(function (k) { u.setAttribute('data-' + k, data[k]); });
    layer.appendChild(u);
    return u;
  }
  /* Empties `layer` and places one position's pieces: `tokens` as
   * [neighborhood, token index], `buildings` and `bids` (the latest last)
   * as [neighborhood, seat, number], `highlight` a neighborhood or -1.
   * Tokens go under buildings, bids over them, the ring on top. */
  function place(layer, points, pieces) {
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    (pieces.tokens || []).forEach(function (t) { put(layer, points, 't' + t[1], t[0], 'token'); });
    (pieces.buildings || []).forEach(function (b) {
      put(layer, points, 'b' + b[1] + '_' + b[2], b[0], 'building seat' + b[1]);
    });
    var bids = pieces.bids || [];
    bids.forEach(function (b, k) {
      var latest = k === bids.length - 1;
      put(layer, points, (latest ? 'l' : 'd') + b[1] + '_' + b[2], b[0],
        'bid seat' + b[1] + (latest ? ' latest' : ''));
    });
    if (pieces.highlight !== undefined && pieces.highlight >= 0) {
      put(layer, points, 'h', pieces.highlight, 'highlight');
    }
  }
  return { put: put, place: place };
})();
