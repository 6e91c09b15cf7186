# SPDX-License-Identifier: Apache-2.0
"""The unwind state both sides of the check produce, and how two of them are compared.

A state is what an unwinder needs at one instruction address: the CFA as "stack
pointer + cfa" (cfa = CFA - SP), where each saved register's entry value lives
(CFA-relative offset), an optional frame register (reg, CFA - reg), and on AArch64
whether the return address is currently PAC-signed.
"""

from dataclasses import dataclass, field

# Registers whose entry value an unwinder must recover (callee-saved + return address),
# per ISA; "x86_64-win" is the Win64 ABI, which adds rdi, rsi and xmm6-15.
STRICT = {
    "x86_64": {"rbx", "rbp", "r12", "r13", "r14", "r15", "rip"},
    "x86_64-win": {"rbx", "rbp", "r12", "r13", "r14", "r15", "rip", "rdi", "rsi"}
    | {f"xmm{i}" for i in range(6, 16)},
    "aarch64": {f"x{i}" for i in range(19, 31)} | {f"d{i}" for i in range(8, 16)},
    "armv7": {f"r{i}" for i in range(4, 12)} | {"lr"} | {f"d{i}" for i in range(8, 16)},
}


@dataclass
class State:
    cfa: object  # int (CFA - SP) or None when the stack pointer is not known
    saved: dict = field(default_factory=dict)  # reg -> CFA-relative offset
    fp: tuple = None  # (reg, CFA - reg) when a frame register holds a known value
    pac: bool = False
    cfa_reg: str = "sp"  # register the CFI computes the CFA from (CFI side only)
    # reloaded registers whose stack slot still holds the entry value (tracker side):
    # unwind data may keep pointing there until the stack pointer moves past the slot
    stale: dict = field(default_factory=dict)
    # copies (tracker side): callee-saved registers whose entry value was stored into a
    # frame slot while the register kept it (reg -> CFA-relative offset). Both places
    # hold the entry value, so unwind data may name either; once the code writes the
    # register, the copy becomes its save (moved to saved), which the unwind data must
    # describe. A copy is forgotten when the slot is overwritten or the stack pointer
    # moves past it.
    copies: dict = field(default_factory=dict)

    def copy(self):
        return State(self.cfa, dict(self.saved), self.fp, self.pac, self.cfa_reg, dict(self.stale),
                     dict(self.copies))

    def restored(self, reg):
        """Record that reg was reloaded from its save slot."""
        self.stale[reg] = self.saved.pop(reg)

    def prune(self):
        """Forget stale slots the stack pointer has moved past (no longer in the frame)."""
        if self.cfa is not None:
            self.stale = {r: o for r, o in self.stale.items() if o >= -self.cfa}
            self.copies = {r: o for r, o in self.copies.items() if o >= -self.cfa}

    def join(self, other):
        """The state of a join point reached with self and other: a register that is a
        copy on one path and saved at the same slot on the other is saved (its entry
        value is certainly in the slot, maybe no longer in the register). None when the
        paths disagree in anything else."""
        if (self.cfa, self.pac) != (other.cfa, other.pac):
            return None
        out = self.copy()
        out.saved, out.copies = {}, {}
        for r in set(self.saved) | set(self.copies) | set(other.saved) | set(other.copies):
            la, lb = _location(self, r), _location(other, r)
            if la == lb:
                pass
            elif la and lb and la[1] == lb[1] and {la[0], lb[0]} == {"saved", "copy"}:
                la = ("saved", la[1])
            else:
                return None
            if la:
                (out.saved if la[0] == "saved" else out.copies)[r] = la[1]
        return out

    def key(self):
        return (self.cfa, tuple(sorted(self.saved.items())), tuple(sorted(self.copies.items())),
                self.pac)

    def describe(self):
        if self.cfa_reg == "sp":
            cfa = "CFA=sp+?" if self.cfa is None else f"CFA=sp+{self.cfa}"
        else:
            cfa = f"CFA={self.cfa_reg}+{self.cfa}"
        regs = ", ".join([f"{r}@CFA{o:+d}" for r, o in sorted(self.saved.items())]
                         + [f"{r} (copy at CFA{o:+d})" for r, o in sorted(self.copies.items())])
        return cfa + (f" [{regs}]" if regs else " [no saves]") + (" ra-signed" if self.pac else "")


def _location(st, reg):
    if reg in st.saved:
        return ("saved", st.saved[reg])
    if reg in st.copies:
        return ("copy", st.copies[reg])
    return None


def compare(abi, tracked, table, check_pac):
    """Return a list of mismatch strings between the tracked state and the table row."""
    errs = []
    if table.cfa_reg == "sp":
        if tracked.cfa is None:
            errs.append("stack pointer not tracked (unsupported sp update earlier)")
        elif tracked.cfa != table.cfa:
            errs.append(f"CFA offset: unwind data says sp+{table.cfa}, code has sp+{tracked.cfa}")
    else:
        if tracked.fp is None or tracked.fp[0] != table.cfa_reg:
            errs.append(f"CFA uses {table.cfa_reg}, which the code has not set from sp")
        elif tracked.fp[1] != table.cfa:
            errs.append(f"CFA offset: unwind data says {table.cfa_reg}+{table.cfa}, "
                        f"code has {table.cfa_reg}+{tracked.fp[1]}")
    strict = STRICT[abi]
    for reg in sorted(set(tracked.saved) | set(table.saved)):
        t, u = tracked.saved.get(reg), table.saved.get(reg)
        if t == u:
            continue
        if t is None and u is not None and tracked.copies.get(reg) == u:
            continue  # the register still holds its entry value, and so does the copy
        if t is None and u is not None and tracked.stale.get(reg) == u and tracked.cfa is not None \
                and u >= -tracked.cfa:
            continue  # reloaded, but the slot the unwind data names is intact
        if t is None and u is not None and tracked.stale.get(reg) == u and tracked.cfa is None \
                and tracked.fp is not None and u >= -tracked.fp[1]:
            continue  # the same at or above the frame register (rsp only went below it)
        if reg not in strict:
            continue  # scratch registers (pushed for alignment, say) need no rule
        want = "in register" if u is None else f"at CFA{u:+d}"
        have = "in register" if t is None else f"at CFA{t:+d}"
        errs.append(f"{reg}: unwind data says {want}, code has it {have}")
    if check_pac and tracked.pac != table.pac:
        errs.append(f"return address signed: unwind data says {table.pac}, code says {tracked.pac}")
    return errs
