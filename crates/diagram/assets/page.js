'use strict';
// kifu's game page: one board (an SVG) per position, shown one at a time. A position is a node:
// 0 is the start, each move of the movetext (variations too) makes the next. A board knows the
// node before it (data-prev) and after it on its own line (data-next).
(function () {
  var boards = {};
  var moves = {};
  var current = null;
  var list = document.getElementById('movetext');
  Array.prototype.forEach.call(document.querySelectorAll('div.position'), function (b) {
    boards[b.getAttribute('data-node')] = b;
  });
  Array.prototype.forEach.call(document.querySelectorAll('.move'), function (m) {
    moves[m.getAttribute('data-node')] = m;
    m.addEventListener('click', function () { show(m.getAttribute('data-node')); });
  });
  function show(node) {
    var board = boards[node];
    if (!board) { return; }
    if (current !== null) {
      boards[current].hidden = true;
      if (moves[current]) {
        moves[current].classList.remove('current');
        moves[current].removeAttribute('aria-current');
      }
    }
    board.hidden = false;
    current = node;
    document.body.setAttribute('data-node', node);
    var m = moves[node];
    if (m) {
      m.classList.add('current');
      m.setAttribute('aria-current', 'step');
      if (list && list.scrollHeight > list.clientHeight) {
        var top = m.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - m.offsetHeight) {
          list.scrollTop = top - list.clientHeight / 2;
        }
      }
    } else if (list) {
      list.scrollTop = 0;
    }
  }
  function step(attribute) {
    var target = boards[current].getAttribute(attribute);
    if (target) { show(target); }
  }
  function toEnd() {
    var node = current;
    while (boards[node].getAttribute('data-next')) { node = boards[node].getAttribute('data-next'); }
    show(node);
  }
  document.getElementById('first').addEventListener('click', function () { show('0'); });
  document.getElementById('prev').addEventListener('click', function () { step('data-prev'); });
  document.getElementById('next').addEventListener('click', function () { step('data-next'); });
  document.getElementById('last').addEventListener('click', toEnd);
  document.addEventListener('keydown', function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    if (e.key === 'ArrowRight') { step('data-next'); }
    else if (e.key === 'ArrowLeft') { step('data-prev'); }
    else if (e.key === 'Home') { show('0'); }
    else if (e.key === 'End') { toEnd(); }
    else { return; }
    e.preventDefault();
  });
  var start = /^#n(\d+)$/.exec(window.location.hash);
  show(start && boards[start[1]] ? start[1] : '0');
})();
