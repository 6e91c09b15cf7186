# SPDX-License-Identifier: Apache-2.0
"""Compare two revisions of generated/: per script, per target, per function."""

import os

from .source import isa_of, target_sort_key
from .split import split_file, normalized, is_pseudo

CHANGED = ("changed", "added", "removed")


class ScriptDiff:
    def __init__(self, script, isa):
        self.script = script
        self.isa = isa
        self.paths = {}         # target -> path of its file (either revision)
        self.file_status = {}   # target -> same | cosmetic | changed | added | removed
        self.files = {}         # target -> (AsmFile or None, AsmFile or None)
        self.raw = {}           # target -> (bytes or None, bytes or None)
        self.functions = []     # names in file order (B first, then names only in A)
        self.func_status = {}   # name -> {target: status}; no entry where absent in both
        self.warnings = []
        self.rep_target = None
        self.rep_note = None
        self.sizes = None       # (SizeResult A or None, SizeResult B or None)

    @property
    def targets(self):
        return sorted(self.paths, key=target_sort_key)

    @property
    def changed_targets(self):
        return [t for t in self.targets if self.file_status[t] in CHANGED]

    def unexplained(self):
        """Targets whose file changed while none of its functions did."""
        out = []
        for t in self.changed_targets:
            if self.file_status[t] == "changed" and not any(
                    per.get(t) in CHANGED for per in self.func_status.values()):
                out.append(t)
        return out

    @property
    def kind(self):
        st = set(self.file_status.values())
        if st <= {"added"}:
            return "new script"
        if st <= {"removed"}:
            return "removed script"
        if st & set(CHANGED):
            return "changed"
        if "cosmetic" in st:
            return "header/whitespace only"
        return "unchanged"


def file_status(a, b):
    if a is None:
        return "added"
    if b is None:
        return "removed"
    if a == b:
        return "same"
    na = normalized(a.decode("utf-8", "replace").splitlines()[1:])
    nb = normalized(b.decode("utf-8", "replace").splitlines()[1:])
    return "cosmetic" if na == nb else "changed"


def func_status(fa, fb):
    if fa is None and fb is None:
        return None
    if fa is None:
        return "added"
    if fb is None:
        return "removed"
    return "same" if normalized(fa, True) == normalized(fb, True) else "changed"


def compare(rev_a, rev_b):
    """-> (list of ScriptDiff sorted by ISA then script, every target seen)"""
    scripts = {}
    all_targets = set()
    for path in sorted(set(rev_a.files) | set(rev_b.files)):
        target = path.split("/")[1]
        all_targets.add(target)
        a, b = rev_a.files.get(path), rev_b.files.get(path)
        fa = split_file(a.decode("utf-8", "replace"), target, path) if a is not None else None
        fb = split_file(b.decode("utf-8", "replace"), target, path) if b is not None else None
        script = (fb and fb.script) or (fa and fa.script) or \
            f"{os.path.splitext(os.path.basename(path))[0]} (no gen_asm.py header)"
        key = (isa_of(target), script)
        sd = scripts.get(key)
        if sd is None:
            sd = scripts[key] = ScriptDiff(script, isa_of(target))
        sd.paths[target] = path
        sd.raw[target] = (a, b)
        sd.files[target] = (fa, fb)
        sd.file_status[target] = file_status(a, b)
    isa_targets = {}
    for t in all_targets:
        isa_targets.setdefault(isa_of(t), []).append(t)
    result = []
    for key in sorted(scripts, key=lambda k: (target_sort_key(k[0] + "-linux"), k[1])):
        sd = scripts[key]
        fill_functions(sd)
        sd.warnings = consistency_warnings(sd, sorted(isa_targets[sd.isa], key=target_sort_key))
        result.append(sd)
    return result, sorted(all_targets, key=target_sort_key)


def merge_order(order, names):
    """Add `names` (one file's order) to `order`, each new name right after its
    predecessor in `names`, so removed functions stay where they were."""
    for i, n in enumerate(names):
        if n in order:
            continue
        prev = next((p for p in reversed(names[:i]) if p in order), None)
        order.insert(order.index(prev) + 1 if prev is not None else 0, n)


def fill_functions(sd):
    order = []
    for t in sd.targets:
        fa, fb = sd.files[t]
        for f in (fb, fa):
            if f is not None:
                merge_order(order, list(f.functions))
    sd.functions = order
    for n in order:
        per = {}
        for t in sd.targets:
            fa, fb = sd.files[t]
            st = func_status(fa.functions.get(n) if fa else None, fb.functions.get(n) if fb else None)
            if st is not None:
                per[t] = st
        sd.func_status[n] = per


def consistency_warnings(sd, isa_targets):
    """Targets of one script that did not change alike: the translator or a flavour
    branch did something the reviewer should confirm."""
    warns = []
    changed = sd.changed_targets
    if not changed:
        return warns
    missing = [t for t in isa_targets if t not in sd.paths]
    if missing:
        warns.append(f"{sd.script}: no file on {', '.join(missing)} "
                     f"(exists on {', '.join(sd.targets)})")
    unchanged = [t for t in sd.targets if sd.file_status[t] in ("same", "cosmetic")]
    if unchanged:
        warns.append(f"{sd.script}: changed on {', '.join(changed)} but not on {', '.join(unchanged)}")
    for n in sd.functions:
        per = sd.func_status[n]
        moved = {t: s for t, s in per.items() if s in CHANGED}
        if not moved:
            continue
        same = [t for t, s in per.items() if s == "same"]
        absent = [] if is_pseudo(n) else [t for t in sd.targets if t not in per]
        kinds = sorted(set(moved.values()))
        if same or absent or len(kinds) > 1:
            what = "; ".join(f"{k} on {', '.join(t for t in moved if moved[t] == k)}" for k in kinds)
            parts = [what]
            if same:
                parts.append(f"unchanged on {', '.join(same)}")
            if absent:
                parts.append(f"absent on {', '.join(absent)}")
            warns.append(f"{sd.script}: {n}: {'; '.join(parts)}")
    return warns


def pick_rep_target(sd, wanted):
    """The target whose instruction diff and sizes the report shows."""
    ts = sd.targets
    if wanted in ts:
        rep = wanted
    else:
        os_part = wanted.split("-", 1)[1] if "-" in wanted else ""
        family = {"apple": ("apple", "ios"), "ios": ("apple", "ios")}.get(os_part, (os_part,))
        same_os = [t for t in ts if t.split("-", 1)[1] in family]
        rep = same_os[0] if same_os else ts[0]
    note = None
    if sd.file_status[rep] not in CHANGED and sd.changed_targets:
        note = f"{rep} did not change; showing {sd.changed_targets[0]}"
        rep = sd.changed_targets[0]
    sd.rep_target, sd.rep_note = rep, note
    return rep
