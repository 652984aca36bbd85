#!/usr/bin/env python3
"""Lists the code objects in the .hip_fatbin section of an executable.

The section is a clang offload bundle (`__CLANG_OFFLOAD_BUNDLE__`, entry
count, then per entry its offset, size and target id). One line per AMD
code object: `<arch> <type> v<N> <kernel>,<kernel>...`, where type is the
ELF type (DYN for a linked code object), N the code-object version from the
ELF ABI version, and the kernels are the symbols `<kernel>.kd` (kernel
descriptors) of the object, sorted. An empty code object lists no kernels.
mlirc's tests use it to check a link without an AMD GPU.
"""
import struct
import sys

from elfsection import read_section

BUNDLE_MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"
ELF_TYPES = {1: "REL", 2: "EXEC", 3: "DYN"}
# e_ident[EI_ABIVERSION] of AMDHSA code objects: 2 is v4, 3 v5, 4 v6.
CODE_OBJECT_VERSIONS = {2: 4, 3: 5, 4: 6}


def kernel_descriptors(elf):
    """Names of the `<kernel>.kd` symbols of a 64-bit little-endian ELF."""
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * shentsize)
                for i in range(shnum)]
    kernels = []
    for _, kind, _, _, offset, size, link, _, _, entsize in sections:
        if kind != 2:  # SHT_SYMTAB
            continue
        strtab = sections[link]
        for sym in range(size // entsize):
            name_offset, = struct.unpack_from("<I", elf, offset + sym * entsize)
            start = strtab[4] + name_offset
            name = elf[start:elf.index(b"\0", start)].decode()
            if name.endswith(".kd"):
                kernels.append(name[:-3])
    return sorted(set(kernels))


def main():
    bundle = read_section(sys.argv[1], ".hip_fatbin")
    if not bundle.startswith(BUNDLE_MAGIC):
        sys.exit("not a clang offload bundle")
    pos = len(BUNDLE_MAGIC)
    count, = struct.unpack_from("<Q", bundle, pos)
    pos += 8
    for _ in range(count):
        offset, size, id_size = struct.unpack_from("<QQQ", bundle, pos)
        pos += 24
        target = bundle[pos:pos + id_size].decode()
        pos += id_size
        if "-amdgcn-" not in target:
            continue
        elf = bundle[offset:offset + size]
        arch = target.split("--", 1)[1]
        elf_type = ELF_TYPES.get(struct.unpack_from("<H", elf, 0x10)[0], "?")
        version = CODE_OBJECT_VERSIONS.get(elf[8], "?")
        print(arch, elf_type, "v%s" % version,
              ",".join(kernel_descriptors(elf)))


if __name__ == "__main__":
    main()
