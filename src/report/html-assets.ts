/** The inline stylesheet and script of the HTML report (one file, nothing fetched). */

/** Page CSS. */
export const REPORT_CSS = `
:root { --pass:#2e7d32; --bad:#c62828; --fail:#e65100; --err:#6a1b9a; --skip:#757575; --na:#bdbdbd; }
* { box-sizing: border-box; }
body { font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #212121; }
header { padding: 12px 20px; background: #263238; color: #fff; }
header h1 { font-size: 18px; margin: 0 0 6px; }
.impls span { display: inline-block; margin-right: 16px; }
.impls .ok { color: #a5d6a7; } .impls .ko { color: #ef9a9a; }
.controls { position: sticky; top: 0; background: #eceff1; padding: 8px 20px; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; z-index: 1; border-bottom: 1px solid #cfd8dc; }
main { padding: 0 20px 40px; }
#overview { display: flex; gap: 20px; padding: 8px 20px; flex-wrap: wrap; align-items: flex-start; }
#overview .panel { flex: 1 1 420px; min-width: 0; }
#overview h2 { font-size: 13px; margin: 4px 0; color: #37474f; text-transform: uppercase; letter-spacing: .04em; }
#overview .scroll { max-height: 168px; overflow: auto; }
#overview table { margin-top: 0; font-size: 12px; }
#overview td.num { text-align: right; font-variant-numeric: tabular-nums; }
#req-table tr { cursor: pointer; } #req-table tr:hover td { background: #eceff1; }
#req-table td.bad { color: var(--bad); font-weight: 600; }
td.op { font-family: ui-monospace, monospace; font-size: 12px; color: #455a64; }
table { border-collapse: collapse; width: 100%; margin-top: 8px; }
th, td { padding: 3px 8px; border-bottom: 1px solid #eee; text-align: left; vertical-align: top; }
thead th { background: #fff; border-bottom: 2px solid #90a4ae; }
tr.group-op td { background: #cfd8dc; font-weight: 600; font-family: ui-monospace, monospace; }
tr.group-req td { background: #f5f5f5; color: #455a64; font-size: 12px; padding-left: 20px; }
td.case-name { font-family: ui-monospace, monospace; font-size: 12px; }
td.case-name small { color: #78909c; display: block; }
td.reqs { font-size: 12px; color: #546e7a; }
th.impl, td.cell, td.empty { width: 150px; }
.legend { display: block; margin-top: 6px; font-size: 12px; color: #b0bec5; }
.legend span { display: inline-block; padding: 0 6px; margin-left: 4px; color: #fff; border-radius: 3px; font-size: 12px; }
td.cell { cursor: pointer; text-align: center; font-weight: 600; white-space: nowrap; color: #fff; border-left: 2px solid #fff; }
td.cell:hover { outline: 2px solid #263238; }
td.cell[data-outcome="pass"] { background: var(--pass); }
td.cell[data-outcome="fail:accepted-invalid"] { background: var(--bad); }
td.cell[data-outcome^="fail:"]:not([data-outcome="fail:accepted-invalid"]) { background: var(--fail); }
td.cell[data-outcome^="errored:"] { background: var(--err); }
td.cell[data-outcome="skipped"] { background: var(--skip); }
td.cell[data-outcome="n/a"] { background: var(--na); }
td.cell.either { background: #558b2f; font-weight: 400; }
td.cell.xfail { background-image: repeating-linear-gradient(45deg, transparent 0 6px, rgba(255,255,255,.25) 6px 12px); }
#details { position: fixed; top: 0; right: 0; width: min(760px, 100%); height: 100%; overflow: auto; background: #fff; box-shadow: -4px 0 16px rgba(0,0,0,.25); padding: 16px 20px; z-index: 2; }
#details h2 { font-size: 16px; margin: 0 0 4px; font-family: ui-monospace, monospace; }
#details h3 { font-size: 13px; margin: 14px 0 4px; color: #37474f; text-transform: uppercase; letter-spacing: .04em; }
#details pre { background: #f7f7f7; border: 1px solid #e0e0e0; padding: 8px; overflow: auto; max-height: 40vh; white-space: pre-wrap; word-break: break-all; font-size: 12px; margin: 0; }
#details .outcome { display: inline-block; padding: 1px 8px; border-radius: 3px; color: #fff; background: var(--skip); }
#details .close { float: right; }
.muted { color: #78909c; }
`;

