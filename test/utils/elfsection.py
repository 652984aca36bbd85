"""Reads one section of an ELF file with llvm-objcopy, for the test tools."""
import subprocess
import tempfile


def read_section(path, name):
    with tempfile.NamedTemporaryFile() as out:
        subprocess.run(["llvm-objcopy", "--dump-section", name + "=" + out.name,
                        path, "/dev/null"], check=True)
        return open(out.name, "rb").read()
