// kifu serve: the page's script. Hand-written, no library, no network but this server.
//
// Every text that comes from a record (moves, comments, tags, messages) is put into the page
// with textContent or as an attribute value, never as markup; the board is kifu's own SVG,
// parsed as XML. The record can travel in the address's fragment (#r=base64url of its UTF-8),
// so that a link reopens it; nothing is kept on the server.
'use strict';

const $ = (id) => document.getElementById(id);

const state = {
  formats: null,
  // The record: its text (pasted, or a text file decoded by the server), or a binary file's
  // bytes (base64) with its name.
  source: { text: '', base64: null, name: 'record' },
  result: null,
  game: 0,
  // The shown position: the line of moves from the start to it, and how many of them.
  seq: [],
  index: 0,
  path: '',
  flip: false,
  undo: null,
  svg: new Map(),
  timer: null,
  generation: 0,
};

/** An element with a class and a text. */
function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function option(value, text) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}

function setStatus(id, text, bad) {
  const s = $(id);
  s.textContent = text;
  s.classList.toggle('bad', Boolean(bad));
}

async function api(path, body, raw) {
  const init = raw
    ? { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: raw }
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(path, init);
  let value;
  try {
    value = await response.json();
  } catch (e) {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    throw new Error(value && value.error ? value.error : `the server answered ${response.status}`);
  }
  return value;
}

// ---- The record in the address -------------------------------------------------------------

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  let b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  while (b64.length % 4) b64 += '=';
  const binary = atob(b64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The longest record put in the address (longer ones make links browsers refuse). */
const MAX_LINK = 32 * 1024;

function remember() {
  if (state.source.base64 !== null) return;
  const text = state.source.text;
  if (!text.trim()) {
    history.replaceState(null, '', location.pathname);
  } else if (text.length <= MAX_LINK) {
    history.replaceState(null, '', `#r=${toBase64Url(text)}`);
  }
}

// ---- Reading and checking -------------------------------------------------------------------

function readOptions() {
  const o = {};
  for (const [key, id] of [['variant', 'variant'], ['from', 'from'], ['lang', 'lang']]) {
    if ($(id).value) o[key] = $(id).value;
  }
  return o;
}

function shownOptions() {
  const o = {};
  const n = $('notation').value;
  if (n) {
    o.notation = n;
    if (!$('notation-lang-choice').hidden && $('notation-lang').value) o.notation_lang = $('notation-lang').value;
    if (!$('notation-style-choice').hidden && $('notation-style').value) o.notation_style = $('notation-style').value;
  }
  return o;
}

function sourceBody(source) {
  const s = source || state.source;
  return s.base64 !== null ? { base64: s.base64, name: s.name } : { text: s.text, name: s.name };
}

async function check() {
  const generation = ++state.generation;
  if (state.source.base64 === null && !state.source.text.trim()) {
    state.result = null;
    render();
    setStatus('status', '');
    remember();
    return;
  }
  setStatus('status', 'checking…');
  try {
    const result = await api('/api/read', { ...sourceBody(), ...readOptions(), ...shownOptions() });
    if (generation !== state.generation) return;
    state.result = result;
    if (state.game >= result.games.length) state.game = 0;
    render();
    remember();
  } catch (e) {
    if (generation !== state.generation) return;
    state.result = null;
    render();
    setStatus('status', e.message, true);
  }
}

function checkSoon() {
  clearTimeout(state.timer);
  state.timer = setTimeout(check, 350);
}

function setText(text) {
  state.source = { text, base64: null, name: state.source.base64 === null ? state.source.name : 'record' };
  $('record').value = text;
  $('record').disabled = false;
}

async function openFile(file) {
  setStatus('status', `reading ${file.name}…`);
  try {
    const buffer = await file.arrayBuffer();
    const query = new URLSearchParams({ name: file.name, ...readOptions(), ...shownOptions() });
    const result = await api(`/api/read?${query}`, null, buffer);
    if (result.text !== null) {
      state.source = { text: result.text, base64: null, name: file.name };
      $('record').value = result.text;
      $('record').disabled = false;
    } else {
      const bytes = new Uint8Array(buffer);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) {
        binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      }
      state.source = { text: '', base64: btoa(binary), name: file.name };
      $('record').value = `${file.name}: a ${result.format_title} file (${bytes.length} bytes), read as it is; download it in another format to edit it`;
      $('record').disabled = true;
      history.replaceState(null, '', location.pathname);
    }
    state.result = result;
    state.game = 0;
    render();
  } catch (e) {
    setStatus('status', `${file.name}: ${e.message}`, true);
  }
}

