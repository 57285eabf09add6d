"""HTML building blocks for the offline reports: escaping, tables, embedded figures, the page shell.

Safety model: every string from a trace enters the page through :func:`esc` (text and attribute
values) or :func:`script_json` (data for plotly). No script is built from trace data: figures travel
as JSON inside ``<script type="application/json">`` (never executed), with ``<``, ``>`` and ``&``
written as ``\u003c`` etc. so nothing in the data can close the element, and the static loader
below parses it with ``JSON.parse``. plotly.js itself is inlined, so the page needs no network."""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from traceview.report.json import to_jsonable


def esc(value: object) -> str:
    """Escape a trace string for HTML text or a quoted attribute; NA/None become an empty string."""
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return ""
    return html.escape(str(value), quote=True)


def script_json(value: Any) -> str:
    """JSON that is safe inside a ``<script>`` element: ``<``, ``>``, ``&`` and line separators escaped."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
            .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))


class Figures:
    """The figures of one page: each :meth:`div` call reserves a placeholder; :meth:`data_script` holds them all."""

    def __init__(self) -> None:
        self._figs: dict[str, Any] = {}

    def div(self, fig: go.Figure | None, note: str = "") -> str:
        """A placeholder ``div`` for ``fig`` (or ``note`` as a paragraph when there is no figure)."""
        if fig is None:
            return f'<p class="muted">{esc(note)}</p>' if note else ""
        key = f"tv-fig-{len(self._figs)}"
        self._figs[key] = json.loads(fig.to_json())
        return f'<div class="tv-plot" id="{key}"></div>'

    def __len__(self) -> int:
        return len(self._figs)

    def data_script(self) -> str:
        return f'<script type="application/json" id="tv-figures">{script_json(self._figs)}</script>'


#: Tables longer than this (plus a few) show their top rows and a button for the rest.
FOLD_ROWS = 15


def table(columns: Sequence[str], rows: Iterable[Sequence[Any]], *, sortable: bool = False, numeric: Sequence[bool] | None = None,
          cls: str = "", wide: int | None = None, fold: int | None = FOLD_ROWS) -> str:
    """A table of escaped cells. A cell may be ``(text, sort_key)``; ``numeric`` right-aligns columns;
    column ``wide`` holds long names (monospace, wrapped anywhere). A table of more than ``fold + 5``
    rows shows its first ``fold`` (callers pass rows largest first) and a button that shows them all;
    sorting a folded table folds it again after the new top rows. ``fold=None`` never folds."""
    numeric = list(numeric) if numeric is not None else [False] * len(columns)
    rows = list(rows)
    folded = fold is not None and len(rows) > fold + 5
    classes = " ".join(c for c in ("tv-table", "tv-sortable" if sortable else "", "tv-folded" if folded else "", cls) if c)
    head = "".join(f'<th class="{"num" if n else ""}">{esc(c)}</th>' for c, n in zip(columns, numeric))
    body = []
    for r, row in enumerate(rows):
        cells = []
        for i, (value, n) in enumerate(zip(row, numeric)):
            text, key = value if isinstance(value, tuple) else (value, None)
            attr = f' data-sort="{esc(to_jsonable(key))}"' if key is not None else ""
            cls_ = "num" if n else "name" if i == wide else ""
            cells.append(f'<td class="{cls_}"{attr}>{text if isinstance(text, Raw) else esc(text)}</td>')
        body.append(('<tr class="tv-fold">' if folded and r >= fold else "<tr>") + "".join(cells) + "</tr>")
    fold_attr = f' data-fold="{fold}"' if folded else ""
    html = f'<table class="{classes}"{fold_attr}><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>'
    if folded:
        html += (f'<button type="button" class="tv-more" data-rows="{len(rows)}" data-fold="{fold}">'
                 f"show all {len(rows):,} rows ({len(rows) - fold:,} more)</button>")
    return html


class Raw(str):
    """Markup built by this module from escaped parts: inserted as is by :func:`table`."""


def num(value: object, fmt: str = "{:,.3f}") -> tuple[str, object]:
    """A numeric cell: formatted text and a sort key (blank and sorted last when missing)."""
    if value is None or value is pd.NA or (isinstance(value, float) and value != value):
        return ("", "")
    return (fmt.format(value), float(value))


def page(title: str, body: str, figures: Figures) -> str:
    """The whole document: inlined plotly.js (only when there are figures), CSS, body, figure data, loader.

    The Content-Security-Policy allows only this page's own scripts, by hash: even if markup from a
    trace got through, an injected ``<script>`` or ``onerror=`` handler would not run.
    """
    scripts = [ERROR_HOOK]
    if len(figures):
        from plotly.offline import get_plotlyjs

        scripts.append(get_plotlyjs())
    hashes = " ".join(f"'sha256-{_sha256(s)}'" for s in [*scripts, LOADER])
    csp = (f"default-src 'none'; script-src {hashes} 'unsafe-eval'; style-src 'unsafe-inline'; "
           f"img-src data:; font-src data:")
    head_scripts = "".join(f"<script>{s}</script>" for s in scripts)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{esc(csp)}">'
            f"<title>{esc(title)}</title><style>{CSS}</style>{head_scripts}</head>"
            f'<body><main>{body}</main><pre id="tv-errors"></pre>{figures.data_script()}<script>{LOADER}</script></body></html>\n')


def _sha256(script: str) -> str:
    import base64
    import hashlib

    return base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()


#: Records script errors in the page itself (the browser test reads ``#tv-errors`` from the DOM).
ERROR_HOOK = """
window.__tvErrors = [];
window.addEventListener('error', function (e) { window.__tvErrors.push(String(e.message || e)); var p = document.getElementById('tv-errors'); if (p) { p.textContent = window.__tvErrors.join('\\n'); } });
window.alert = function (m) { window.__tvErrors.push('alert: ' + m); var p = document.getElementById('tv-errors'); if (p) { p.textContent = window.__tvErrors.join('\\n'); } };
"""


#: Draws the figures from their JSON, sorts ``.tv-sortable`` tables when a header is clicked, and
#: unfolds / folds a long table's rows (``button.tv-more``).
LOADER = r"""
(function () {
  function report(msg) { var p = document.getElementById('tv-errors'); window.__tvErrors.push(msg); p.textContent = window.__tvErrors.join('\n'); }
  var data = JSON.parse(document.getElementById('tv-figures').textContent);
  Object.keys(data).forEach(function (id) {
    var el = document.getElementById(id), fig = data[id];
    try { Plotly.newPlot(el, fig.data, fig.layout || {}, {responsive: true, displaylogo: false}); }
    catch (err) { report('plot ' + id + ': ' + err); }
  });
  document.querySelectorAll('table.tv-sortable').forEach(function (table) {
    table.querySelectorAll('th').forEach(function (th, col) {
      th.addEventListener('click', function () {
        var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        var asc = th.getAttribute('data-dir') !== 'asc';
        table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('data-dir'); });
        th.setAttribute('data-dir', asc ? 'asc' : 'desc');
        function key(row) { var c = row.cells[col]; var k = c.getAttribute('data-sort'); if (k === null) { return c.textContent.toLowerCase(); } var f = parseFloat(k); return isNaN(f) ? k : f; }
        rows.sort(function (a, b) { var x = key(a), y = key(b); if (x === y) { return 0; } if (x === '') { return 1; } if (y === '') { return -1; } return (x < y ? -1 : 1) * (asc ? 1 : -1); });
        rows.forEach(function (r) { body.appendChild(r); });
        refold(table);
      });
    });
  });
  function refold(table) {  // after a sort, the rows folded away are those below the new top rows
    var n = parseInt(table.getAttribute('data-fold'), 10);
    if (isNaN(n)) { return; }
    Array.prototype.forEach.call(table.tBodies[0].rows, function (r, i) { r.classList.toggle('tv-fold', i >= n); });
  }
  document.querySelectorAll('button.tv-more').forEach(function (button) {
    var table = button.previousElementSibling, total = button.getAttribute('data-rows'), n = button.getAttribute('data-fold');
    button.addEventListener('click', function () {
      var open = table.classList.toggle('tv-folded') === false;
      button.textContent = open ? 'show the top ' + n + ' rows only' : 'show all ' + total + ' rows';
    });
  });
  document.body.setAttribute('data-tv-loaded', '1');
})();
"""


CSS = """
body { font: 14px/1.45 system-ui, -apple-system, Segoe UI, sans-serif; color: #222; margin: 0; background: #fafafa; }
main { max-width: 1400px; margin: 0 auto; padding: 16px 28px 60px; }
h1 { font-size: 22px; margin: 8px 0 4px; } h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
.muted { color: #777; } .warning { color: #9a5b00; } code, pre { font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
ul.findings { background: #fff; border: 1px solid #e3e3e3; border-radius: 6px; padding: 10px 10px 10px 32px; }
ol.advice { background: #fff; border: 1px solid #e3e3e3; border-radius: 6px; padding: 10px 10px 10px 32px; }
ol.advice li { margin: 6px 0; } ol.advice .how { font-family: monospace; }
ul.findings li { margin: 4px 0; } ul.findings li.warning::marker { color: #d08000; }
table.tv-table { border-collapse: collapse; background: #fff; margin: 6px 0 12px; font-size: 13px; }
table.tv-table th, table.tv-table td { border: 1px solid #e3e3e3; padding: 3px 8px; text-align: left; vertical-align: top; }
table.tv-table td.num, table.tv-table th.num { text-align: right; font-variant-numeric: tabular-nums; }
table.tv-sortable th { cursor: pointer; background: #f0f0f0; } table.tv-sortable th[data-dir=asc]::after { content: " ▲"; }
table.tv-sortable th[data-dir=desc]::after { content: " ▼"; }
td.name { max-width: 520px; overflow-wrap: anywhere; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
.tv-plot { background: #fff; border: 1px solid #e3e3e3; margin: 8px 0; min-height: 200px; }
.grid2 { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; } @media (max-width: 1000px) { .grid2 { grid-template-columns: 1fr; } }
table.tv-folded tr.tv-fold { display: none; }
button.tv-more { font: inherit; font-size: 12px; margin: -6px 0 12px; padding: 2px 10px; border: 1px solid #ccc; border-radius: 4px; background: #f4f4f4; cursor: pointer; }
nav.tv-order { color: #555; font-size: 13px; margin: 4px 0 10px; } nav.tv-order a { color: #225; }
details { background: #fff; border: 1px solid #e3e3e3; border-radius: 4px; margin: 4px 0; padding: 4px 8px; }
details pre { max-height: 480px; overflow: auto; background: #f6f6f6; padding: 8px; }
table.pre td { white-space: pre-wrap; } #tv-errors:empty { display: none; } #tv-errors { color: #b00; }
"""
