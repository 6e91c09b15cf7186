#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fail when an ELF object assembled from generated/ lacks its GNU property note.

The linker ANDs the feature bits of every input object: one object without
BTI|PAC (aarch64) or IBT|SHSTK (x86_64) silently turns the protection off for
the whole program. Every ELF object must also carry a non-executable
.note.GNU-stack, or the linker makes the stack executable.

    check_property_notes.py --build-dir BUILD --source-dir ROOT generated/x86_64-linux/a.S ...
    check_property_notes.py OBJECT.o ...

With --build-dir, each source's object is looked up under BUILD as
.../generated/<target>/<file>.o (CMake's layout); a missing object is an error.
Parses ELF itself (no readelf needed). Python 3 standard library only.
"""

import argparse
import os
import struct
import sys

EM_X86_64, EM_AARCH64, EM_ARM = 62, 183, 40
SHT_NOTE = 7
SHF_EXECINSTR = 0x4
NT_GNU_PROPERTY_TYPE_0 = 5
# machine -> (name, property type, required bits, bit names)
REQUIRED = {
    EM_X86_64: ("x86_64", 0xC0000002, 0x3, {1: "IBT", 2: "SHSTK"}),
    EM_AARCH64: ("aarch64", 0xC0000000, 0x3, {1: "BTI", 2: "PAC"}),
    EM_ARM: ("armv7", None, 0, {}),  # no property note on AArch32; GNU-stack only
}


class ElfError(Exception):
    pass


def sections(data):
    if data[:4] != b"\x7fELF":
        raise ElfError("not an ELF file")
    is64 = data[4] == 2
    end = "<" if data[5] == 1 else ">"
    machine = struct.unpack_from(end + "H", data, 18)[0]
    if is64:
        shoff, = struct.unpack_from(end + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x3A)
        fmt = end + "IIQQQQIIQQ"
    else:
        shoff, = struct.unpack_from(end + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(end + "HHH", data, 0x2E)
        fmt = end + "IIIIIIIIII"
    shdrs = [struct.unpack_from(fmt, data, shoff + i * shentsize) for i in range(shnum)]
    strtab = shdrs[shstrndx]
    strdata = data[strtab[4]:strtab[4] + strtab[5]]
    result = []
    for name_off, stype, flags, _addr, offset, size, *_ in shdrs:
        name = strdata[name_off:strdata.index(b"\0", name_off)].decode()
        result.append((name, stype, flags, data[offset:offset + size]))
    return machine, is64, end, result


def feature_bits(desc, prop_type, is64, end):
    """The value of property prop_type in one NT_GNU_PROPERTY_TYPE_0 descriptor, or None."""
    align = 8 if is64 else 4
    pos = 0
    while pos + 8 <= len(desc):
        ptype, datasz = struct.unpack_from(end + "II", desc, pos)
        if ptype == prop_type and datasz >= 4:
            return struct.unpack_from(end + "I", desc, pos + 8)[0]
        pos += 8 + (datasz + align - 1) // align * align
    return None


def check_object(path):
    """Returns a list of problems (empty when the object is fine)."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        machine, is64, end, secs = sections(data)
    except (ElfError, struct.error, ValueError, IndexError) as e:
        return [f"cannot parse as ELF: {e}"]
    if machine not in REQUIRED:
        return [f"unexpected ELF machine {machine}"]
    arch, prop_type, required, names = REQUIRED[machine]
    problems = []
    stack = [s for s in secs if s[0] == ".note.GNU-stack"]
    if not stack:
        problems.append("no .note.GNU-stack section (the linker would make the stack executable)")
    elif stack[0][2] & SHF_EXECINSTR:
        problems.append(".note.GNU-stack asks for an executable stack")
    if prop_type is None:
        return problems
    bits = None
    align = 8 if is64 else 4
    for name, stype, _flags, body in secs:
        if name != ".note.gnu.property" or stype != SHT_NOTE:
            continue
        pos = 0
        while pos + 12 <= len(body):
            namesz, descsz, ntype = struct.unpack_from(end + "III", body, pos)
            name_end = pos + 12 + (namesz + 3) // 4 * 4
            desc_start = (name_end + align - 1) // align * align if ntype == NT_GNU_PROPERTY_TYPE_0 else name_end
            if ntype == NT_GNU_PROPERTY_TYPE_0 and body[pos + 12:pos + 12 + namesz] == b"GNU\0":
                found = feature_bits(body[desc_start:desc_start + descsz], prop_type, is64, end)
                if found is not None:
                    bits = (bits or 0) | found
            pos = desc_start + (descsz + align - 1) // align * align
    want = "|".join(names[b] for b in sorted(names))
    if bits is None:
        problems.append(f"no GNU property note with {want} ({arch})")
    elif bits & required != required:
        have = "|".join(names[b] for b in sorted(names) if bits & b) or "none"
        problems.append(f"GNU property note has {have}, needs {want} ({arch})")
    return problems


def find_objects(build_dir, source_dir, sources):
    """source -> [object paths] following CMake's <target>.dir/<relative source>.o layout."""
    index = {}
    for dirpath, _dirs, files in os.walk(build_dir):
        for fn in files:
            if fn.endswith((".o", ".obj")):
                full = os.path.join(dirpath, fn)
                index.setdefault(os.path.splitext(full)[0].replace(os.sep, "/"), []).append(full)
    found = {}
    for src in sources:
        rel = os.path.relpath(os.path.abspath(os.path.join(source_dir, src)), source_dir)
        suffix = "/" + rel.replace(os.sep, "/")
        found[src] = sorted(o for stem, objs in index.items() if stem.endswith(suffix) for o in objs)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build-dir", help="find the objects of the given sources here")
    ap.add_argument("--source-dir", default=".", help="root the sources are relative to")
    ap.add_argument("files", nargs="+", help="sources (with --build-dir) or object files")
    args = ap.parse_args()

    if args.build_dir:
        objects = find_objects(args.build_dir, args.source_dir, args.files)
    else:
        objects = {f: [f] for f in args.files}
    failures = checked = 0
    for src, objs in objects.items():
        if not objs:
            print(f"FAIL {src}: no object built from it under {args.build_dir}")
            failures += 1
        for obj in objs:
            checked += 1
            problems = check_object(obj)
            for p in problems:
                print(f"FAIL {obj}: {p}")
            failures += bool(problems)
            if not problems:
                print(f"ok   {obj}")
    print(f"check_property_notes: {checked} objects checked, {failures} failed")
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