/** Page script: builds the matrix from the embedded data, filters it, opens a case's details. */
export const REPORT_JS = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('formcert-data').textContent);
  var impls = data.implementations;
  var $ = function (id) { return document.getElementById(id); };
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  var GLYPH = { 'pass': '✓', 'skipped': '–', 'n/a': '·' };
  function short(outcome) {
    if (GLYPH[outcome]) return GLYPH[outcome];
    var i = outcome.indexOf(':');
    return (outcome.charAt(0) === 'e' ? '! ' : '✗ ') + outcome.slice(i + 1);
  }
  function failing(o) { return o.indexOf('fail:') === 0 || o.indexOf('errored:') === 0; }

  // Header: implementations and their scores.
  var head = $('impls');
  impls.forEach(function (im) {
    head.appendChild(el('span', { 'class': im.passed ? 'ok' : 'ko' }, im.name + ': ' + im.score + (im.passed ? ' ✓' : ' ✗')));
  });

  // Overview: ops × outcome classes, then the failing requirements (worst first).
  var shownOutcomes = data.outcomes;
  var oh = $('op-table-head');
  oh.appendChild(el('th', null, 'op'));
  if (impls.length > 1) oh.appendChild(el('th', null, 'implementation'));
  shownOutcomes.forEach(function (o) { oh.appendChild(el('th', null, o)); });
  data.opTable.forEach(function (row) {
    var tr = el('tr', { 'class': 'op-row', 'data-op': row.op });
    tr.appendChild(el('td', { 'class': 'op' }, row.op));
    if (impls.length > 1) tr.appendChild(el('td', null, impls[row.implementation].name));
    shownOutcomes.forEach(function (o) { tr.appendChild(el('td', { 'class': 'num' }, String(row.counts[o] || 0))); });
    $('op-table-body').appendChild(tr);
  });
  var rules = {};
  data.requirementTable.forEach(function (q) {
    rules[q.id] = q.text;
    var tr = el('tr', { 'class': 'req-row', 'data-req': q.id });
    tr.appendChild(el('td', { 'class': 'op' }, q.id));
    tr.appendChild(el('td', { 'class': 'num' + (q.acceptedInvalid ? ' bad' : '') }, String(q.acceptedInvalid)));
    tr.appendChild(el('td', { 'class': 'num' }, String(q.failures)));
    tr.appendChild(el('td', null, q.text || '(not in the spec/ registries)'));
    $('req-table-body').appendChild(tr);
  });
  if (data.requirementTable.length === 0) {
    var none = el('tr'); none.appendChild(el('td', { colspan: 4, 'class': 'muted' }, 'no failing case')); $('req-table-body').appendChild(none);
  }

  var hr = $('matrix-head');
  hr.appendChild(el('th', null, 'case'));
  hr.appendChild(el('th', null, 'op'));
  hr.appendChild(el('th', null, 'requirements'));
  impls.forEach(function (im) { hr.appendChild(el('th', { 'class': 'impl' }, im.name)); });

  // Filters: the default shows failing cases only; every outcome class has its own entry.
  var opSel = $('filter-op');
  data.ops.forEach(function (op) { opSel.appendChild(el('option', { value: op }, op)); });
  var outSel = $('filter-outcome');
  data.outcomes.forEach(function (o) { outSel.appendChild(el('option', { value: o }, 'only ' + o)); });
  if (impls.length > 1) outSel.appendChild(el('option', { value: 'disagree' }, 'implementations disagree'));

  // Rows grouped by primary requirement, in the requirement table's order.
  var body = $('matrix-body');
  var rows = [];
  var lastReq = null, reqRow = null;
  var span = 3 + impls.length;
  data.cases.forEach(function (c, ci) {
    var req = c.requirements[0] || '(none)';
    if (req !== lastReq) {
      reqRow = el('tr', { 'class': 'group-req', 'data-req': req });
      var text = rules[req];
      reqRow.appendChild(el('td', { colspan: span }, req + (text ? ' — ' + text : '')));
      body.appendChild(reqRow);
      reqRow.members = [];
      lastReq = req;
    }
    var tr = el('tr', { 'class': 'case', 'data-id': c.id, 'data-op': c.op });
    var name = el('td', { 'class': 'case-name' }, c.name);
    name.appendChild(el('small', null, c.id + ' · ' + c.profile + ' · expects ' + c.expected));
    tr.appendChild(name);
    tr.appendChild(el('td', { 'class': 'op' }, c.op));
    tr.appendChild(el('td', { 'class': 'reqs' }, c.requirements.join(' ')));
    var outcomes = [];
    impls.forEach(function (im, ii) {
      var r = c.results[ii];
      var td;
      if (!r) { td = el('td', { 'class': 'empty' }, ''); }
      else {
        outcomes.push(r.outcome);
        td = el('td', { 'class': 'cell' + (r.expectedFailure !== undefined ? ' xfail' : '') + (r.either ? ' either' : ''), 'data-outcome': r.outcome, 'data-case': ci, 'data-impl': ii, title: r.outcome + ': ' + r.got }, r.either ? '≈ ' + r.either : short(r.outcome));
      }
      tr.appendChild(td);
    });
    body.appendChild(tr);
    var disagree = outcomes.some(function (o) { return o !== outcomes[0]; });
    var row = { tr: tr, c: c, group: reqRow, disagree: disagree, text: (c.id + ' ' + c.name + ' ' + c.requirements.join(' ')).toLowerCase() };
    reqRow.members.push(row);
    rows.push(row);
  });

  function keep(row, out) {
    if (out === 'disagree') return row.disagree;
    for (var k in row.c.results) {
      var o = row.c.results[k].outcome;
      if (out === 'everything') return true;
      if (out === 'failing' ? failing(o) : out === '' ? (o !== 'n/a' && o !== 'skipped') : o === out) return true;
    }
    return false;
  }
  function apply() {
    var op = opSel.value, out = outSel.value, q = $('search').value.trim().toLowerCase();
    var shown = 0;
    rows.forEach(function (row) {
      var ok = (!op || row.c.op === op) && (!q || row.text.indexOf(q) !== -1) && keep(row, out);
      row.tr.hidden = !ok;
      row.visible = ok;
      if (ok) shown++;
    });
    var groups = body.querySelectorAll('tr.group-req');
    for (var i = 0; i < groups.length; i++) {
      groups[i].hidden = !groups[i].members.some(function (r) { return r.visible; });
    }
    $('shown-count').textContent = shown + ' of ' + rows.length + ' cases shown';
  }
  [opSel, outSel].forEach(function (s) { s.addEventListener('change', apply); });
  $('search').addEventListener('input', apply);
  $('req-table-body').addEventListener('click', function (ev) {
    var tr = ev.target.closest && ev.target.closest('tr.req-row');
    if (!tr) return;
    $('search').value = tr.getAttribute('data-req');
    apply();
  });

  function section(parent, title, text, id) {
    if (text === undefined || text === null || text === '') return;
    parent.appendChild(el('h3', null, title));
    var pre = el('pre', id ? { id: id } : null, text);
    parent.appendChild(pre);
  }
  function showDetails(ci, ii) {
    var c = data.cases[ci], r = c.results[ii];
    var d = $('details-body');
    d.textContent = '';
    d.appendChild(el('h2', null, c.name));
    var meta = el('div', { 'class': 'muted' }, c.id + ' · ' + c.op + ' · ' + c.profile + ' · ' + c.requirements.join(' ') + (c.file ? ' · ' + c.file : ''));
    d.appendChild(meta);
    if (c.note) d.appendChild(el('p', null, c.note));
    var badge = el('p');
    var o = el('span', { 'class': 'outcome', id: 'details-outcome' }, r.outcome);
    var colors = { 'pass': '--pass', 'fail:accepted-invalid': '--bad', 'skipped': '--skip', 'n/a': '--na' };
    o.style.background = 'var(' + (colors[r.outcome] || (r.outcome.indexOf('fail:') === 0 ? '--fail' : '--err')) + ')';
    badge.appendChild(o);
    badge.appendChild(document.createTextNode('  ' + impls[ii].name + ' · ' + r.time.toFixed(1) + ' ms' + (r.expectedFailure !== undefined ? ' · expected failure: ' + r.expectedFailure : '')));
    d.appendChild(badge);
    // The run recorded its options and testee argv: the command is the real one, ready to paste.
    var rerun = impls[ii].rerun !== undefined ? 'formcert certify --cases ' + c.id + (impls[ii].rerun ? ' ' + impls[ii].rerun : '') : 'formcert certify --cases ' + c.id + ' <your usual options> -- <your testee>';
    d.appendChild(el('p', { 'class': 'muted', id: 'details-rerun' }, 'rerun: ' + rerun));
    // The diff says what is wrong in one look, so it comes first; the long texts follow.
    if (r.diff) section(d, 'Difference (expected → actual)', r.diff.join('\\n'), 'details-diff');
    section(d, 'Input (' + c.inputBytes + ' bytes' + (c.inputKind === 'base64' ? ', base64' : '') + (c.inputTruncated ? ', shown cut' : '') + ')', c.input, 'details-input');
    if (c.wholeCommand) d.appendChild(el('p', { 'class': 'muted', id: 'details-whole' }, 'whole input and expectation: ' + c.wholeCommand));
    section(d, 'Expected', c.expected + (c.expectedText ? '\\n' + c.expectedText : ''), 'details-expected');
    section(d, 'Got', r.got + (r.gotText ? '\\n' + r.gotText : ''), 'details-got');
    section(d, 'Testee stderr', r.stderr, 'details-stderr');
    if (r.wholeCommand) d.appendChild(el('p', { 'class': 'muted', id: 'details-whole-actual' }, 'whole answer (observation, verdict, stderr): ' + r.wholeCommand));
    $('details').hidden = false;
    $('details').setAttribute('data-case', c.id);
    // A link to the page with #<case id>/<implementation index> opens this case directly.
    history.replaceState(null, '', '#' + c.id + '/' + ii);
  }
  function openFromHash() {
    var m = /^#([0-9a-f]+)[/]([0-9]+)$/.exec(location.hash);
    if (!m) return;
    for (var i = 0; i < data.cases.length; i++) {
      if (data.cases[i].id === m[1] && data.cases[i].results[m[2]]) { showDetails(i, Number(m[2])); return; }
    }
  }
  body.addEventListener('click', function (ev) {
    var td = ev.target.closest && ev.target.closest('td.cell');
    if (td) showDetails(Number(td.getAttribute('data-case')), Number(td.getAttribute('data-impl')));
  });
  function closeDetails() {
    $('details').hidden = true;
    history.replaceState(null, '', location.pathname + location.search);
  }
  $('details-close').addEventListener('click', closeDetails);
  document.addEventListener('keydown', function (ev) { if (ev.key === 'Escape') closeDetails(); });
  apply();
  openFromHash();
})();
`;
