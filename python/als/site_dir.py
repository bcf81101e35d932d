"""Prints the folder under PREFIX (argv[1]) where `meson install` puts the Python module: the one
of PREFIX/lib/pythonX.Y/dist-packages and site-packages that this python3 searches (Debian's
searches /usr/local/lib/python3.11/dist-packages), else the one its own packages use."""
import os
import sys

prefix = sys.argv[1]
version = "python%d.%d" % sys.version_info[:2]
candidates = [os.path.join(prefix, "lib", version, d) for d in ("dist-packages", "site-packages")]
searched = [c for c in candidates if os.path.normpath(c) in map(os.path.normpath, sys.path)]
debian = any(p.endswith("dist-packages") for p in sys.path)
print(searched[0] if searched else candidates[0 if debian else 1])
