#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Same code on every flavour: compare the instruction streams of one script's
translations, function by function, across the flavours of its ISA.

    util/check_flavours.py [--out DIR]        # every script in generated/ (objects in DIR,
                                              # default build/flavours)
    util/check_flavours.py --objects ISA FLAVOUR=OBJ ...   # given objects of one script
    util/check_flavours.py --self-test        # show it catches a flavour that differs

Each generated file is assembled with its target's assembler (targets.json), disassembled
with llvm-objdump, normalised (util/flavours/: the rules are in docs/PERLASM.md, "Same
code on every flavour") and compared with the first flavour of its ISA, function by
function, and their read-only data. Prints the first difference per script (file,
function, offset and instruction on both flavours) and
  check_flavours: N scripts, M objects, K instructions compared, F differences
exiting 1 on any difference or on anything it could not assemble or read.
Python 3 standard library + LLVM 14 tools only.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.dont_write_bytecode = True  # keep util/ free of __pycache__
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import targets as target_table  # noqa: E402
from flavours import compare, objdump  # noqa: E402

ROOT = os.path.dirname(HERE)
ISAS = sorted({t["isa"] for t in target_table.ROWS})
FIXTURES = os.path.join(ROOT, "tests", "flavours")


def flavours_of(isa):
    return [t for t in target_table.ROWS if t["isa"] == isa]


def assemble(target, src, obj):
    """None, or why SRC does not assemble for TARGET."""
    cmd = target["assembler"] + [src, "-o", obj]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
    except FileNotFoundError:
        return f"{cmd[0]} not found"
    if p.returncode:
        return f"{' '.join(cmd[:-3])}: {p.stderr.strip()[:400]}"
    return None


def object_name(target, stem):
    return stem + (".obj" if target["object"] == "coff" else ".o")


def compare_objects(isa, flavour_objs, label):
    """flavour_objs: [(flavour, path)]. Returns (difference message or None, count)."""
    loaded = [(f, compare.load(p, isa, f)) for f, p in flavour_objs]
    return compare.compare(loaded, label)


def check_sources(isa, sources, out, label, jobs=2):
    """sources: [(target row, source path)] of one script. (message or None, count)."""
    os.makedirs(out, exist_ok=True)
    stem = os.path.splitext(os.path.basename(sources[0][1]))[0]
    objs = [(t, os.path.join(out, f"{t['name']}-" + object_name(t, stem))) for t, _ in sources]
    with ThreadPoolExecutor(jobs) as pool:
        errs = list(pool.map(lambda ts: assemble(ts[0][0], ts[0][1], ts[1]),
                             zip(sources, [o for _, o in objs])))
    for (t, src), err in zip(sources, errs):
        if err:
            return f"{label}: does not assemble for {t['name']}: {err}", 0
    try:
        return compare_objects(isa, [(t["flavour"], o) for t, o in objs], label)
    except objdump.ObjError as e:
        return f"{label}: cannot read: {e}", 0


def check_generated(out):
    nscripts = nobjs = ninsns = 0
    failures = []
    for isa in ISAS:
        rows = flavours_of(isa)
        stems = set()
        for t in rows:
            d = os.path.join(ROOT, "generated", t["name"])
            stems |= {os.path.splitext(f)[0] for f in os.listdir(d) if f.endswith(t["ext"])} \
                if os.path.isdir(d) else set()
        if not stems:
            failures.append(f"{isa}: no generated files (run gen_asm.py)")
        for stem in sorted(stems):
            srcs = [(t, os.path.join(ROOT, "generated", t["name"], stem + t["ext"])) for t in rows]
            missing = [t["name"] for t, s in srcs if not os.path.isfile(s)]
            if missing:
                failures.append(f"{stem}: missing for {missing}")
                continue
            label = f"generated/*/{stem} ({isa})"
            msg, n = check_sources(isa, srcs, os.path.join(out, isa), label)
            nscripts += 1
            nobjs += len(srcs)
            ninsns += n
            if msg:
                failures.append(msg)
            else:
                print(f"OK   {label}: {n} instructions")
    return nscripts, nobjs, ninsns, failures


META_RE = re.compile(r"^(?:#|//|@) (selftest|differs): (.*)$")


def self_test():
    """Every fixture in tests/flavours/ is translated for each flavour of its ISA (file
    name ISA.NAME.s) and must compare clean; then its `selftest: OLD => NEW` regex
    substitution is applied to the last flavour's assembly (every line that is not a
    label), which then means something else, and the tool must report the function
    named by `differs:`."""
    problems = []
    fixtures = sorted(n for n in os.listdir(FIXTURES) if n.endswith(".s"))
    if not fixtures:
        problems.append(f"no fixtures in {FIXTURES}")
    with tempfile.TemporaryDirectory() as tmp:
        for name in fixtures:
            isa = name.split(".")[0]
            with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
                lines = f.read().splitlines(True)
            meta = dict(m.groups() for m in (META_RE.match(ln.rstrip("\n")) for ln in lines) if m)
            text = "".join(ln for ln in lines if not META_RE.match(ln.rstrip("\n")))
            if "selftest" not in meta or "differs" not in meta or isa not in ISAS:
                problems.append(f"{name}: needs an ISA.NAME.s name and selftest:/differs: lines")
                continue
            old, new = (x.strip() for x in meta["selftest"].split("=>", 1))
            srcs = translate_all(isa, text, tmp, name, problems)
            if srcs is None:
                continue
            msg, _ = check_sources(isa, srcs, os.path.join(tmp, "clean"), name)
            if msg:
                problems.append(f"{name}: the unchanged translations differ: {msg}")
            t, src = srcs[-1]
            with open(src, encoding="utf-8") as f:
                asm = f.read().splitlines(True)
            changed = [ln if ln.rstrip().endswith(":") else re.sub(old, new, ln) for ln in asm]
            if changed == asm:
                problems.append(f"{name}: `{old}` matches nothing in the {t['flavour']} translation")
                continue
            with open(src, "w", encoding="utf-8") as f:
                f.write("".join(changed))
            msg, _ = check_sources(isa, srcs, os.path.join(tmp, "changed"), name)
            if not msg or meta["differs"] not in msg:
                problems.append(f"{name}: a changed {t['flavour']} translation was "
                                + ("not noticed" if not msg else "reported wrongly: " + msg))
            else:
                print(f"self-test {name}: caught: {msg}")
    for p in problems:
        print(f"FAIL self-test: {p}")
    print(f"check_flavours self-test: {len(fixtures)} fixtures, "
          f"{'FAILED' if problems else 'every change caught, no false difference'}")
    return 1 if problems else 0


def translate_all(isa, text, tmp, name, problems):
    """[(target row, source path)] of TEXT translated for every flavour, or None."""
    srcs = []
    for t in flavours_of(isa):
        xlate = os.path.join(ROOT, target_table.TRANSLATORS[isa])
        p = subprocess.run(["perl", xlate, t["flavour"]], input=text, text=True, capture_output=True)
        if p.returncode or p.stderr.strip():
            problems.append(f"{name}: translator ({t['flavour']}): {p.stderr.strip()}")
            return None
        src = os.path.join(tmp, f"{name}-{t['name']}{t['ext']}")
        with open(src, "w", encoding="utf-8") as f:
            f.write(p.stdout)
        srcs.append((t, src))
    return srcs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "flavours"))
    ap.add_argument("--objects", nargs="+", metavar="ARG", help="ISA FLAVOUR=OBJ ...")
    ap.add_argument("--self-test", action="store_true")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    if args.objects:
        isa, pairs = args.objects[0], [a.split("=", 1) for a in args.objects[1:]]
        msg, n = compare_objects(isa, [(f, p) for f, p in pairs], " ".join(p for _, p in pairs))
        print(msg or f"check_flavours: {n} instructions compared, no difference")
        return 1 if msg else 0
    nscripts, nobjs, ninsns, failures = check_generated(args.out)
    for f in failures:
        print(f"FAIL {f}")
    print(f"check_flavours: {nscripts} scripts, {nobjs} objects, {ninsns} instructions compared, "
          f"{len(failures)} differences")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
