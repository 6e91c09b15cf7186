# SPDX-License-Identifier: Apache-2.0
"""Fuzzer seeds: the golden inputs and every perlasm script's dialect output.

A script's dialect (gen_asm.py's pseudo-flavour `dialect`) gives one seed per
function: the dialect without the functions that one does not name (callees stay),
so a mutant translates and assembles in a fraction of a second. Dialects are
cached under build/fuzz/, keyed by a hash of the perlasm tree.
"""

import hashlib
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, ROOT)
import gen_asm  # noqa: E402  (the manifest and the Perl environment)

GOLDEN = {"x86_64": os.path.join(ROOT, "tests", "xlate", "x86_64"),
          "arm": os.path.join(ROOT, "tests", "xlate", "arm")}
CACHE = os.path.join(ROOT, "build", "fuzz")
PROC_RE = re.compile(r"^\s*\.ctasm_proc\s+([\w$.]+)")


class Seed:
    def __init__(self, name, isa, text):
        self.name, self.isa, self.text = name, isa, text


def golden_isa(name):
    """ISA of a golden input by its name: a32_* armv7, a64_* aarch64, x86_64 otherwise."""
    return "armv7" if name.startswith("a32") else "aarch64" if name.startswith("a64") else None


def golden_seeds():
    seeds = []
    for fam, d in GOLDEN.items():
        for n in sorted(os.listdir(d)):
            if not n.endswith(".s"):
                continue
            isa = "x86_64" if fam == "x86_64" else golden_isa(n)
            if isa is None:
                raise RuntimeError(f"tests/xlate/arm/{n}: cannot tell its ISA (a32_/a64_)")
            with open(os.path.join(d, n), encoding="utf-8") as f:
                seeds.append(Seed(f"{fam}/{n}", isa, f.read()))
    return seeds


def perlasm_hash():
    h = hashlib.sha256()
    for dirpath, dirnames, files in os.walk(os.path.join(ROOT, "perlasm")):
        dirnames.sort()
        if os.path.basename(dirpath) == "xlate" or "/xlate/" in dirpath + "/":
            continue  # the dialect does not depend on the translators
        for f in sorted(files):
            with open(os.path.join(dirpath, f), "rb") as fh:
                h.update(f.encode() + b"\0" + fh.read())
    return h.hexdigest()[:16]


def dialects():
    """{script: (isa, dialect text)} for every script of gen_asm.py's manifest."""
    path = os.path.join(CACHE, f"dialects-{perlasm_hash()}.json")
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            return {k: tuple(v) for k, v in json.load(f).items()}
    out = {}
    for script, isa, _kind in gen_asm.MANIFEST:
        out[script] = (isa, run_dialect(script))
    os.makedirs(CACHE, exist_ok=True)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        json.dump(out, f)
    os.replace(path + ".tmp", path)
    return out


def run_dialect(script):
    """`perl SCRIPT dialect` as gen_asm.py runs it (its environment, from the root);
    run here rather than through gen_asm.py's helpers, whose signatures change."""
    p = subprocess.run(["perl", script, "dialect"], cwd=ROOT, env=gen_asm.perl_env(),
                       stdin=subprocess.DEVNULL, capture_output=True)
    if p.returncode or p.stderr.strip() or not p.stdout.strip():
        raise RuntimeError(f"perl {script} dialect: status {p.returncode}: "
                           + p.stderr.decode("utf-8", "replace").strip())
    return p.stdout.decode("utf-8")


def split_functions(text):
    """[(function name or None, lines)] of one dialect, in order: each function from its
    .ctasm_proc to its .ctasm_endproc, everything else in between as None chunks."""
    chunks, cur = [], None
    for line in text.splitlines(True):
        m = PROC_RE.match(line)
        if m:
            cur = (m.group(1), [line])
            chunks.append(cur)
            continue
        if cur is not None:
            cur[1].append(line)
            if re.match(r"^\s*\.ctasm_endproc\b", line):
                cur = None
            continue
        if not chunks or chunks[-1][0] is not None:
            chunks.append((None, []))
        chunks[-1][1].append(line)
    return chunks


def dialect_seeds():
    """One seed per function: the dialect without the functions it does not name, so
    data keeps its place (ARMv7 adr reaches about 1 KiB)."""
    seeds = []
    for script, (isa, text) in sorted(dialects().items()):
        chunks = split_functions(text)
        funcs = {n: "".join(ls) for n, ls in chunks if n}
        for name in funcs:
            want, todo = set(), [name]
            while todo:  # the function and every function of the file it names
                n = todo.pop()
                if n in want:
                    continue
                want.add(n)
                todo += [m for m in funcs if m not in want
                         and re.search(rf"(?<![\w$.]){re.escape(m)}(?![\w$])", funcs[n].split("\n", 1)[1])]
            unit = "".join("".join(ls) for n, ls in chunks if n is None or n in want)
            seeds.append(Seed(f"{script}:{name}", isa, unit))
    return seeds


def all_seeds():
    return golden_seeds() + dialect_seeds()
