# SPDX-License-Identifier: Apache-2.0
"""AArch64 (llvm-objdump syntax): stack effect and control flow of one instruction."""

import re

from .state import STRICT, State

STRICT_REGS = STRICT["aarch64"]

INITIAL = State(cfa=0)
COMMENT = "//"

PAC_SIGN = {"paciasp", "pacibsp", "hint #25", "hint #27", "paciaz", "pacibz"}
PAC_AUTH = {"autiasp", "autibsp", "hint #29", "hint #31", "autiaz", "autibz"}

# stop execution: no frame is left, so no balance to check
TRAPS = {"brk", "udf", "hlt"}


class Unsupported(Exception):
    pass


def _int(s):
    return int(s.lstrip("#"), 0) if s else 0


def norm_reg(r):
    r = r.strip().lower()
    if r == "fp":
        return "x29"
    if r == "lr":
        return "x30"
    if re.fullmatch(r"q\d+", r):
        return "d" + r[1:]  # only the low 64 bits are callee-saved; they share the slot
    return r


def split(text):
    mn, _, ops = text.strip().partition(" ")
    return mn, ops.strip()


def flow(text):
    mn, ops = split(text)
    m = re.search(r"\b0x([0-9a-f]+)\b", ops)
    target = int(m.group(1), 16) if m else None
    if mn in ("ret", "retaa", "retab", "br", "braa", "brab", "braaz", "brabz", "udf", "brk"):
        return False, None
    if mn == "b":
        return False, target
    if mn.startswith("b.") or mn in ("cbz", "cbnz", "tbz", "tbnz"):
        return True, target
    return True, None


def _size(reg):
    return 16 if reg.startswith("q") or reg.startswith("v") else 8


def step(st, text):
    mn, ops = split(text)
    st = st.copy()
    k = st.cfa
    full = f"{mn} {ops}".strip()
    if full in PAC_SIGN or mn in PAC_SIGN:
        st.pac = True
        return st
    if full in PAC_AUTH or mn in PAC_AUTH:
        st.pac = False
        return st
    if mn in ("retaa", "retab"):
        return st
    # stores / loads relative to sp: [sp, #o]  [sp, #o]!  [sp], #o
    m = re.fullmatch(r"(\w+(?:,\s*\w+)?),\s*\[sp(?:,\s*(#-?\w+))?\](!)?(?:,\s*(#-?\w+))?", ops)
    if m and mn in ("stp", "str", "ldp", "ldr", "stur", "ldur"):
        regs = [r.strip() for r in m.group(1).split(",")]
        off, pre, post = _int(m.group(2)), bool(m.group(3)), _int(m.group(4))
        if k is None:
            return st
        if pre:
            k -= off
            addr = 0
        else:
            addr = off
        size = _size(regs[0])
        for i, r in enumerate(regs):
            slot = addr + i * size - k  # CFA-relative
            nr = norm_reg(r)
            if mn.startswith("st"):
                if nr in STRICT_REGS and nr not in st.saved:
                    st.saved[nr] = slot
            else:
                _restore(st, nr, slot)
        if post:
            k -= post
        st.cfa = k
        return st
    parts = [p.strip() for p in ops.split(",")]
    if parts and parts[0] in ("sp", "wsp"):
        if mn in ("sub", "add") and len(parts) >= 3 and parts[1] == "sp" and parts[2].startswith("#"):
            n = _int(parts[2])
            if len(parts) == 4 and parts[3] == "lsl #12":
                n <<= 12
            if k is not None:
                st.cfa = k + n if mn == "sub" else k - n
            return st
        if st.fp and len(parts) >= 2 and norm_reg(parts[1]) == st.fp[0]:
            if mn == "mov" and len(parts) == 2:
                st.cfa = st.fp[1]
                return st
            if mn in ("sub", "add") and len(parts) == 3 and parts[2].startswith("#"):
                n = _int(parts[2])
                st.cfa = st.fp[1] + n if mn == "sub" else st.fp[1] - n
                return st
        if mn.startswith(("st", "ld", "prfm")):
            return st  # store/load using sp only as a base handled above; nothing else
        raise Unsupported(f"untracked stack pointer update: {text.strip()}")
    if parts and mn in ("mov", "add") and len(parts) >= 2 and parts[1] == "sp" and norm_reg(parts[0]) == "x29":
        n = _int(parts[2]) if len(parts) == 3 and parts[2].startswith("#") else 0
        st.fp = (norm_reg(parts[0]), k - n) if k is not None else None
        return st
    if st.fp and parts and norm_reg(parts[0]) == st.fp[0] and not mn.startswith(("st", "cmp", "tst", "cb", "tb")):
        st.fp = None
    return st


def _restore(st, reg, slot):
    if st.saved.get(reg) == slot:
        st.restored(reg)
        return
    for other, off in st.saved.items():
        if off == slot and other != reg and reg in STRICT_REGS:
            raise Unsupported(f"{reg} is reloaded from the slot that holds {other}")
