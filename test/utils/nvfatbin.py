#!/usr/bin/env python3
"""Lists the images in the .nv_fatbin section of an executable or object.

One line per image: `<kind> sm_<NN> <kernel>,<kernel>...` where kind is ELF
(a cubin) or PTX, and the kernels are the .text.<name> sections of a cubin or
the .entry names of PTX (decompressed with the zstd tool). mlirc's tests use it to check what a link produced
without a GPU or NVIDIA's cuobjdump.
"""
import re
import struct
import subprocess
import sys

from elfsection import read_section

FATBIN_MAGIC = 0xBA55ED50
KIND_PTX, KIND_ELF = 1, 2
# fatbinary compresses PTX with zstd by default.
ZSTD_COMPRESSED = 0x8000


def elf_kernels(elf):
    """Names of the .text.<kernel> sections of a 64-bit little-endian ELF."""
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", elf, 0x3A)
    def section(i):
        base = shoff + i * shentsize
        name, = struct.unpack_from("<I", elf, base)
        offset, size = struct.unpack_from("<QQ", elf, base + 0x18)
        return name, offset, size
    _, stroff, strsize = section(shstrndx)
    strtab = elf[stroff:stroff + strsize]
    names = []
    for i in range(shnum):
        name_off = section(i)[0]
        name = strtab[name_off:strtab.index(b"\0", name_off)].decode()
        if name.startswith(".text."):
            names.append(name[len(".text."):])
    return sorted(names)


def ptx_kernels(ptx):
    text = ptx.decode(errors="replace")
    return sorted(re.findall(r"\.entry\s+([A-Za-z_$][\w$]*)", text))


def images(data):
    pos = 0
    while pos + 16 <= len(data):
        magic, _, header_size, fat_size = struct.unpack_from("<IHHQ", data, pos)
        if magic != FATBIN_MAGIC:
            pos += 8  # containers are aligned; skip padding
            continue
        entry = pos + header_size
        end = entry + fat_size
        while entry < end:
            kind, _, entry_header, payload = struct.unpack_from("<HHIQ", data,
                                                               entry)
            packed_size, = struct.unpack_from("<I", data, entry + 16)
            sm, = struct.unpack_from("<I", data, entry + 28)
            flags, = struct.unpack_from("<Q", data, entry + 40)
            body = data[entry + entry_header:entry + entry_header + payload]
            if flags & ZSTD_COMPRESSED:
                body = subprocess.run(["zstd", "-d", "-c"],
                                      input=body[:packed_size],
                                      capture_output=True, check=True).stdout
            if kind == KIND_ELF:
                kernels = elf_kernels(body)
            else:
                kernels = ptx_kernels(body)
            yield ("ELF" if kind == KIND_ELF else "PTX"), sm, kernels
            entry += entry_header + payload
        pos = end


def main():
    data = read_section(sys.argv[1], ".nv_fatbin")
    for kind, sm, kernels in sorted(images(data)):
        print("%s sm_%d %s" % (kind, sm, ",".join(kernels)))


if __name__ == "__main__":
    main()