// ---- Drawing the answer ---------------------------------------------------------------------

function currentGame() {
  return state.result && state.result.games[state.game];
}

function render() {
  const result = state.result;
  const game = currentGame();
  renderStatus(result, game);
  renderSource(result);
  renderDiagnostics(game);
  renderGameChoice(result);
  renderTags(game);
  fillNotations(game);
  fillTargets(game);
  renderMoves(game);
  restoreSelection(game);
}

function renderStatus(result, game) {
  if (!result) return;
  const s = result.summary;
  const parts = [`${s.games} ${s.games === 1 ? 'game' : 'games'}`, `${s.with_errors} with errors`, `${s.warnings} ${s.warnings === 1 ? 'warning' : 'warnings'}`];
  parts.push(result.format_title + (result.encoding && result.encoding !== 'UTF-8' ? `, ${result.encoding}${result.encoding_detected ? ' (detected)' : ''}` : ''));
  if (game && game.notation) parts.push(`read as ${game.notation}`);
  if (result.truncated) parts.push(`more games follow: only the first ${result.games.length} are read (the kifu command line reads them all)`);
  setStatus('status', parts.join(' · '), s.with_errors > 0);
}

function allDiagnostics(result) {
  if (!result) return [];
  return result.games.flatMap((g) => g.diagnostics);
}

function renderSource(result) {
  const box = $('source');
  box.replaceChildren();
  const text = state.source.base64 === null ? state.source.text : '';
  if (!text) return;
  const lines = text.split('\n');
  const marks = new Map();
  allDiagnostics(result).forEach((d, i) => {
    if (!d.line || !d.column) return;
    const list = marks.get(d.line) || [];
    list.push([d, i]);
    marks.set(d.line, list);
  });
  const frag = document.createDocumentFragment();
  lines.forEach((raw, i) => {
    const number = i + 1;
    const line = el('div', 'line');
    line.id = `line-${number}`;
    line.append(el('span', 'ln', number));
    const chars = Array.from(raw.replace(/\r$/, ''));
    const here = (marks.get(number) || []).slice().sort((a, b) => a[0].column - b[0].column);
    let at = 0;
    for (const [d, index] of here) {
      const start = d.column - 1;
      if (start < at) continue;
      let end = d.end_line === number && d.end_column > d.column ? d.end_column - 1 : (d.end_line > number ? chars.length : start + 1);
      end = Math.min(Math.max(end, start + 1), Math.max(chars.length, start + 1));
      line.append(document.createTextNode(chars.slice(at, start).join('')));
      const mark = el('mark', `diag ${d.severity}`, chars.slice(start, end).join('') || ' ');
      mark.tabIndex = 0;
      mark.dataset.diagnostic = String(index);
      mark.dataset.ply = d.ply ? String(d.ply) : '';
      mark.setAttribute('aria-label', `${d.severity}: ${d.message}`);
      line.append(mark);
      at = end;
    }
    line.append(document.createTextNode(chars.slice(at).join('')));
    frag.append(line);
  });
  box.append(frag);
}

function where(d) {
  const parts = [];
  if (state.result && state.result.games.length > 1) parts.push(`game ${d.game}`);
  if (d.line) parts.push(`line ${d.line}, column ${d.column}`);
  if (d.ply) parts.push(`ply ${d.ply}`);
  return parts.join(', ');
}

