# SPDX-License-Identifier: Apache-2.0
"""Self-contained side-by-side HTML page (no scripts, no external resources)."""

import difflib
import html

from .compare import CHANGED
from .split import is_pseudo
from .report import MARK, rep_changes, function_lines, size_cell, size_notes, size_tool, size_total

STYLE = """
body{font-family:sans-serif;margin:1em 2em;color:#222}
h1{font-size:1.3em} h2{font-size:1.1em;margin-top:2em;border-bottom:1px solid #ccc}
h3{font-size:1em;font-family:monospace}
table{border-collapse:collapse;margin:.5em 0}
td,th{padding:1px 8px;text-align:left;vertical-align:top}
table.st td,table.st th{border:1px solid #ddd}
.warn{background:#fff3cd;border:1px solid #e0b800;padding:4px 8px;margin:4px 0}
table.sbs{width:100%;table-layout:fixed;font-family:monospace;font-size:12px}
table.sbs td{white-space:pre-wrap;word-break:break-all;border-left:1px solid #eee}
table.sbs td.n{width:3.5em;color:#999;text-align:right}
.del{background:#ffe0e0} .ins{background:#dcffdc} .chg{background:#fff6c8}
.changed{color:#b00;font-weight:bold} .added{color:#070;font-weight:bold} .removed{color:#a50}
.skip td{color:#999;text-align:center;background:#f6f6f6}
"""


def esc(s):
    return html.escape(s, quote=True)


def side_by_side(a, b, context):
    """Rows (left_no, left, right_no, right, css) with `context` unchanged lines kept."""
    rows = []
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for group in sm.get_grouped_opcodes(context):
        if rows:
            rows.append(None)  # a gap between hunks
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                for k in range(i2 - i1):
                    rows.append((i1 + k + 1, a[i1 + k], j1 + k + 1, b[j1 + k], ""))
                continue
            n = max(i2 - i1, j2 - j1)
            for k in range(n):
                li = i1 + k if i1 + k < i2 else None
                rj = j1 + k if j1 + k < j2 else None
                css = "chg" if tag == "replace" and li is not None and rj is not None else \
                    ("del" if rj is None else "ins")
                rows.append((li + 1 if li is not None else "", a[li] if li is not None else "",
                             rj + 1 if rj is not None else "", b[rj] if rj is not None else "", css))
    return rows


def render_html(scripts, rev_a, rev_b, opts, extra_notes):
    p = ["<!DOCTYPE html>", '<html><head><meta charset="utf-8">',
         f"<title>asm_diff {esc(rev_a.label)} -&gt; {esc(rev_b.label)}</title>",
         f"<style>{STYLE}</style></head><body>",
         f"<h1>generated/: {esc(rev_a.label)} &rarr; {esc(rev_b.label)}</h1>"]
    for n in extra_notes:
        p.append(f"<p>{esc(n)}</p>")
    changed = [s for s in scripts if s.kind != "unchanged"]
    if not changed:
        p.append("<p>No change.</p>")
    for sd in changed:
        p.append(f"<h2>{esc(sd.script)} [{esc(sd.isa)}]: {esc(sd.kind)}</h2>")
        for w in sd.warnings:
            p.append(f'<div class="warn">WARNING: {esc(w)}</div>')
        p.append("<table class=st><tr><th>function</th>"
                 + "".join(f"<th>{esc(t)}<br><small>{esc(sd.file_status[t])}</small></th>" for t in sd.targets)
                 + (f"<th>bytes on {esc(sd.rep_target)}"
                    + (f" ({esc(size_tool(sd))})" if size_tool(sd) else "") + "</th>"
                    if sd.sizes is not None else "") + "</tr>")
        for n in sd.functions:
            per = sd.func_status[n]
            if is_pseudo(n) and not any(v in CHANGED for v in per.values()):
                continue
            cells = "".join(f'<td class="{esc(per.get(t) or "")}">{esc(MARK[per.get(t)])}</td>'
                            for t in sd.targets)
            size = size_cell(sd, n)
            p.append(f"<tr><td><code>{esc(n)}</code></td>{cells}"
                     + (f"<td>{esc(size)}</td>" if size is not None else "") + "</tr>")
        total = size_total(sd)
        if total:
            p.append(f'<tr><td>total</td><td colspan={len(sd.targets)}></td><td>{esc(total)}</td></tr>')
        p.append("</table>")
        for t in sd.unexplained():
            p.append(f"<p>{esc(t)}: only preprocessor lines or the order of functions changed</p>")
        for note in size_notes(sd):
            p.append(f"<p><small>{esc(note)}</small></p>")
        if sd.rep_note:
            p.append(f"<p><small>{esc(sd.rep_note)}</small></p>")
        for name, st in rep_changes(sd):
            a = function_lines(sd, name, 0, opts.all_lines)
            b = function_lines(sd, name, 1, opts.all_lines)
            p.append(f"<h3>{esc(sd.rep_target)}: {esc(name)} ({esc(st)})</h3>")
            rows = side_by_side(a, b, opts.context)
            if not rows:
                p.append("<p>No instruction changed (directives or comments only).</p>")
                continue
            p.append('<table class="sbs"><colgroup><col style="width:3.5em"><col>'
                     '<col style="width:3.5em"><col></colgroup>'
                     f"<tr><th></th><th>{esc(rev_a.label)}</th><th></th><th>{esc(rev_b.label)}</th></tr>")
            for r in rows:
                if r is None:
                    p.append('<tr class="skip"><td colspan=4>&#8942;</td></tr>')
                    continue
                ln, lt, rn, rt, css = r
                lcss = css if css in ("del", "chg") else ""
                rcss = css if css in ("ins", "chg") else ""
                p.append(f'<tr><td class="n">{ln}</td><td class="{lcss}">{esc(lt)}</td>'
                         f'<td class="n">{rn}</td><td class="{rcss}">{esc(rt)}</td></tr>')
            p.append("</table>")
    same = [s.script for s in scripts if s.kind == "unchanged"]
    if same:
        p.append("<p>Unchanged: " + ", ".join(f"<code>{esc(s)}</code>" for s in same) + "</p>")
    p.append("</body></html>")
    return "\n".join(p) + "\n"
