"""Check the system libraries Qt needs before the program or its tests start.

Qt aborts with a loader error that names a .so file when one is missing; this names the
Debian package instead and, when run as root with apt-get, installs it.
"""

from __future__ import annotations

import ctypes.util
import os
import shutil
import subprocess
import sys

# library soname stem -> Debian package
NEEDED = {
    "EGL": "libegl1",
    "xkbcommon": "libxkbcommon0",
    "fontconfig": "libfontconfig1",
    "dbus-1": "libdbus-1-3",
    "glib-2.0": "libglib2.0-0",
    "GL": "libgl1",
}
# only needed for a real X display (xcb platform plugin)
FOR_X11 = {
    "xcb-cursor": "libxcb-cursor0",
    "xkbcommon-x11": "libxkbcommon-x11-0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-shape": "libxcb-shape0",
    "xcb-render-util": "libxcb-render-util0",
    "xcb-image": "libxcb-image0",
}


def missing_packages() -> list[str]:
    wanted = dict(NEEDED)
    if sys.platform.startswith("linux") and os.environ.get("DISPLAY"):
        wanted.update(FOR_X11)
    return [pkg for lib, pkg in wanted.items() if ctypes.util.find_library(lib) is None]


def main() -> int:
    if not sys.platform.startswith("linux"):
        return 0
    missing = missing_packages()
    if not missing:
        return 0
    names = " ".join(missing)
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print(f"Installing system libraries Qt needs: {names}", flush=True)
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], check=False, env=env)
        done = subprocess.run(["apt-get", "install", "-y", "-qq", *missing], env=env)
        if done.returncode == 0:
            return 0
    print(
        f"Qt needs system libraries that are missing: {names}. "
        f"Install them with: sudo apt-get install {names}",
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main())