/** A diagnostic's message, help and candidates (each a button that puts it in the record). */
function describe(d, box) {
  box.append(el('span', 'sev', `${d.severity}[${d.code}]`), ' ');
  const w = where(d);
  if (w) box.append(el('span', 'where', w), ': ');
  box.append(el('span', 'message', d.text ? `\`${d.text}\`: ${d.message}` : d.message));
  if (d.help) {
    box.append(el('div', 'help', `help: ${d.help}`));
  }
  if (d.candidates && d.candidates.length && d.line && state.source.base64 === null) {
    const c = el('span', 'candidates');
    c.append(el('span', '', 'use:'));
    for (const candidate of d.candidates) {
      const b = el('button', 'candidate', candidate);
      b.type = 'button';
      b.title = `Write ${candidate} in place of ${d.text || 'this move'}`;
      b.dataset.ply = d.ply ? String(d.ply) : '';
      b.addEventListener('click', () => useCandidate(d, candidate));
      c.append(b);
    }
    box.append(c);
  }
}

function renderDiagnostics(game) {
  const list = $('diagnostics');
  list.replaceChildren();
  allDiagnostics(state.result).forEach((d, i) => {
    const li = el('li', d.severity);
    li.dataset.diagnostic = String(i);
    li.dataset.ply = d.ply ? String(d.ply) : '';
    li.dataset.code = d.code;
    describe(d, li);
    li.addEventListener('click', (event) => {
      if (event.target.closest('button')) return;
      const mark = document.querySelector(`#source mark[data-diagnostic="${i}"]`);
      if (mark) mark.focus();
      if (d.ply && game) goToPly(d.ply - 1);
    });
    list.append(li);
  });
  if (state.result && !list.children.length) {
    list.append(el('li', 'ok', 'every move read, nothing to say'));
  }
}

