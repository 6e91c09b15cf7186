# SPDX-License-Identifier: Apache-2.0
"""x86_64 (AT&T syntax from llvm-objdump): stack effect and control flow of one instruction."""

import re

from .state import STRICT, State

STRICT_REGS = STRICT["x86_64"]  # set_abi() switches to Win64


def set_abi(win):
    global STRICT_REGS
    STRICT_REGS = STRICT["x86_64-win" if win else "x86_64"]

INITIAL = State(cfa=8, saved={"rip": -8})
COMMENT = "#"

REG = r"%([a-z0-9]+)"
IMM = r"\$(-?(?:0x[0-9a-f]+|\d+))"
DISP = r"(-?(?:0x[0-9a-f]+|\d+))?"
GPR64 = {"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp"} | {f"r{i}" for i in range(8, 16)}

# stop execution: no frame is left, so no balance to check
TRAPS = {"ud2", "ud1", "hlt", "int3"}


class Unsupported(Exception):
    pass


def _int(s):
    return int(s, 0) if s else 0


def split(text):
    mn, _, ops = text.strip().partition(" ")
    # a "rep"/"lock"/"notrack" prefix is part of the mnemonic for our purposes
    if mn in ("rep", "repe", "repne", "lock", "notrack", "bnd"):
        mn2, _, ops = ops.strip().partition(" ")
        mn = mn + " " + mn2
    return mn, [o.strip() for o in re.split(r",(?![^()]*\))", ops.strip())] if ops.strip() else []


def flow(text):
    """(falls_through, branch_target or None)."""
    mn, ops = split(text)
    base = mn.split()[-1]
    m = re.match(r"0x([0-9a-f]+)\b", ops[0]) if ops else None
    target = int(m.group(1), 16) if m else None
    if base in ("ret", "retq", "ud2", "hlt") or base.startswith("ret"):
        return False, None
    if base in ("jmp", "jmpq"):
        return False, target
    if base.startswith("j") or base.startswith("loop"):
        return True, target
    return True, None


def _stack_slot(op):
    m = re.fullmatch(DISP + r"\(%rsp\)", op)
    return _int(m.group(1)) if m else None


def _cfa_slot(st, op):
    """CFA-relative offset of a memory operand addressed from rsp (when the CFA offset
    is known) or from the tracked frame register, else None."""
    off = _stack_slot(op)
    if off is not None:
        return off - st.cfa if st.cfa is not None else None
    if st.fp:
        m = re.fullmatch(DISP + r"\(%" + st.fp[0] + r"\)", op)
        if m:
            return _int(m.group(1)) - st.fp[1]
    return None


# Registers an instruction may write although no operand of its destination names them.
IMPLICIT_WRITES = {"cpuid": {"rax", "rbx", "rcx", "rdx"}, "leave": {"rbp"}, "leaveq": {"rbp"},
                   "enter": {"rbp"}, "enterq": {"rbp"}, "vzeroall": {f"xmm{i}" for i in range(16)}}
STRING_OPS = re.compile(r"^(?:rep\w* )?(?:movs|stos|lods|cmps|scas)[bwlq]?$")
# Instructions that name registers only to read them (whatever operand they are in).
READ_ONLY = re.compile(r"^(?:push[qw]?|cmp[bwlq]?|test[bwlq]?|bt[wlq]?|v?u?comis[sd]|v?ptest|"
                       r"jmpq?|callq?)$")
MULTI_WRITE = re.compile(r"^(?:lock )?(?:xchg|xadd|cmpxchg)\w*$")
_GPR_ALIAS = {}
for _r in GPR64:
    _GPR_ALIAS[_r] = _r
for _i, _r in enumerate(("rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi")):
    _b = _r[1:]
    for _a in ("e" + _b, _b, _b[0] + "l" if _i < 4 else _b + "l"):
        _GPR_ALIAS[_a] = _r
for _n in range(8, 16):
    for _a in (f"r{_n}d", f"r{_n}w", f"r{_n}b"):
        _GPR_ALIAS[_a] = f"r{_n}"
_GPR_ALIAS.update({"ah": "rax", "bh": "rbx", "ch": "rcx", "dh": "rdx"})


def _family(name):
    """The register an unwinder restores that NAME (an operand's register) is part of."""
    m = re.fullmatch(r"[xyz]mm(\d+)", name)
    return f"xmm{m.group(1)}" if m else _GPR_ALIAS.get(name)


def written(mn, ops):
    """Registers (64-bit GPRs, xmmN for xmm/ymm/zmm N) the instruction may write:
    a register destination (the last AT&T operand), every register operand of an
    exchange, and the implicit ones. Over-approximates: a copy is then taken for the
    save earlier than needed, never later."""
    out = set(IMPLICIT_WRITES.get(mn.split()[-1], ()))
    if STRING_OPS.match(mn):
        out |= {"rsi", "rdi", "rcx", "rax"}
    if mn.split()[-1] in ("call", "callq"):
        return out | set(STRICT_REGS)  # a callee's own rules may differ: every copy ends
    if READ_ONLY.match(mn.split()[-1]) or not ops:
        return out
    regs = [_family(r) for op in (ops if MULTI_WRITE.match(mn) else ops[-1:])
            for r in re.findall(r"(?<!\()%([a-z0-9]+)(?![^()]*\))", op)]
    return out | {r for r in regs if r}


