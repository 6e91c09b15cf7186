# SPDX-License-Identifier: Apache-2.0
"""Follow one function's control flow, tracking the stack, and compare with its unwind rows."""

import bisect

from .state import compare


class Result:
    def __init__(self, name, lo, hi):
        self.name, self.lo, self.hi = name, lo, hi
        self.checked = 0
        self.error = None  # first mismatch: (addr, insn text, message)

    def fail(self, addr, text, msg):
        if self.error is None:
            self.error = (addr, text, msg)


def row_at(rows, addr):
    i = bisect.bisect_right([a for a, _ in rows], addr) - 1
    return rows[i][1] if i >= 0 else None


def walk(obj, name, lo, hi, rows, initial, skip=(), check_pac=None):
    """rows: [(addr, State)] the unwinder's view; skip: addresses the unwinder emulates
    (Windows epilogues), where only the stack balance at the return is checked."""
    mod, isa = obj.mod, obj.isa
    abi = "x86_64-win" if isa == "x86_64" and obj.format == "coff" else isa
    if abi == "x86_64-win" and not any(a == lo for a, _n in obj.functions):
        # A local function keeps the SysV rules on Win64 too: the translator saves
        # rdi, rsi and xmm6-15 in every global function that calls it (directly or
        # not), so its own unwind data need not describe them (docs/INTERNALS.md).
        abi = "x86_64"
    if isa == "x86_64":
        mod.set_abi(abi == "x86_64-win")
        try:
            return _walk(obj, name, lo, hi, rows, initial, skip, check_pac, abi)
        finally:
            mod.set_abi(obj.format == "coff")
    return _walk(obj, name, lo, hi, rows, initial, skip, check_pac, abi)


def _walk(obj, name, lo, hi, rows, initial, skip, check_pac, abi):
    mod, isa = obj.mod, obj.isa
    res = Result(name, lo, hi)
    if check_pac is None:
        check_pac = isa == "aarch64"
    if lo not in obj.insns:
        res.fail(lo, "", "no instruction at the function start (disassembly and unwind data disagree)")
        return res
    states = {lo: initial.copy()}
    res.states = states
    work = [lo]
    while work and res.error is None:
        addr = work.pop()
        st, text = states[addr], obj.insns[addr]
        if obj.is_data(addr):
            res.fail(addr, text, "control reaches data / undecodable bytes")
            break
        res.checked += 1
        if addr not in skip:
            row = row_at(rows, addr)
            if row is None:
                res.fail(addr, text, "no unwind row covers this address")
                break
            errs = compare(abi, st, row, check_pac)
            if errs:
                res.fail(addr, text, "; ".join(errs) + f"\n      unwind data: {row.describe()}"
                         f"\n      code:        {st.describe()}")
                break
        try:
            new = mod.step(st, text)
            new.prune()
        except mod.Unsupported as e:
            res.fail(addr, text, str(e))
            break
        falls, target = mod.flow(text)
        succ = []
        nxt = obj.next_addr(addr)
        if falls:
            if nxt is None or nxt >= hi:
                res.fail(addr, text, "execution falls off the end of the function")
                break
            succ.append(nxt)
        if target is not None and lo <= target < hi:
            succ.append(target)
        elif not falls and text.split(" ")[0] not in mod.TRAPS:
            # return, tail call or indirect jump: the frame must be fully unwound
            if new.cfa != initial.cfa or {r: o for r, o in new.saved.items()} != initial.saved \
                    or (check_pac and new.pac):
                res.fail(addr, text, f"leaves the function with an unbalanced frame: {new.describe()}")
                break
        for s in succ:
            if s not in obj.insns:
                res.fail(addr, text, f"branch to {s:#x}, which is not an instruction boundary")
                break
            if s not in states:
                states[s] = new
                work.append(s)
            elif states[s].key() != new.key():
                # a copy on one path, the save at its slot on the other: saved, walked again
                joined = states[s].join(new)
                if joined is not None:
                    if joined.key() != states[s].key():
                        states[s] = joined
                        work.append(s)
                    continue
                res.fail(s, obj.insns[s], f"paths disagree: {states[s].describe()} vs {new.describe()}"
                         f" (from {addr:#x})")
                break
    return res
