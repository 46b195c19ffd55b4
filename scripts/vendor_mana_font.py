"""Vendor the mana-font icon font (npm package ``mana-font``) into the package.

The browser table (``karn serve``) draws mana symbols with it and must work offline,
so the font and its stylesheet are served by the package itself, never from a CDN.
This script is the build step that puts them there: it fetches the pinned release
with ``npm pack`` (the npm registry's ordinary client), checks its integrity, and
copies the stylesheet (font URLs rewritten to the files kept), the WOFF2 font
and the licence notice into ``src/karn/web/static/vendor/mana-font/``. Its output is
committed, so installing karn needs neither npm nor a network.

    python scripts/vendor_mana_font.py            # fetch and copy
    python scripts/vendor_mana_font.py --check    # are the vendored files the pinned release's?
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

VERSION = "1.18.0"
PACKAGE = f"mana-font@{VERSION}"
ROOT = Path(__file__).resolve().parents[1]
DEST = ROOT / "src" / "karn" / "web" / "static" / "vendor" / "mana-font"
FONTS = ("mana.woff2",)

NOTICE = f"""mana-font {VERSION} (npm package "mana-font", by Andrew Gioia), vendored by
scripts/vendor_mana_font.py. The Mana font is licensed under the SIL Open Font
License 1.1; the Mana CSS is licensed under the MIT License (the package's own
README, "License"). Only the stylesheet and the WOFF2 font are kept.
"""


def _stylesheet(css: str) -> str:
    """The package's stylesheet with its @font-face rules pointing at the fonts kept."""
    mana_face = (
        '@font-face{font-family:"Mana";'
        f'src:url("mana.woff2?v={VERSION}") format("woff2");'
        "font-weight:normal;font-style:normal;font-display:block}"
    )
    rest = re.sub(r"@font-face\s*\{[^}]*\}", "", css.lstrip("\ufeff"))
    return mana_face + "\n" + rest


def vendor() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            ["npm", "pack", PACKAGE, "--json", "--pack-destination", tmp],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        info = json.loads(out[out.index("[") :])[0]
        tgz = Path(tmp) / info["filename"]
        digest = hashlib.sha512(tgz.read_bytes()).digest()
        integrity = "sha512-" + base64.b64encode(digest).decode()
        if integrity != info["integrity"]:
            raise SystemExit(f"integrity mismatch for {PACKAGE}")
        with tarfile.open(tgz) as tar:
            tar.extractall(tmp, filter="data")
        pkg = Path(tmp) / "package"
        if json.loads((pkg / "package.json").read_text())["version"] != VERSION:
            raise SystemExit(f"npm gave another version than {VERSION}")
        if DEST.exists():
            shutil.rmtree(DEST)
        DEST.mkdir(parents=True)
        css = (pkg / "css" / "mana.min.css").read_text(encoding="utf-8")
        (DEST / "mana.css").write_text(_stylesheet(css), encoding="utf-8")
        for name in FONTS:
            shutil.copy(pkg / "fonts" / name, DEST / name)
        (DEST / "NOTICE").write_text(NOTICE + f"integrity: {integrity}\n", encoding="utf-8")
    print(f"vendored {PACKAGE} into {DEST.relative_to(ROOT)}")


def check() -> int:
    missing = [n for n in ("mana.css", "NOTICE", *FONTS) if not (DEST / n).is_file()]
    if missing:
        print(f"missing vendored files: {missing}; run scripts/vendor_mana_font.py", file=sys.stderr)
        return 1
    if f"mana-font {VERSION}" not in (DEST / "NOTICE").read_text(encoding="utf-8"):
        print(f"the vendored mana-font is not {VERSION}", file=sys.stderr)
        return 1
    print(f"mana-font {VERSION} is vendored")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the vendored files")
    args = parser.parse_args()
    if args.check:
        return check()
    vendor()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
