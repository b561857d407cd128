#!/usr/bin/env python3
"""Takes the tool-output binary out of a wheel built by maturin.

    python3 scripts/binary-from-wheel.py WHEEL OUT_DIR

The wheel holds it as `tool_output-<version>.data/scripts/tool-output` (with
`.exe` on Windows); it is written to OUT_DIR with its executable bit and its
path printed. The release workflow and `.ci/package` use it, so the npm
platform packages carry the very binary the wheel does.
"""

import os
import stat
import sys
import zipfile


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: binary-from-wheel.py WHEEL OUT_DIR")
    wheel, out_dir = sys.argv[1], sys.argv[2]
    with zipfile.ZipFile(wheel) as archive:
        names = [
            n
            for n in archive.namelist()
            if n.split("/")[0].endswith(".data")
            and n.split("/")[1:2] == ["scripts"]
            and os.path.basename(n) in ("tool-output", "tool-output.exe")
        ]
        if len(names) != 1:
            sys.exit(f"binary-from-wheel: {wheel} holds {len(names)} tool-output binaries, not 1: {names}")
        os.makedirs(out_dir, exist_ok=True)
        path = os.path.join(out_dir, os.path.basename(names[0]))
        with archive.open(names[0]) as src, open(path, "wb") as dst:
            dst.write(src.read())
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    print(path)


main()
