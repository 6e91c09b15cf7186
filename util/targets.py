#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The target table (targets.json at the repository root), for every tool.

    import targets; targets.TARGETS["x86_64-win"]["flavour"]      # from Python
    python3 util/targets.py --runnable        # "name|toolchain" per runnable target
    python3 util/targets.py --assemble-only   # "name|assembler command" per other target
    python3 util/targets.py --check-docs      # README.md and docs/PERLASM.md tables match

Python 3 standard library only.
"""

import json
import os
import shlex
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "targets.json")
FIELDS = ("name", "isa", "os", "object", "flavour", "ext", "assembler", "assembler_alt",
          "tests", "toolchain", "tested_by")
TRANSLATORS = {"x86_64": "perlasm/xlate/x86_64-xlate.pl", "aarch64": "perlasm/xlate/arm-xlate.pl",
               "armv7": "perlasm/xlate/arm-xlate.pl"}
OBJECT_NAMES = {"elf": "ELF", "macho": "Mach-O", "coff": "COFF"}


def load(path=TABLE):
    with open(path, encoding="utf-8") as f:
        rows = json.load(f)["targets"]
    seen = set()
    for r in rows:
        missing = [k for k in FIELDS if k not in r]
        if missing or set(r) - set(FIELDS):
            raise ValueError(f"{path}: target {r.get('name')}: fields {missing} missing or "
                             f"{sorted(set(r) - set(FIELDS))} unknown")
        if r["name"] != f"{r['isa']}-{r['os']}" and not (r["isa"] == "armv7" and r["os"] == "apple"):
            raise ValueError(f"{path}: target {r['name']} is not named <isa>-<os>")
        if r["name"] in seen:
            raise ValueError(f"{path}: target {r['name']} twice")
        if r["tests"] not in (None, "native", "qemu", "wine"):
            raise ValueError(f"{path}: target {r['name']}: tests must be native, qemu, wine or null")
        if (r["tests"] in ("qemu", "wine")) != (r["toolchain"] is not None):
            raise ValueError(f"{path}: target {r['name']}: a cross-run target needs a toolchain")
        seen.add(r["name"])
    return rows


ROWS = load()
TARGETS = {r["name"]: r for r in ROWS}
ORDER = [r["name"] for r in ROWS]


def readme_rows():
    return [f"| {r['name']} | {OBJECT_NAMES[r['object']]} | {r['flavour']} | `{r['ext']}` | "
            f"{r['tested_by']} |" for r in ROWS]


def perlasm_rows():
    return [f"| {r['name']} | {r['isa']} | {TRANSLATORS[r['isa']]} | {r['flavour']} | {r['ext']} |"
            for r in ROWS]


def table_rows(path, header_start):
    """The data rows of the markdown table whose header line starts with header_start."""
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        lines = f.read().splitlines()
    for i, line in enumerate(lines):
        if line.startswith(header_start):
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append(row)
            return rows
    return None


def normalise(row):
    return "|".join(cell.strip() for cell in row.strip().strip("|").split("|"))


def check_docs():
    problems = []
    for path, header, want in (("README.md", "| target ", readme_rows()),
                               ("docs/PERLASM.md", "| target ", perlasm_rows())):
        got = table_rows(path, header)
        if got is None:
            problems.append(f"{path}: no target table (a line starting '{header}')")
            continue
        if [normalise(r) for r in got] != [normalise(r) for r in want]:
            problems.append(f"{path}: target table differs from targets.json; it should read:\n"
                            + "\n".join(want))
    return problems


def main(argv):
    if argv == ["--runnable"]:
        for r in ROWS:
            if r["tests"]:
                print(f"{r['name']}|{r['toolchain'] or ''}")
    elif argv == ["--assemble-only"]:
        for r in ROWS:
            if not r["tests"]:
                cmd = [a for a in r["assembler"] if a != "-c"]
                print(f"{r['name']}|{shlex.join(cmd)}")
    elif argv == ["--check-docs"]:
        problems = check_docs()
        for p in problems:
            print(f"targets: {p}", file=sys.stderr)
        if problems:
            return 1
        print(f"targets: {len(ROWS)} targets; README.md and docs/PERLASM.md tables match targets.json")
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
