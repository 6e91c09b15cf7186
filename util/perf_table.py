#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Turn ctasm-speed -json output into docs/PERFORMANCE.md and docs/perf_ratio.svg.

    util/perf_table.py RUN.json [RUN2.json ...] [--md docs/PERFORMANCE.md]
                       [--svg docs/perf_ratio.svg] [--command "how RUN.json was made"]

Each input file becomes one section of the page (CPU model, date, tiers); the
chart has one panel per (input file, tier) with ctasm/OpenSSL ratio against
chunk size. Python 3 standard library only: the SVG is written by hand.
"""

import argparse
import html
import json
import math
import os
import sys

# Hand-written measurement notes in the page (docs/PERFORMANCE.md) sit between
# these markers; a regeneration keeps them, before "## Method".
NOTES_BEGIN = "<!-- hand-written notes: util/perf_table.py keeps what is between these markers -->"
NOTES_END = "<!-- end of the hand-written notes -->"

RATIO_NOTE = ("ratio = ctasm throughput / OpenSSL throughput on the same operation, "
              "same chunk size, same process, median of alternating rounds; "
              "above 1 means ctasm is faster")


def load(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("tool") != "ctasm-speed":
        raise ValueError(f"{path}: not ctasm-speed -json output")
    doc["_path"] = path
    return doc


def ordered_unique(items):
    seen = []
    for x in items:
        if x not in seen:
            seen.append(x)
    return seen


class Run:
    """One input file, indexed by (tier, library, name, size)."""

    def __init__(self, doc):
        self.doc = doc
        self.results = doc["results"]
        self.index = {}
        for r in self.results:
            self.index[(r["tier"], r["library"], r["name"], r["size"])] = r
        self.tiers = ordered_unique(r["tier"] for r in self.results)
        self.names = ordered_unique(r["name"] for r in self.results)
        self.has_openssl = any(r["library"] == "openssl" for r in self.results)

    def get(self, tier, library, name, size):
        return self.index.get((tier, library, name, size))

    def sizes(self, name):
        return sorted({r["size"] for r in self.results if r["name"] == name})

    def sized(self, name):
        return any(r["mb_per_s"] is not None for r in self.results if r["name"] == name)

    def ratio(self, tier, name, size):
        ours = self.get(tier, "ctasm", name, size)
        theirs = self.get(tier, "openssl", name, size)
        if not ours or not theirs or not theirs["ops_per_sec"]:
            return None
        return ours["ops_per_sec"] / theirs["ops_per_sec"]

    def tier_info(self, tier):
        for t in self.doc.get("tiers", []):
            if t["name"] == tier:
                return t
        return {"name": tier, "ctasm_cpu": "", "openssl_env": "", "openssl_note": ""}

    def impl(self, tier):
        impls = ordered_unique(r["impl"] for r in self.results
                               if r["tier"] == tier and r["library"] == "ctasm")
        return ", ".join(impls)

    def caps(self, tier):
        for r in self.results:
            if r["tier"] == tier and r["library"] == "ctasm":
                return r.get("caps", "")
        return ""

    def title(self):
        d = self.doc
        t = f"{d.get('arch', '?')}, {d.get('cpu_model', 'unknown CPU')}"
        if d.get("emulator"):
            t += f" (under {d['emulator']})"
        return t


def fmt(v, digits=1):
    if v is None:
        return "—"
    return f"{v:,.{digits}f}"


def fmt_ratio(v):
    return "—" if v is None else f"{v:.2f}"


def md_table(header, rows, align):
    out = ["| " + " | ".join(header) + " |",
           "|" + "|".join(":---" if a == "l" else "---:" for a in align) + "|"]
    for r in rows:
        out.append("| " + " | ".join(r) + " |")
    return out


def section(run, command):
    d = run.doc
    lines = [f"## {run.title()}", ""]
    lines.append(f"- Date (UTC): {d.get('date', '?')}")
    lines.append(f"- CPU: {d.get('cpu_model', '?')} ({d.get('arch', '?')})")
    if d.get("openssl_version"):
        lines.append(f"- Compared with: {d['openssl_version']} (libcrypto, EVP)")
    clock = ("this thread's CPU time (time spent descheduled on the shared machine does "
             "not count)" if d.get("clock") == "cpu" else "wall clock")
    lines.append(f"- Time per line and library: {d.get('timeout_s')} s of {clock}"
                 f", in {d.get('rounds')} alternating round(s); the median round is reported")
    share = sorted(r["cpu_us"] / r["wall_us"] for r in run.results
                   if r.get("cpu_us") and r.get("wall_us"))
    if share:
        lines.append(f"- Share of wall time the benchmark thread ran (median over lines): "
                     f"{100 * share[len(share) // 2]:.0f}%")
    if command:
        lines.append(f"- Made by: `{command}`")
    lines.append(f"- Source: `{os.path.basename(d['_path'])}`")
    if d.get("emulator") or d.get("numbers_meaningful") is False:
        lines.append(f"- **Run under {d.get('emulator') or 'an emulator'}: "
                     "these numbers are meaningless as performance figures.**")
    lines.append("")

    lines += md_table(
        ["tier", "CTASM_CPU", "ctasm caps", "ctasm implementation", "OpenSSL mask", "OpenSSL there"],
        [[f"`{t}`",
          f"`{run.tier_info(t)['ctasm_cpu'] or '(unset)'}`",
          f"`{run.caps(t) or '(none)'}`",
          run.impl(t),
          f"`{run.tier_info(t)['openssl_env'] or '(none)'}`",
          run.tier_info(t)["openssl_note"] or "—"] for t in run.tiers],
        "llllll")
    lines.append("")
    impls = {}
    for t in run.tiers:
        impls.setdefault(run.impl(t), []).append(t)
    for impl, same in impls.items():
        if len(same) > 1:
            lines.append(f"Tiers {', '.join(f'`{t}`' for t in same)} run the same ctasm code "
                         f"({impl}): only OpenSSL's side differs between them.")
            lines.append("")

    sized = [n for n in run.names if run.sized(n)]
    unsized = [n for n in run.names if not run.sized(n)]
    if sized:
        lines.append("### Throughput (MB/s = 10^6 bytes per second)")
        lines.append("")
        header = ["operation", "bytes"]
        for t in run.tiers:
            header += [f"{t}: ctasm"] + ([f"{t}: OpenSSL", f"{t}: ratio"] if run.has_openssl else [])
        rows = []
        for n in sized:
            for s in run.sizes(n):
                row = [n, str(s)]
                for t in run.tiers:
                    ours = run.get(t, "ctasm", n, s)
                    row.append(fmt(ours and ours["mb_per_s"]))
                    if run.has_openssl:
                        theirs = run.get(t, "openssl", n, s)
                        row.append(fmt(theirs and theirs["mb_per_s"]))
                        row.append(fmt_ratio(run.ratio(t, n, s)))
                rows.append(row)
        lines += md_table(header, rows, "lr" + "r" * (len(header) - 2))
        lines.append("")
    if unsized:
        lines.append("### Key setup (operations per second)")
        lines.append("")
        header = ["operation"]
        for t in run.tiers:
            header += [f"{t}: ctasm"] + ([f"{t}: OpenSSL", f"{t}: ratio"] if run.has_openssl else [])
        rows = []
        for n in unsized:
            row = [n]
            for t in run.tiers:
                ours = run.get(t, "ctasm", n, 0)
                row.append(fmt(ours and ours["ops_per_sec"], 0))
                if run.has_openssl:
                    theirs = run.get(t, "openssl", n, 0)
                    row.append(fmt(theirs and theirs["ops_per_sec"], 0))
                    row.append(fmt_ratio(run.ratio(t, n, 0)))
            rows.append(row)
        lines += md_table(header, rows, "l" + "r" * (len(header) - 1))
        lines.append("")
    if sized and any(r.get("ref_cycles_per_byte") is not None for r in run.results):
        lines.append("### Reference cycles per byte (ctasm / OpenSSL)")
        lines.append("")
        lines.append(f"Counter: {d.get('ref_cycle_counter', '?')}. Lower is faster.")
        lines.append("")
        header = ["operation", "bytes"] + list(run.tiers)
        rows = []
        for n in sized:
            for s in run.sizes(n):
                row = [n, str(s)]
                for t in run.tiers:
                    ours = run.get(t, "ctasm", n, s)
                    theirs = run.get(t, "openssl", n, s)
                    a = fmt(ours and ours.get("ref_cycles_per_byte"), 2)
                    b = fmt(theirs and theirs.get("ref_cycles_per_byte"), 2)
                    row.append(a if not run.has_openssl else f"{a} / {b}")
                rows.append(row)
        lines += md_table(header, rows, "lr" + "r" * len(run.tiers))
        lines.append("")
    return lines


# ---- SVG chart -------------------------------------------------------------

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
           "#e377c2", "#17becf", "#7f7f7f", "#bcbd22", "#393b79", "#637939"]
DASHES = ["", "6,3", "2,2", "8,3,2,3"]


def chart(runs):
    panels = []  # (title, run, tier)
    for run in runs:
        if not run.has_openssl:
            continue
        for t in run.tiers:
            panels.append((f"{t} — {run.title()}", run, t))
    names = ordered_unique(n for run in runs for n in run.names if run.sized(n))
    w, ph, top, left, right = 760, 250, 40, 70, 20
    legend_h = 22 * ((len(names) + 2) // 3) + 20
    height = top + len(panels) * (ph + 50) + legend_h
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{height}" '
           f'viewBox="0 0 {w} {height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{height}" fill="white"/>',
           f'<text x="{w / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">'
           'ctasm / OpenSSL throughput ratio vs chunk size (log scales; 1 = parity)</text>']
    if not panels:
        out.append(f'<text x="{w / 2}" y="60" text-anchor="middle">no OpenSSL comparison in '
                   'the input</text></svg>')
        return "\n".join(out) + "\n"

    all_sizes = sorted({s for run in runs for n in names for s in run.sizes(n) if s > 0})
    ratios = [run.ratio(t, n, s) for _, run, t in panels for n in names for s in run.sizes(n)]
    ratios = [r for r in ratios if r]
    lo = min(ratios + [1.0])
    hi = max(ratios + [1.0])
    ylo = 2.0 ** math.floor(math.log2(lo))
    yhi = 2.0 ** math.ceil(math.log2(hi))
    if ylo == yhi:
        yhi *= 2
    xlo, xhi = math.log2(all_sizes[0]), math.log2(all_sizes[-1])
    if xlo == xhi:
        xlo, xhi = xlo - 1, xhi + 1
    pw = w - left - right

    for i, (title, run, tier) in enumerate(panels):
        y0 = top + i * (ph + 50) + 20

        def px(size):
            return left + (math.log2(size) - xlo) / (xhi - xlo) * pw

        def py(ratio):
            return y0 + ph - (math.log2(ratio) - math.log2(ylo)) / \
                (math.log2(yhi) - math.log2(ylo)) * ph

        out.append(f'<text x="{left}" y="{y0 - 8}" font-weight="bold">{html.escape(title)}</text>')
        out.append(f'<rect x="{left}" y="{y0}" width="{pw}" height="{ph}" fill="none" '
                   'stroke="#999"/>')
        e = math.log2(ylo)
        while e <= math.log2(yhi) + 1e-9:
            v = 2.0 ** e
            y = py(v)
            colour, dash = ("#444", "4,3") if abs(v - 1.0) < 1e-9 else ("#ddd", "")
            out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + pw}" y2="{y:.1f}" '
                       f'stroke="{colour}"' + (f' stroke-dasharray="{dash}"' if dash else '') + '/>')
            label = f"{v:g}" if v >= 1 else f"1/{1 / v:g}"
            out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
            e += 1
        for s in all_sizes:
            x = px(s)
            out.append(f'<line x1="{x:.1f}" y1="{y0}" x2="{x:.1f}" y2="{y0 + ph}" stroke="#eee"/>')
            out.append(f'<text x="{x:.1f}" y="{y0 + ph + 15}" text-anchor="middle">{s}</text>')
        out.append(f'<text x="{left + pw / 2}" y="{y0 + ph + 30}" text-anchor="middle" '
                   'fill="#555">chunk size (bytes)</text>')
        out.append(f'<text x="16" y="{y0 + ph / 2}" text-anchor="middle" fill="#555" '
                   f'transform="rotate(-90 16 {y0 + ph / 2})">ctasm / OpenSSL</text>')
        for k, n in enumerate(names):
            pts = [(px(s), py(r)) for s in run.sizes(n) if s > 0
                   for r in [run.ratio(tier, n, s)] if r]
            if not pts:
                continue
            colour = COLOURS[k % len(COLOURS)]
            dash = DASHES[(k // len(COLOURS)) % len(DASHES)]
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
            out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"'
                       + (f' stroke-dasharray="{dash}"' if dash else '') + '/>')
            for x, y in pts:
                out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')

    ly = top + len(panels) * (ph + 50) + 5
    for k, n in enumerate(names):
        x = left + (k % 3) * (pw / 3)
        y = ly + (k // 3) * 22
        colour = COLOURS[k % len(COLOURS)]
        out.append(f'<line x1="{x:.1f}" y1="{y + 6}" x2="{x + 24:.1f}" y2="{y + 6}" '
                   f'stroke="{colour}" stroke-width="3"/>')
        out.append(f'<text x="{x + 30:.1f}" y="{y + 10}">{html.escape(n)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def count_section(path):
    """A util/count_insns.py --json file as a table: instructions per byte (per
    call for key setup), one column per tier."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if doc.get("tool") != "count_insns":
        raise ValueError(f"{path}: not util/count_insns.py --json output")
    res = doc["results"]
    tiers = ordered_unique(f"{r['tier']} ({r['impl']})" for r in res)
    rows = []
    for op, chunk in ordered_unique((r["op"], r["chunk"]) for r in res):
        row = [f"{op} ({chunk} bytes)" if chunk else op]
        for t in tiers:
            hit = [r for r in res if (r["op"], r["chunk"]) == (op, chunk)
                   and f"{r['tier']} ({r['impl']})" == t]
            if not hit:
                row.append("-")
            elif hit[0]["insns_per_byte"] is not None:
                row.append(f"{hit[0]['insns_per_byte']:.2f} /B ({hit[0]['insns_per_call']:.0f})")
            else:
                row.append(f"{hit[0]['insns_per_call']:.0f} per call")
        rows.append(row)
    lines = [f"## {doc['target']}: dynamic instructions under qemu ({doc['date']})", "",
             f"A count, not a time: `{doc['method']}`, under `{doc['emulator']}`. Instructions "
             "per byte, with instructions per call in parentheses.", ""]
    lines += md_table(["operation"] + tiers, rows, ["l"] + ["r"] * len(tiers))
    # Optional prose kept with the counts (peer counts, hardware context).
    for note in doc.get("notes", []):
        lines += ["", note]
    return lines + [""]