/** Offsets in the text of a line and column (from 1, in characters). */
function offsetOf(text, line, column) {
  let start = 0;
  for (let i = 1; i < line; i++) {
    const next = text.indexOf('\n', start);
    if (next < 0) return -1;
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  const chars = Array.from(text.slice(start, end < 0 ? text.length : end));
  return start + chars.slice(0, column - 1).join('').length;
}

function useCandidate(d, candidate) {
  const text = state.source.text;
  const a = offsetOf(text, d.line, d.column);
  const b = offsetOf(text, d.end_line || d.line, d.end_column || d.column + Array.from(d.text || ' ').length);
  if (a < 0 || b < a) return;
  setText(text.slice(0, a) + candidate + text.slice(b));
  hideTip();
  check();
}

// ---- Hover and focus on a marked stretch ------------------------------------------------------

let tipFor = null;

function showTip(mark) {
  const d = allDiagnostics(state.result)[Number(mark.dataset.diagnostic)];
  if (!d) return;
  const tip = $('tip');
  tip.replaceChildren();
  describe(d, tip);
  tip.hidden = false;
  const r = mark.getBoundingClientRect();
  const left = Math.max(4, Math.min(window.scrollX + r.left, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 4));
  tip.style.left = `${left}px`;
  tip.style.top = `${window.scrollY + r.bottom + 4}px`;
  tipFor = mark;
}

function hideTip() {
  $('tip').hidden = true;
  tipFor = null;
}

// ---- The board --------------------------------------------------------------------------------

async function showBoard() {
  const game = currentGame();
  const board = $('board');
  if (!game || !game.start) {
    board.replaceChildren();
    $('fen').textContent = '';
    $('ply-label').textContent = '';
    return;
  }
  const move = state.index > 0 ? state.seq[state.index - 1] : null;
  const position = move ? move.position : game.start;
  $('fen').textContent = position;
  $('ply-label').textContent = move ? `ply ${move.ply}: ${move.shown}` : 'the start';
  document.querySelectorAll('button.move.current').forEach((b) => b.classList.remove('current'));
  const button = move && document.querySelector(`button.move[data-path="${state.path}"]`);
  if (button) {
    button.classList.add('current');
    const box = $('moves');
    if (button.offsetTop < box.scrollTop || button.offsetTop + button.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = button.offsetTop - box.clientHeight / 2;
    }
  }
  const body = { variant: game.variant, position, flip: state.flip };
  if (move) body.last_move = move.coord;
  const key = JSON.stringify(body);
  let svg = state.svg.get(key);
  if (!svg) {
    try {
      svg = (await api('/api/diagram', body)).svg;
    } catch (e) {
      setStatus('status', e.message, true);
      return;
    }
    if (state.svg.size > 400) state.svg.clear();
    state.svg.set(key, svg);
  }
  if ($('fen').textContent !== position) return;
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg') return;
  board.replaceChildren(document.importNode(root, true));
  board.dataset.position = position;
  board.dataset.flipped = String(body.flip);
}

function select(seq, index, path) {
  state.seq = seq;
  state.index = Math.max(0, Math.min(index, seq.length));
  state.path = state.index > 0 ? path : '';
  showBoard();
}

/** The main line's position after `plies` plies. */
function goToPly(plies) {
  const game = currentGame();
  if (!game) return;
  select(game.moves, plies, plies > 0 ? `m${plies - 1}` : '');
}

function step(delta) {
  const index = Math.max(0, Math.min(state.index + delta, state.seq.length));
  if (index === state.index) return;
  const move = state.seq[index - 1];
  select(state.seq, index, move ? move.path : '');
}

function restoreSelection(game) {
  if (!game) {
    state.seq = [];
    state.index = 0;
    showBoard();
    return;
  }
  const button = state.path && document.querySelector(`button.move[data-path="${state.path}"]`);
  if (button) {
    button.click();
  } else {
    goToPly(Math.min(state.index, game.moves.length));
  }
}

// ---- The move list ----------------------------------------------------------------------------

const NAGS = { 1: '!', 2: '?', 3: '!!', 4: '??', 5: '!?', 6: '?!' };

function renderLine(moves, prefix, path, box) {
  const seq = prefix.concat(moves);
  moves.forEach((m, i) => {
    m.path = `${path}m${i}`;
    if (m.ply % 2 === 1 || i === 0) {
      box.append(el('span', 'number', m.ply % 2 === 1 ? `${(m.ply + 1) / 2}.` : `${m.ply / 2}…`));
    }
    const b = el('button', 'move', m.shown + (m.nags || []).map((n) => NAGS[n] || ` $${n}`).join(''));
    b.type = 'button';
    b.dataset.ply = String(m.ply);
    b.dataset.path = m.path;
    b.title = m.text === m.shown ? `ply ${m.ply} (${m.coord})` : `ply ${m.ply}: written ${m.text} (${m.coord})`;
    b.addEventListener('click', () => select(seq, prefix.length + i + 1, m.path));
    box.append(b);
    for (const c of m.comments || []) box.append(el('span', 'comment', c));
    (m.variations || []).forEach((v, j) => {
      const vbox = el('div', 'variation');
      for (const c of v.comments || []) vbox.append(el('span', 'comment', c));
      renderLine(v.moves, seq.slice(0, prefix.length + i), `${m.path}v${j}`, vbox);
      box.append(vbox);
    });
  });
}

function renderMoves(game) {
  const box = $('moves');
  box.replaceChildren();
  if (!game) return;
  for (const c of game.comments || []) box.append(el('span', 'comment', c));
  renderLine(game.moves, [], '', box);
  for (const u of game.unread || []) {
    const s = el('span', 'unread', u.text);
    s.title = `ply ${u.ply} (line ${u.line}, column ${u.column}): not read`;
    s.dataset.ply = String(u.ply);
    box.append(s);
  }
  for (const c of game.trailing_comments || []) box.append(el('span', 'comment', c));
  if (game.result) box.append(el('span', 'result', game.result));
}

function renderGameChoice(result) {
  const select = $('game');
  select.replaceChildren();
  const several = result && result.games.length > 1;
  $('game-choice').hidden = !several;
  if (!several) return;
  result.games.forEach((g, i) => {
    const tag = (name) => (g.tags.find((t) => t.name === name) || {}).value;
    const players = [tag('Red') || tag('Sente') || tag('Black') , tag('White') || tag('Gote')].filter(Boolean).join(' – ');
    select.append(option(String(i), `${g.index}. ${players || g.variant}${g.errors ? ' (errors)' : ''}`));
  });
  select.value = String(state.game);
}

function renderTags(game) {
  const table = $('tags');
  table.replaceChildren();
  if (!game) return;
  for (const t of game.tags) {
    const row = el('tr');
    row.append(el('th', '', t.name), el('td', '', t.value));
    table.append(row);
  }
}

// ---- Select boxes, from the API's lists (the records registry) ------------------------------

function fillFrom() {
  const from = $('from');
  const titled = (value, text, title) => {
    const o = option(value, text);
    o.title = title;
    return o;
  };
  for (const n of state.formats.notations) from.append(titled(n.name, n.name, n.description));
  for (const f of state.formats.formats) {
    if (!['pgn', 'psn', 'psn2', 'html'].includes(f.name)) from.append(titled(f.name, `${f.name} file`, f.title));
  }
  for (const l of state.formats.languages) {
    $('lang').append(titled(l.name, l.name, l.description));
    $('notation-lang').append(titled(l.name, l.name, l.description));
  }
}

function fitting(game) {
  const variant = game ? game.variant : null;
  return state.formats.targets.filter((t) => !variant || !t.variant || t.variant === variant);
}

function fillNotations(game) {
  const select = $('notation');
  const keep = select.value;
  select.replaceChildren(option('', 'as written'));
  for (const t of fitting(game).filter((t) => t.notation)) select.append(option(t.name, t.name));
  select.value = [...select.options].some((o) => o.value === keep) ? keep : '';
  fillNotationChoices();
}

function fillNotationChoices() {
  const t = state.formats.targets.find((x) => x.name === $('notation').value);
  $('notation-lang-choice').hidden = !(t && t.letters);
  const style = $('notation-style');
  const keep = style.value;
  style.replaceChildren(option('', 'default'));
  for (const s of t ? t.styles : []) style.append(option(s, s));
  style.value = [...style.options].some((o) => o.value === keep) ? keep : '';
  $('notation-style-choice').hidden = !(t && t.styles.length);
}

function fillTargets(game) {
  const select = $('to');
  const keep = select.value;
  select.replaceChildren();
  for (const t of fitting(game)) select.append(option(t.name, `${t.name} (.${t.extension})`));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

// ---- Download ---------------------------------------------------------------------------------

async function download() {
  const to = $('to').value;
  if (!to) return;
  const body = { ...sourceBody(), ...readOptions(), to };
  const t = state.formats.targets.find((x) => x.name === to);
  if (t && t.letters && $('notation').value === to && $('notation-lang').value) body.lang = $('notation-lang').value;
  if (t && t.styles.length && $('notation').value === to && $('notation-style').value) body.style = $('notation-style').value;
  setStatus('download-status', 'writing…');
  try {
    const out = await api('/api/convert', body);
    let blob;
    if (out.text !== null) {
      blob = new Blob([out.text], { type: `${out.media_type};charset=utf-8` });
    } else {
      const binary = atob(out.base64);
      blob = new Blob([Uint8Array.from(binary, (c) => c.charCodeAt(0))], { type: out.media_type });
    }
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = out.file_name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    const notes = [`${out.file_name}: ${out.games} ${out.games === 1 ? 'game' : 'games'} written`];
    for (const r of out.refused) notes.push(`game ${r.game} not written: ${r.message}`);
    for (const l of out.lost) notes.push(`game ${l.game}: not kept: ${l.what}`);
    setStatus('download-status', notes.join(' · '), out.refused.length > 0);
  } catch (e) {
    setStatus('download-status', e.message, true);
  }
}

// ---- Repair -----------------------------------------------------------------------------------

async function repair() {
  if (state.source.base64 !== null) {
    setStatus('status', 'a binary file cannot be repaired here: download it as text first', true);
    return;
  }
  try {
    const out = await api('/api/repair', { ...sourceBody(), ...readOptions() });
    const panel = $('repair-panel');
    const list = $('changes');
    list.replaceChildren();
    panel.hidden = false;
    const left = out.games.flatMap((g) => g.diagnostics).filter((d) => d.severity === 'error');
    if (!out.changes.length) {
      $('repair-summary').textContent = 'Nothing to repair: no faulty move is decided by the rest of the game.';
      $('undo').hidden = true;
    } else {
      $('repair-summary').textContent = `${out.changes.length} ${out.changes.length === 1 ? 'move' : 'moves'} put right${left.length ? `; ${left.length} ${left.length === 1 ? 'error stays' : 'errors stay'} (the rest of the game does not decide ${left.length === 1 ? 'it' : 'them'})` : ''}:`;
      for (const c of out.changes) {
        const li = el('li', 'change');
        li.dataset.ply = String(c.ply);
        li.append(el('span', 'where', `ply ${c.ply} (line ${c.line}, column ${c.column})`), ': ', el('code', 'from', c.from), ' → ', el('code', 'to', c.to));
        list.append(li);
      }
      state.undo = state.source.text;
      $('undo').hidden = false;
      setText(out.repaired_text);
    }
    await check();
  } catch (e) {
    setStatus('status', e.message, true);
  }
}

// ---- Compare ----------------------------------------------------------------------------------

async function compare() {
  const other = $('other').value;
  if (!other.trim() || (state.source.base64 === null && !state.source.text.trim())) {
    setStatus('compare-summary', 'paste both transcriptions first', true);
    return;
  }
  try {
    const b = { text: other, name: 'second' };
    const a = { ...sourceBody(), name: state.source.name === 'record' ? 'first' : state.source.name };
    const [c, readA, readB] = await Promise.all([
      api('/api/compare', { a, b, ...readOptions() }),
      api('/api/read', { ...a, ...readOptions() }),
      api('/api/read', { ...b, ...readOptions() }),
    ]);
    renderComparison(c, readA, readB);
  } catch (e) {
    setStatus('compare-summary', e.message, true);
  }
}

function renderComparison(c, readA, readB) {
  const g = c.games[0];
  let summary;
  if (!g) summary = 'no game to compare';
  else if (g.difference) summary = `different games: ${g.difference}`;
  else if (g.undecided) summary = `undecided: ${g.undecided}`;
  else summary = `the same game: ${g.plies} plies${g.resolved.length ? `, ${g.resolved.length} resolved by the other transcription` : ', every ply reads in both'}`;
  if (c.difference) summary += `; ${c.difference}`;
  setStatus('compare-summary', summary, !c.same);
  const texts = (read) => {
    const game = read.games[0];
    if (!game) return [];
    return game.moves.map((m) => m.text).concat(game.unread.map((u) => u.text));
  };
  const ta = texts(readA);
  const tb = texts(readB);
  const resolved = new Map((g ? g.resolved : []).map((r) => [r.ply, r]));
  const table = el('table');
  const head = el('tr');
  head.append(el('th', '', 'ply'), el('th', '', c.names[0]), el('th', '', c.names[1]), el('th', '', ''));
  table.append(head);
  for (let i = 0; i < Math.max(ta.length, tb.length); i++) {
    const ply = i + 1;
    const r = resolved.get(ply);
    const row = el('tr', r ? 'resolved' : '');
    row.dataset.ply = String(ply);
    const a = el('td', r && r.faulty === 0 ? 'faulty' : '', ta[i] || '');
    const b = el('td', r && r.faulty === 1 ? 'faulty' : '', tb[i] || '');
    row.append(el('td', '', ply), a, b, el('td', 'note', r ? `${r.problem}; the other resolves it to ${r.spelled} (${r.coord})` : ''));
    table.append(row);
  }
  $('compare-table').replaceChildren(table);
}

// ---- Wiring -----------------------------------------------------------------------------------

function wire() {
  $('record').addEventListener('input', () => {
    state.source = { text: $('record').value, base64: null, name: state.source.base64 === null ? state.source.name : 'record' };
    checkSoon();
  });
  $('check').addEventListener('click', check);
  $('repair').addEventListener('click', repair);
  $('undo').addEventListener('click', () => {
    if (state.undo === null) return;
    setText(state.undo);
    state.undo = null;
    $('repair-panel').hidden = true;
    check();
  });
  $('share').addEventListener('click', async () => {
    remember();
    if (state.source.base64 !== null) {
      setStatus('status', 'a binary file cannot travel in a link', true);
      return;
    }
    if (state.source.text.length > MAX_LINK) {
      setStatus('status', `the record is too long for a link (more than ${MAX_LINK} characters)`, true);
      return;
    }
    try {
      await navigator.clipboard.writeText(location.href);
      setStatus('status', 'the link to this record is copied (it holds the record itself)');
    } catch (e) {
      setStatus('status', `the link to this record is the page's address: ${location.href.length} characters`);
    }
  });
  for (const id of ['variant', 'from', 'lang']) $(id).addEventListener('change', check);
  $('notation').addEventListener('change', () => {
    fillNotationChoices();
    check();
  });
  $('notation-lang').addEventListener('change', check);
  $('notation-style').addEventListener('change', check);
  $('game').addEventListener('change', () => {
    state.game = Number($('game').value);
    state.path = '';
    state.index = 0;
    render();
  });
  $('file').addEventListener('change', () => {
    if ($('file').files[0]) openFile($('file').files[0]);
  });
  $('other-file').addEventListener('change', async () => {
    const f = $('other-file').files[0];
    if (!f) return;
    try {
      const query = new URLSearchParams({ name: f.name });
      const out = await api(`/api/read?${query}`, null, await f.arrayBuffer());
      $('other').value = out.text !== null ? out.text : '';
      if (out.text === null) setStatus('compare-summary', 'compare a binary file after downloading it as text', true);
    } catch (e) {
      setStatus('compare-summary', `${f.name}: ${e.message}`, true);
    }
  });
  const drop = $('drop');
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('dragging');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('dragging'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('dragging');
    const f = event.dataTransfer && event.dataTransfer.files[0];
    if (f) openFile(f);
  });
  $('first').addEventListener('click', () => step(-Infinity));
  $('prev').addEventListener('click', () => step(-1));
  $('next').addEventListener('click', () => step(1));
  $('last').addEventListener('click', () => step(Infinity));
  $('flip').addEventListener('click', () => {
    state.flip = !state.flip;
    showBoard();
  });
  $('download').addEventListener('click', download);
  $('compare').addEventListener('click', compare);
  document.addEventListener('keydown', (event) => {
    const t = event.target;
    if (t && (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT' || t.tagName === 'SELECT')) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity };
    if (event.key in moves) {
      event.preventDefault();
      step(moves[event.key]);
    } else if (event.key === 'Escape') {
      hideTip();
    }
  });
  const source = $('source');
  source.addEventListener('mouseover', (event) => {
    const mark = event.target.closest('mark.diag');
    if (mark && mark !== tipFor) showTip(mark);
  });
  source.addEventListener('focusin', (event) => {
    const mark = event.target.closest('mark.diag');
    if (mark) showTip(mark);
  });
  source.addEventListener('mouseleave', () => setTimeout(() => {
    if (!$('tip').matches(':hover')) hideTip();
  }, 300));
  $('tip').addEventListener('mouseleave', hideTip);
  source.addEventListener('click', (event) => {
    const mark = event.target.closest('mark.diag');
    if (mark && mark.dataset.ply && currentGame()) goToPly(Number(mark.dataset.ply) - 1);
  });
}

async function start() {
  wire();
  try {
    const response = await fetch('/api/formats');
    state.formats = await response.json();
  } catch (e) {
    setStatus('status', `the server does not answer: ${e.message}`, true);
    return;
  }
  fillFrom();
  fillNotations(null);
  fillTargets(null);
  if (location.hash.startsWith('#r=')) {
    try {
      setText(fromBase64Url(location.hash.slice(3)));
      await check();
    } catch (e) {
      setStatus('status', 'the link does not hold a record kifu can read back', true);
    }
  }
  document.body.dataset.ready = 'true';
}

start();
