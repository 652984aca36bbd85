#!/usr/bin/env python3
"""Runs a command whose output is a FIFO, as `make | ...` setups have.

    through_fifo.py <fifo> <copy> -- <command...>

Makes <fifo> when it does not exist, reads it on a thread into <copy>
while the command runs, and exits with the command's exit code. A command
that never opens the FIFO (it failed first) leaves <copy> empty.
"""
import os
import subprocess
import sys
import threading


def main():
    fifo, copy = sys.argv[1], sys.argv[2]
    command = sys.argv[4:] if sys.argv[3] == "--" else sys.argv[3:]
    if not os.path.exists(fifo):
        os.mkfifo(fifo)

    def read():
        with open(fifo, "rb") as source, open(copy, "wb") as target:
            target.write(source.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    status = subprocess.call(command)
    # Unblocks a reader whose writer never came.
    if reader.is_alive():
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        except OSError:
            pass
    reader.join(60)
    sys.exit(status)


if __name__ == "__main__":
    main()