def kept_notes(md_path):
    """The hand-written notes of an existing page, markers included, as lines."""
    try:
        with open(md_path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    lines, start = [], 0
    while True:
        b = text.find(NOTES_BEGIN, start)
        if b < 0:
            return lines
        e = text.find(NOTES_END, b)
        if e < 0:
            raise ValueError(f"{md_path}: {NOTES_BEGIN!r} without {NOTES_END!r}")
        lines += text[b:e + len(NOTES_END)].split("\n") + [""]
        start = e + len(NOTES_END)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("inputs", nargs="+", help="ctasm-speed -json files")
    p.add_argument("--md", default="docs/PERFORMANCE.md")
    p.add_argument("--svg", default="docs/perf_ratio.svg")
    p.add_argument("--command", default="", help="the ctasm-speed command line, quoted in the page")
    p.add_argument("--counts", nargs="*", default=[],
                   help="util/count_insns.py --json files (ARM), one section each")
    a = p.parse_args(argv)
    runs = [Run(load(path)) for path in a.inputs]
    notes = kept_notes(a.md)

    svg_rel = os.path.relpath(a.svg, os.path.dirname(os.path.abspath(a.md)) or ".")
    lines = ["<!-- Generated by util/perf_table.py from ctasm-speed -json output; edit only the "
             "hand-written notes between their markers. -->",
             "# ctasm performance", "",
             "Numbers from `ctasm-speed` (bench/), in BoringSSL's `bssl speed` line format. "
             "On a shared or virtual machine absolute figures move from run to run; the ratios, "
             "taken in the same process with ctasm and OpenSSL alternating, are the figures to "
             "read. Each tier is a separate process with `CTASM_CPU` and OpenSSL's capability "
             "mask set before start-up, so both libraries run code for the same CPU features.", "",
             f"{RATIO_NOTE}.", ""]
    if any(r.has_openssl for r in runs):
        lines += [f"![ratio vs chunk size]({svg_rel})", ""]
    for run in runs:
        lines += section(run, a.command)
    for path in a.counts:
        lines += count_section(path)
    has_aead = any(r["suffix"] in ("seal", "open") or "GMAC" in r["name"]
                   for run in runs for r in run.results)
    lines += notes
    lines += ["## Method", ""]
    lines.append("- CTR: one call per chunk continuing one key stream; CBC: one call per chunk "
                 "continuing one chain (chunk sizes that are not a multiple of 16 are skipped); "
                 "key setup: one key schedule per operation (OpenSSL: re-keying an AES-ECB EVP "
                 "context, which runs the key schedule of the tier it dispatched to).")
    if has_aead:
        lines.append("- AEADs: one whole message per operation under a key set up once (nonce, "
                     "13-byte AD, seal or open, tag), as bssl speed does; GHASH is measured as "
                     "AES-128-GMAC (empty message, chunk-sized AD).")
    lines.append("- Buffers are 64-byte aligned; keys and data are fixed non-secret patterns.")
    lines.append("- Reference cycles count at a constant reference rate (x86_64: the TSC), "
                 "not at the core's current clock.")
    lines.append("- Regenerate: run `ctasm-speed -compare openssl -tiers all -json run.json`, "
                 "then `python3 util/perf_table.py run.json`.")
    lines.append("")

    os.makedirs(os.path.dirname(os.path.abspath(a.md)), exist_ok=True)
    with open(a.md, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))
    with open(a.svg, "w", encoding="utf-8") as f:
        f.write(chart(runs))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
