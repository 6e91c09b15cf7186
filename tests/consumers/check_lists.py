#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Check generated/sources.{bzl,gni,cmake,mk} against generated/sources.json.

    python3 tests/consumers/check_lists.py [CTASM_ROOT]

Each file is parsed for its own syntax (Starlark through Python's ast, which
accepts the Starlark subset used; GN, CMake and Make with small strict parsers),
must define exactly the lists sources.json implies (library sources and headers,
a crypto and a test asm list per target) with exactly its paths, in order, and
every path must exist. No build system is needed. Python 3 standard library only.
"""

import ast
import json
import os
import re
import sys


def expected(data, cmake=False):
    """variable (lower case) -> list of paths (cmake: also the target table)."""
    want = {"ctasm_sources": data["sources"], "ctasm_public_headers": data["public_headers"],
            "ctasm_internal_headers": data["internal_headers"]}
    for target, t in data["targets"].items():
        v = target.replace("-", "_")
        want[f"ctasm_asm_{v}"] = t["asm"]
        want[f"ctasm_test_asm_{v}"] = t["test_asm"]
        if cmake:
            want[f"ctasm_target_{v}_isa"] = [t["arch"]]
            want[f"ctasm_target_{v}_os"] = [t["os"]]
    if cmake:
        want["ctasm_target_list"] = sorted(data["targets"])  # compared as a set
    return want


def parse_bzl(text):
    tree = ast.parse(text)  # SyntaxError if it is not valid Starlark/Python syntax
    out = {}
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and isinstance(node.value, ast.List)
                and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in node.value.elts)):
            raise ValueError(f"line {node.lineno}: not `name = [\"string\", ...]`")
        out[node.targets[0].id] = [e.value for e in node.value.elts]
    return out


GN_TOKEN = re.compile(r'\s*(?:(#[^\n]*)|([A-Za-z_]\w*)|("(?:[^"\\$]|\\.)*")|(=|\[|\]|,))')


def parse_gni(text):
    """GN: `name = [ "a", "b", ]` assignments and # comments, nothing else."""
    toks, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = GN_TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError(f"offset {pos}: unexpected {text[pos:pos + 20]!r}")
        pos = m.end()
        if m.group(1):
            continue
        toks.append(m.group(2) and ("id", m.group(2)) or m.group(3) and ("str", m.group(3)[1:-1])
                    or ("op", m.group(4)))
    out, i = {}, 0
    while i < len(toks):
        if toks[i][0] != "id" or toks[i + 1] != ("op", "=") or toks[i + 2] != ("op", "["):
            raise ValueError(f"expected `name = [` at token {toks[i]}")
        name, i, items = toks[i][1], i + 3, []
        while toks[i] != ("op", "]"):
            if toks[i][0] != "str":
                raise ValueError(f"{name}: expected a string, got {toks[i]}")
            items.append(toks[i][1])
            i += 1
            if toks[i] == ("op", ","):
                i += 1
            elif toks[i] != ("op", "]"):
                raise ValueError(f"{name}: expected , or ] after an item")
        if name in out:
            raise ValueError(f"{name} assigned twice")
        out[name] = items
        i += 1
    return out


def parse_cmake(text):
    text = re.sub(r"(?m)^\s*#.*$", "", text)
    out = {}
    for m in re.finditer(r"set\((\w+)([^()]*)\)", text):
        out[m.group(1).lower()] = m.group(2).split()
    rest = re.sub(r"set\((\w+)([^()]*)\)", "", text).strip()
    if rest:
        raise ValueError(f"unparsed text: {rest[:40]!r}")
    return out


def parse_mk(text):
    text = re.sub(r"(?m)^\s*#.*$", "", text).replace("\\\n", " ")
    out = {}
    for line in text.splitlines():
        if not line.strip():
            continue
        m = re.fullmatch(r"(\w+) :=(.*)", line)
        if not m:
            raise ValueError(f"not `NAME := ...`: {line[:40]!r}")
        out[m.group(1).lower()] = m.group(2).split()
    return out


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), "..", ".."))
    gen = os.path.join(root, "generated")
    with open(os.path.join(gen, "sources.json"), encoding="utf-8") as f:
        data = json.load(f)
    want_all = {False: expected(data), True: expected(data, cmake=True)}
    want = want_all[False]
    errors, lists = [], 0
    missing = sorted({p for paths in want.values() for p in paths
                      if not os.path.isfile(os.path.join(root, p))})
    errors += [f"sources.json: {p} does not exist" for p in missing]
    for fname, parse in (("sources.bzl", parse_bzl), ("sources.gni", parse_gni),
                         ("sources.cmake", parse_cmake), ("sources.mk", parse_mk)):
        with open(os.path.join(gen, fname), encoding="utf-8") as f:
            text = f.read()
        try:
            got = parse(text)
            if "ctasm_target_list" in got:
                got["ctasm_target_list"] = sorted(got["ctasm_target_list"])
        except (SyntaxError, ValueError, IndexError) as e:
            errors.append(f"{fname}: syntax: {e}")
            continue
        want = want_all[fname == "sources.cmake"]
        for name in sorted(set(want) | set(got)):
            if name not in got:
                errors.append(f"{fname}: {name} missing")
            elif name not in want:
                errors.append(f"{fname}: {name} is not in sources.json")
            elif got[name] != want[name]:
                errors.append(f"{fname}: {name} = {got[name]} but sources.json says {want[name]}")
            else:
                lists += 1
    for e in errors:
        print(e)
    print(f"check_lists: {lists} lists in 4 files match sources.json, {len(errors)} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