_reloaded = set()  # registers the current instruction reloads from their copy slot


def step(st, text):
    """Return the state after the instruction; raise Unsupported for an untracked sp write."""
    mn, ops = split(text)
    _reloaded.clear()
    new = _step(st.copy(), text, mn, ops)
    if new.copies or st.copies:
        _copies_after(st, new, mn, ops)
    return new


def _copies_after(st, new, mn, ops):
    """A store over a copy's slot forgets the copy; a write of a copied register makes
    the copy its save (the entry value now lives only there)."""
    d = _cfa_slot(st, ops[-1]) if ops and "(" in ops[-1] and not READ_ONLY.match(mn.split()[-1]) \
        else None
    # bytes the store may write: a zmm/ymm source 64/32, anything else at most 16
    width = 64 if any("%zmm" in o for o in ops) else 32 if any("%ymm" in o for o in ops) else 16
    for r, o in list(new.copies.items()):
        # [d, d+width) overlapping the copy's slot [o, o+16) (the store that made it aside)
        if d is not None and o - width < d < o + 16 and not (st.copies.get(r) is None and d == o):
            del new.copies[r]
    for r in written(mn, ops) & set(new.copies):
        if r in _reloaded:
            continue  # reloaded from its own copy: the register holds the entry value again
        new.saved[r] = new.copies.pop(r)


def _step(st, text, mn, ops):
    k = st.cfa
    dst = ops[-1] if ops else ""
    if mn in ("pushq", "push", "pushfq", "pushf"):
        if k is not None:
            st.cfa = k + 8
            m = re.fullmatch(REG, ops[0]) if ops else None
            if m and m.group(1) in STRICT_REGS and m.group(1) not in st.saved:
                st.saved[m.group(1)] = -(k + 8)
        return st
    if mn in ("popq", "pop", "popfq", "popf"):
        if k is not None:
            m = re.fullmatch(REG, ops[0]) if ops else None
            if m:
                _restore(st, m.group(1), -k)
            st.cfa = k - 8
        return st
    if mn in ("leave", "leaveq"):
        if st.fp is None or st.fp[0] != "rbp":
            raise Unsupported("leave without a tracked frame pointer")
        st.cfa = st.fp[1] - 8
        _restore(st, "rbp", -st.fp[1])
        st.fp = None
        return st
    if dst in ("%rsp", "%esp", "%sp", "%spl"):
        if mn in ("andq", "and") and re.fullmatch(IMM, ops[0]) and st.fp:
            # rounding rsp down for an aligned frame: rsp is no longer a fixed
            # distance from the CFA, which the frame register now carries
            st.cfa = None
            return st
        if mn in ("subq", "sub", "addq", "add") and re.fullmatch(IMM, ops[0]):
            n = _int(ops[0][1:])
            if k is not None:
                st.cfa = k + n if mn.startswith("sub") else k - n
            return st
        if mn in ("leaq", "lea"):
            off = _stack_slot(ops[0])
            if off is not None:
                if k is not None:
                    st.cfa = k - off
                return st
            m = re.fullmatch(DISP + r"\(%([a-z0-9]+)\)", ops[0])
            if m and st.fp and st.fp[0] == m.group(2):
                st.cfa = st.fp[1] - _int(m.group(1))
                return st
        if mn in ("movq", "mov") and st.fp and ops[0] == "%" + st.fp[0]:
            st.cfa = st.fp[1]
            return st
        raise Unsupported(f"untracked stack pointer update: {text.strip()}")
    if mn in ("movq", "mov") and ops and ops[0] == "%rsp" and dst == "%rbp":
        st.fp = (dst[1:], k) if k is not None else None
        return st
    if mn in ("leaq", "lea") and dst == "%rbp" and _stack_slot(ops[0]) is not None:
        st.fp = ("rbp", k - _stack_slot(ops[0])) if k is not None else None
        return st
    if st.fp and dst == "%" + st.fp[0]:
        st.fp = None  # frame register overwritten
    # stores of callee-saved registers into the frame, loads back
    if len(ops) == 2 and mn in ("movq", "mov", "movaps", "movups", "movdqa", "movdqu",
                                 "vmovaps", "vmovups", "vmovdqa", "vmovdqu"):
        src_slot, dst_slot = _cfa_slot(st, ops[0]), _cfa_slot(st, ops[1])
        if dst_slot is not None and re.fullmatch(REG, ops[0]):
            r = ops[0][1:]
            if r not in st.saved and r not in st.copies and r in STRICT_REGS:
                st.copies[r] = dst_slot  # a copy until the register is written
        elif src_slot is not None and re.fullmatch(REG, ops[1]):
            _restore(st, ops[1][1:], src_slot)
    return st


def _restore(st, reg, slot):
    if st.copies.get(reg) == slot:
        _reloaded.add(reg)
        return
    if st.saved.get(reg) == slot:
        # reloaded: the register holds the entry value again and the slot still does,
        # which is what a copy is (forgotten once the stack pointer moves past it)
        del st.saved[reg]
        st.copies[reg] = slot
        _reloaded.add(reg)
        return
    for other, off in st.saved.items():
        if off == slot and other != reg and other != "rip" and reg in STRICT_REGS:
            raise Unsupported(f"%{reg} is reloaded from the slot that holds %{other}")
