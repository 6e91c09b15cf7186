# SPDX-License-Identifier: Apache-2.0
"""ARMv7 (A32, llvm-objdump syntax): stack effect and control flow of one instruction."""

import re

from .state import STRICT, State

INITIAL = State(cfa=0)
COMMENT = "@"
STRICT_REGS = STRICT["armv7"]
CONDS = ("eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le")

# stop execution: no frame is left, so no balance to check
TRAPS = {"udf", "bkpt"}


class Unsupported(Exception):
    pass


def _int(s):
    return int(s.strip().lstrip("#"), 0) if s else 0


def norm_reg(r):
    r = r.strip().lower()
    return {"r13": "sp", "r14": "lr", "r15": "pc", "fp": "r11", "ip": "r12", "sb": "r9", "sl": "r10"}.get(r, r)


def reglist(s):
    """'{r4, r5, lr}' or '{d8-d15}' -> ['r4', 'r5', 'lr']"""
    out = []
    for part in s.strip().strip("{}").split(","):
        part = part.strip()
        m = re.fullmatch(r"([rd])(\d+)-[rd](\d+)", part)
        if m:
            out += [f"{m.group(1)}{i}" for i in range(int(m.group(2)), int(m.group(3)) + 1)]
        elif part:
            out.append(norm_reg(part))
    return out


def split(text):
    mn, _, ops = text.strip().partition(" ")
    return mn, ops.strip()


def _cond(mn, base):
    return mn != base and mn[len(base):len(base) + 2] in CONDS


def flow(text):
    mn, ops = split(text)
    m = re.search(r"\b0x([0-9a-f]+)\b", ops)
    target = int(m.group(1), 16) if m else None
    if mn == "b":
        return False, target
    if mn.startswith("b") and _cond(mn, "b") and len(mn) == 3:
        return True, target
    if mn == "bx" or mn == "udf":
        return False, None
    if mn in ("pop", "ldm", "ldmia", "ldmfd") and "pc" in reglist(ops.split(",", 1)[-1] if "{" in ops else ops):
        return False, None
    if mn in ("mov", "ldr") and ops.startswith("pc,"):
        return False, None
    return True, None


def _push(st, regs, size):
    if st.cfa is None:
        return
    st.cfa += size * len(regs)
    for i, r in enumerate(regs):
        if r in STRICT_REGS and r not in st.saved:
            st.saved[r] = -st.cfa + i * size


def _pop(st, regs, size):
    if st.cfa is None:
        return
    for i, r in enumerate(regs):
        _restore(st, "lr" if r == "pc" else r, -st.cfa + i * size)
    st.cfa -= size * len(regs)


def step(st, text):
    mn, ops = split(text)
    st = st.copy()
    k = st.cfa
    for base in ("push", "pop", "vpush", "vpop", "ldm", "stm", "str", "ldr", "add", "sub", "mov", "vstm", "vldm"):
        if mn != base and mn.startswith(base) and _cond(mn, base) and "sp" in ops.split(",")[0]:
            raise Unsupported(f"conditional stack pointer update: {text.strip()}")
    if mn == "push" or (mn in ("stmdb", "stmfd") and ops.startswith("sp!")):
        _push(st, reglist(ops[ops.index("{"):]), 4)
        return st
    if mn == "pop" or (mn in ("ldm", "ldmia", "ldmfd") and ops.startswith("sp!")):
        _pop(st, reglist(ops[ops.index("{"):]), 4)
        return st
    if mn == "vpush" or (mn in ("vstmdb",) and ops.startswith("sp!")):
        _push(st, reglist(ops[ops.index("{"):]), 8)
        return st
    if mn == "vpop" or (mn in ("vldmia", "vldm") and ops.startswith("sp!")):
        _pop(st, reglist(ops[ops.index("{"):]), 8)
        return st
    # single-register stores/loads on sp: [sp, #o]  [sp, #-o]!  [sp], #o
    m = re.fullmatch(r"(\w+),\s*\[sp(?:,\s*(#-?\w+))?\](!)?(?:,\s*(#-?\w+))?", ops)
    if m and mn in ("str", "ldr", "vstr", "vldr"):
        r, off, pre, post = norm_reg(m.group(1)), _int(m.group(2)), bool(m.group(3)), _int(m.group(4))
        if k is None:
            return st
        if pre:
            k -= off
            off = 0
        if mn.endswith("str"):
            if r in STRICT_REGS and r not in st.saved:
                st.saved[r] = off - k
        else:
            _restore(st, "lr" if r == "pc" else r, off - k)
        st.cfa = k - post
        return st
    parts = [p.strip() for p in ops.split(",")]
    if parts and parts[0] == "sp" and not mn.startswith(("str", "stm", "ldm", "vst", "vld", "cmp", "tst")):
        if mn in ("sub", "add") and len(parts) == 3 and parts[1] == "sp" and parts[2].startswith("#"):
            if k is not None:
                st.cfa = k + _int(parts[2]) if mn == "sub" else k - _int(parts[2])
            return st
        if st.fp and len(parts) >= 2 and norm_reg(parts[1]) == st.fp[0]:
            if mn == "mov" and len(parts) == 2:
                st.cfa = st.fp[1]
                return st
            if mn in ("sub", "add") and len(parts) == 3 and parts[2].startswith("#"):
                n = _int(parts[2])
                st.cfa = st.fp[1] + n if mn == "sub" else st.fp[1] - n
                return st
        raise Unsupported(f"untracked stack pointer update: {text.strip()}")
    if mn in ("mov", "add") and len(parts) >= 2 and parts[1] == "sp" and parts[0] in ("r7", "r11"):
        n = _int(parts[2]) if len(parts) == 3 and parts[2].startswith("#") else 0
        st.fp = (norm_reg(parts[0]), k - n) if k is not None else None
        return st
    if st.fp and parts and norm_reg(parts[0]) == st.fp[0] and not mn.startswith(("st", "cmp", "tst", "vst", "push")):
        st.fp = None
    return st


def _restore(st, reg, slot):
    if st.saved.get(reg) == slot:
        st.restored(reg)
        return
    for other, off in st.saved.items():
        if off == slot and other != reg and reg in STRICT_REGS:
            raise Unsupported(f"{reg} is reloaded from the slot that holds {other}")
