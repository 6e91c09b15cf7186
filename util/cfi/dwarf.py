# SPDX-License-Identifier: Apache-2.0
"""DWARF CFI (from `llvm-dwarfdump --eh-frame --debug-frame`) turned into per-address rows.

We interpret the DW_CFA_* instructions ourselves instead of trusting dwarfdump's row
dump: LLVM 14's dumper does not restore the CFA on DW_CFA_restore_state. The operands
dwarfdump prints are already scaled by the code and data alignment factors.
"""

import re

from .state import State

HDR_RE = re.compile(r"^([0-9a-f]{8,16}) [0-9a-f]+ ([0-9a-f]+) (CIE|FDE)(?: cie=([0-9a-f]+) pc=([0-9a-f]+)\.\.\.([0-9a-f]+))?")
OP_RE = re.compile(r"^\s+(DW_CFA_\w+):\s*(.*)$")
SECTION_RE = re.compile(r"^\.(eh_frame|debug_frame) contents:")


class CfiError(Exception):
    pass


def reg_name(isa, name):
    """dwarfdump register name -> the name the disassembly uses."""
    n = name.lower()
    if isa == "aarch64":
        if n in ("wsp", "sp"):
            return "sp"
        if re.fullmatch(r"w\d+", n):
            return "x" + n[1:]
        if re.fullmatch(r"b\d+", n):  # DWARF 64+n is Vn; the callee-saved part is Dn
            return "d" + n[1:]
        if n == "reg34":
            return "ra_sign_state"
    elif isa == "x86_64":
        if n in ("rsp", "esp"):
            return "sp"
    elif isa == "armv7":
        if re.fullmatch(r"r\d+", n):
            return {"r13": "sp", "r14": "lr", "r15": "pc"}.get(n, n)
    return n


def parse(text, isa):
    """Return [(section, fde_offset, pc_lo, pc_hi, ops)] with ops = [(op, args)], and CIEs."""
    cies, fdes = {}, []
    section, cur = None, None
    for line in text.splitlines():
        m = SECTION_RE.match(line)
        if m:
            section, cur = m.group(1), None
            continue
        m = HDR_RE.match(line)
        if m and section:
            off = int(m.group(1), 16)
            if m.group(3) == "CIE":
                cur = {"ops": []}
                cies[(section, off)] = cur
            else:
                cie_off = int(m.group(4), 16)
                cur = {"section": section, "offset": off, "cie": (section, cie_off),
                       "lo": int(m.group(5), 16), "hi": int(m.group(6), 16), "ops": []}
                fdes.append(cur)
            continue
        m = OP_RE.match(line)
        if m and cur is not None:
            cur["ops"].append((m.group(1), m.group(2).strip()))
            continue
        if line.strip().startswith(("CFA=", "0x")) and cur is not None:
            cur = None  # row dump follows the ops; we recompute rows ourselves
    for f in fdes:
        cie = cies.get(f["cie"])
        if cie is None:
            raise CfiError(f"FDE at {f['offset']:#x} names a missing CIE")
        f["cie_ops"] = cie["ops"]
    return fdes


def _apply(isa, st, op, args, initial, stack):
    """Apply one CFA op to state st (in place). Returns an address advance or 0."""
    parts = args.split()
    if op.startswith("DW_CFA_advance_loc"):
        return int(parts[0], 0)
    if op == "DW_CFA_nop" or op == "DW_CFA_GNU_args_size":
        return 0
    if op in ("DW_CFA_def_cfa", "DW_CFA_def_cfa_sf"):
        st.cfa_reg, st.cfa = reg_name(isa, parts[0]), int(parts[1])
    elif op in ("DW_CFA_def_cfa_offset", "DW_CFA_def_cfa_offset_sf"):
        st.cfa = int(parts[0])
    elif op == "DW_CFA_def_cfa_register":
        st.cfa_reg = reg_name(isa, parts[0])
    elif op in ("DW_CFA_offset", "DW_CFA_offset_extended", "DW_CFA_offset_extended_sf"):
        st.saved[reg_name(isa, parts[0])] = int(parts[1])
    elif op in ("DW_CFA_restore", "DW_CFA_restore_extended"):
        r = reg_name(isa, parts[0])
        if r in initial.saved:
            st.saved[r] = initial.saved[r]
        else:
            st.saved.pop(r, None)
    elif op in ("DW_CFA_same_value", "DW_CFA_undefined"):
        st.saved.pop(reg_name(isa, parts[0]), None)
    elif op == "DW_CFA_remember_state":
        stack.append(st.copy())
    elif op == "DW_CFA_restore_state":
        if not stack:
            raise CfiError("DW_CFA_restore_state without remember_state")
        old = stack.pop()
        st.cfa, st.saved, st.cfa_reg, st.pac = old.cfa, old.saved, old.cfa_reg, old.pac
    elif op == "DW_CFA_AARCH64_negate_ra_state":
        st.pac = not st.pac
    else:
        raise CfiError(f"unsupported CFA instruction {op} {args}")
    return 0


def rows(fde, isa):
    """[(address, State)] in address order; a row holds until the next one."""
    st = State(cfa=0, cfa_reg="sp")
    stack = []
    for op, args in fde["cie_ops"]:
        if _apply(isa, st, op, args, st, stack):
            raise CfiError("advance_loc in a CIE")
    initial = st.copy()
    out = [(fde["lo"], st.copy())]
    addr = fde["lo"]
    for op, args in fde["ops"]:
        adv = _apply(isa, st, op, args, initial, stack)
        if adv:
            addr += adv
            out.append((addr, None))
        if out[-1][0] == addr:
            out[-1] = (addr, st.copy())
        else:
            out.append((addr, st.copy()))
    return [(a, s) for a, s in out if s is not None], initial
