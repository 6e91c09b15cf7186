# SPDX-License-Identifier: Apache-2.0
"""Read generated/<target>/<file> at a git revision or from the work tree."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import targets as _targets  # noqa: E402  (targets.json)

# Known targets in the order the reports list them (the target table's order).
TARGET_ROWS = _targets.ROWS
TARGET_ORDER = _targets.ORDER
GEN = "generated"


class SourceError(Exception):
    pass


def isa_of(target):
    return target.split("-", 1)[0]


def object_format(target):
    os_part = target.split("-", 1)[1] if "-" in target else ""
    if os_part in ("apple", "ios", "macos"):
        return "macho"
    if os_part == "win":
        return "coff"
    return "elf"


def target_sort_key(target):
    if target in TARGET_ORDER:
        return (0, TARGET_ORDER.index(target), target)
    return (1, 0, target)


def git(repo, *args, input_bytes=None):
    proc = subprocess.run(["git", "-C", repo, *args], input=input_bytes,
                          capture_output=True)
    if proc.returncode != 0:
        msg = proc.stderr.decode("utf-8", "replace").strip()
        raise SourceError(f"git {' '.join(args)}: {msg or 'failed'}")
    return proc.stdout


def repo_root(path):
    try:
        return git(path, "rev-parse", "--show-toplevel").decode().strip()
    except (SourceError, FileNotFoundError) as e:
        raise SourceError(f"{path} is not inside a git repository ({e})") from None


def is_asm_path(path):
    """generated/<target>/<file>; the sources.* lists one level up are not assembly."""
    parts = path.split("/")
    return len(parts) == 3 and parts[0] == GEN and parts[1] and parts[2]


class Revision:
    """One side of the comparison: `files` maps generated/<target>/<file> -> bytes."""

    def __init__(self, label, files, other):
        self.label = label
        self.files = files
        self.other = other  # generated/ files outside target dirs (sources.*), path -> bytes


def read_git_revision(repo, rev):
    try:
        commit = git(repo, "rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}").decode().strip()
    except SourceError:
        commit = ""
    if not commit:
        raise SourceError(f"bad revision {rev!r}: not a commit in {repo}")
    listing = git(repo, "ls-tree", "-r", "-z", commit, "--", GEN + "/").split(b"\0")
    entries = []
    for item in listing:
        if not item:
            continue
        meta, path = item.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob":
            entries.append((path.decode("utf-8", "replace"), sha.decode()))
    blobs = {}
    if entries:
        # One cat-file process for every blob: fast even on large trees.
        out = git(repo, "cat-file", "--batch", input_bytes="".join(f"{s}\n" for _, s in entries).encode())
        pos = 0
        for path, sha in entries:
            nl = out.index(b"\n", pos)
            head = out[pos:nl].split()
            size = int(head[2])
            blobs[path] = out[nl + 1:nl + 1 + size]
            pos = nl + 1 + size + 1
    short = commit[:12]
    label = rev if rev.startswith(short[:7]) else f"{rev} ({short})"
    return split_files(label, blobs)


def read_work_tree(repo):
    blobs = {}
    top = os.path.join(repo, GEN)
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames.sort()
        for fn in filenames:
            full = os.path.join(dirpath, fn)
            rel = os.path.relpath(full, repo).replace(os.sep, "/")
            if fn.endswith(".tmp"):
                continue
            with open(full, "rb") as f:
                blobs[rel] = f.read()
    return split_files("work tree", blobs)


def split_files(label, blobs):
    asm = {p: b for p, b in blobs.items() if is_asm_path(p)}
    other = {p: b for p, b in blobs.items() if not is_asm_path(p)}
    return Revision(label, asm, other)
