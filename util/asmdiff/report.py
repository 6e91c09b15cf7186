# SPDX-License-Identifier: Apache-2.0
"""Plain-text report (terminals and CI logs)."""

import difflib

from .compare import CHANGED
from .split import instruction_lines, is_pseudo

MARK = {"same": "=", "changed": "changed", "added": "added", "removed": "removed", None: "-"}


def fmt_size(a, b):
    if a is None and b is None:
        return "n/a"
    if a is None:
        return f"- -> {b}"
    if b is None:
        return f"{a} -> -"
    return f"{a}" if a == b else f"{a} -> {b} ({b - a:+d})"


def size_of(res, name):
    return None if res is None else res.sizes.get(name)


def size_cell(sd, name):
    if sd.sizes is None:
        return None
    if is_pseudo(name):
        return ""
    ra, rb = sd.sizes
    a, b = size_of(ra, name), size_of(rb, name)
    missing_a = ra is not None and ra.note is not None
    missing_b = rb is not None and rb.note is not None
    if missing_a or missing_b:
        return "n/a"
    return fmt_size(a, b)


def size_total(sd):
    """Sum over the real functions, when sizes were measured on both sides that exist."""
    if sd.sizes is None or any(r is not None and r.note for r in sd.sizes):
        return None
    sums = [sum(r.sizes.values()) if r is not None else None for r in sd.sizes]
    return fmt_size(*sums)


def size_notes(sd):
    if sd.sizes is None:
        return []
    notes = []
    for side, res in zip(("before", "after"), sd.sizes):
        if res is not None and res.note:
            notes.append(f"sizes n/a ({side}): {res.note}")
    return sorted(set(notes))


def size_tool(sd):
    if sd.sizes is None:
        return None
    tools = {r.tool for r in sd.sizes if r is not None and r.tool}
    return ", ".join(sorted(tools)) or None


def function_lines(sd, name, side, all_lines):
    f = sd.files[sd.rep_target][side]
    if f is None or name not in f.functions:
        return []
    lines = f.functions[name]
    return lines if all_lines else instruction_lines(lines, sd.paths[sd.rep_target].endswith(".asm"))


def rep_changes(sd):
    """Functions that changed on the representative target, in file order."""
    per = [(n, sd.func_status[n].get(sd.rep_target)) for n in sd.functions]
    return [(n, s) for n, s in per if s in CHANGED]


def unified(sd, name, all_lines, context):
    a = function_lines(sd, name, 0, all_lines)
    b = function_lines(sd, name, 1, all_lines)
    path = sd.paths[sd.rep_target]
    return list(difflib.unified_diff(a, b, f"a/{path}:{name}", f"b/{path}:{name}", n=context,
                                     lineterm=""))


def render_text(scripts, rev_a, rev_b, opts, extra_notes):
    out = []
    changed = [s for s in scripts if s.kind != "unchanged"]
    nwarn = sum(len(s.warnings) for s in scripts)
    counts = {}
    for s in scripts:
        counts[s.kind] = counts.get(s.kind, 0) + 1
    summary = ", ".join(f"{v} {k}" for k, v in counts.items())
    out.append(f"asm_diff: generated/ {rev_a.label} -> {rev_b.label}")
    out.append(f"{len(scripts)} scripts: {summary or 'none'}; "
               f"{nwarn} warning{'s' if nwarn != 1 else ''}")
    out.extend(extra_notes)
    for sd in changed:
        out.append("")
        out.extend(render_script(sd, opts))
    same = [s.script for s in scripts if s.kind == "unchanged"]
    if same:
        out.append("")
        out.append("unchanged: " + ", ".join(same))
    return "\n".join(out) + "\n"


def render_script(sd, opts):
    out = [f"== {sd.script} [{sd.isa}]: {sd.kind}"]
    out.append("targets: " + ", ".join(f"{t} {sd.file_status[t]}" for t in sd.targets))
    for w in sd.warnings:
        out.append(f"WARNING: {w}")
    if sd.kind == "header/whitespace only":
        return out
    short = {t: t.split("-", 1)[1] if "-" in t else t for t in sd.targets}
    cols = [max(len(short[t]), 7) for t in sd.targets]
    width = max([len("function")] + [len(n) for n in sd.functions]) + 2
    tool = size_tool(sd)
    size_head = f"bytes on {sd.rep_target}" + (f" ({tool})" if tool else "")
    head = "function".ljust(width) + "  ".join(short[t].ljust(c) for t, c in zip(sd.targets, cols))
    if sd.sizes is not None:
        head += "  " + size_head
    out.append(head.rstrip())
    for n in sd.functions:
        per = sd.func_status[n]
        if is_pseudo(n) and not any(v in CHANGED for v in per.values()):
            continue  # unchanged preamble/section bodies are noise
        row = n.ljust(width) + "  ".join(MARK[per.get(t)].ljust(c) for t, c in zip(sd.targets, cols))
        cell = size_cell(sd, n)
        if cell is not None:
            row += "  " + cell
        out.append(row.rstrip())
    total = size_total(sd)
    if total:
        out.append("total".ljust(width) + " " * (sum(c + 2 for c in cols)) + total)
    out.extend(size_notes(sd))
    for t in sd.unexplained():
        out.append(f"{t}: only preprocessor lines or the order of functions changed")
    changes = rep_changes(sd)
    if not changes:
        return out
    what = "all lines" if opts.all_lines else "instructions, labels and data; --all-lines adds directives and comments"
    out.append(f"-- diff on {sd.rep_target} ({what})" + (f"; {sd.rep_note}" if sd.rep_note else ""))
    body = []
    for name, st in changes:
        d = unified(sd, name, opts.all_lines, opts.context)
        if not d and not is_pseudo(name):
            body.append(f"({name}: {st}; no instruction changed — directives or comments only)")
        body.extend(d)
    if opts.max_lines and len(body) > opts.max_lines:
        extra = len(body) - opts.max_lines
        body = body[:opts.max_lines] + [f"... {extra} more diff lines (--max-lines 0 shows all)"]
    out.extend(body)
    return out
