# SPDX-License-Identifier: Apache-2.0
"""ARM EHABI (.ARM.exidx/.ARM.extab, decoded by llvm-readobj --unwind) for ARMv7 ELF.

The ARM Linux unwinder (libgcc, libunwind) uses these tables, not .eh_frame. EHABI
describes one state per function: the body's. It has to be exact where an unwind
can start, i.e. at every call, and it has to be the state of some reached
instruction (catches a wrong .pad/.save even in a leaf).
"""

import re

from .armv7 import reglist
from .state import State, compare


def _entries(text):
    out, cur, in_ops = [], None, False
    for line in text.splitlines():
        s = line.strip()
        if s == "Entry {":
            cur = {"ops": []}
            out.append(cur)
            continue
        if cur is None:
            continue
        if s.startswith("FunctionAddress:"):
            cur["addr"] = int(s.split(":")[1], 16)
        elif s.startswith("FunctionName:"):
            cur["name"] = s.split(":", 1)[1].strip()
        elif s.startswith("Model:"):
            cur["model"] = s.split(":", 1)[1].strip()
        elif s.startswith("Opcodes ["):
            in_ops = True
        elif s == "]":
            in_ops = False
        elif in_ops:
            m = re.match(r"(?:0x[0-9A-F]+\s+)+;\s*(.*)$", s)
            if m:
                cur["ops"].append(m.group(1).strip())
    return out


def state(ops):
    """Unwind opcodes -> State relative to the body's sp, or an error string."""
    vsp, slots = 0, {}
    for op in ops:
        if op == "finish":
            break
        m = re.fullmatch(r"vsp = vsp ([+-]) (\d+)", op)
        if m:
            vsp += int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            continue
        m = re.fullmatch(r"pop (\{.*\})", op)
        if m:
            regs = reglist(m.group(1))
            size = 8 if regs and regs[0].startswith("d") else 4
            for r in regs:
                slots.setdefault(r, vsp)
                vsp += size
            continue
        return f"unsupported EHABI opcode {op!r}"
    return State(cfa=vsp, saved={r: o - vsp for r, o in slots.items()})


def check(obj, results, text):
    """Add an EHABI mismatch to the matching DWARF result (by function address)."""
    by_addr = {r.lo: r for r in results}
    entries = _entries(text)
    have = {e.get("addr") for e in entries}
    for r in results:
        if r.lo not in have:
            r.fail(r.lo, obj.insns.get(r.lo, ""), "no .ARM.exidx entry (the ARM unwinder cannot unwind it)")
    for e in entries:
        r = by_addr.get(e.get("addr"))
        if r is None or r.error or "states" not in r.__dict__:
            continue
        if any("refuse to unwind" in o or "cantunwind" in o.lower() for o in e["ops"]):
            continue  # .cantunwind: nothing may unwind through it, nothing to check
        want = state(e["ops"])
        if isinstance(want, str):
            r.fail(r.lo, "", f".ARM.exidx: {want}")
            continue
        seen = False
        for addr, st in sorted(r.states.items()):
            ok = not compare("armv7", st, want, False)
            seen = seen or ok
            text_ = obj.insns[addr]
            if text_.split(" ")[0] in ("bl", "blx") and not ok:
                r.fail(addr, text_, ".ARM.exidx disagrees at a call: "
                       + "; ".join(compare("armv7", st, want, False))
                       + f"\n      unwind data: {want.describe()}\n      code:        {st.describe()}")
                break
        if not seen and r.error is None:
            r.fail(r.lo, obj.insns.get(r.lo, ""), f".ARM.exidx state {want.describe()} "
                   "matches no instruction of the function")
