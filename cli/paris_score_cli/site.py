"""``paris-score site OUT_DIR``: the table page as a static folder that scores in the browser (docs/table.md).

The folder holds the page ``paris-score serve`` shows, Pyodide (from the npm
package pinned in the repository's ``package.json``), the wheels of
paris-score and attrs written from the installed packages (no network), the
modules the referee imports compiled ahead of time by that Pyodide run under
Node.js (:func:`compiled`), a service worker that keeps every file for offline use, and a web app manifest
with its icons.  In the browser, ``static/worker.js`` runs
:func:`paris_score.page.answer`, the function that answers the server's API.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.util
import io
import json
import math
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile
import zlib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path, PurePosixPath
from typing import Final

import click

from paris_score import page
from paris_score_cli import policy
from paris_score_cli.inputs import EXIT_INVALID

PYODIDE_FILES: Final = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The files of Pyodide the page loads (the rest of the npm package is for Node and for other packages)."""
FETCHED: Final = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""Those Pyodide fetches (the two ``.mjs`` are imported): with the wheels, what the worker's progress counts."""
WHEELS: Final = {"paris-score": ("paris_score",), "attrs": ("attr", "attrs")}
"""Distribution -> its top-level packages: all the browser needs (paris_score.page loads neither click nor a server)."""
STATIC: Final = ("index.html", "style.css", "i18n.js", "app.js", "paris2020.js", "engine.js", "worker.js", "icon.svg")
ICON_SIZES: Final = (192, 512)
HEAD: Final = f"""<head>
<meta http-equiv="Content-Security-Policy" content="{policy.STATIC}">
<meta name="theme-color" content="#45484f">
<link rel="manifest" href="manifest.webmanifest">
<link rel="apple-touch-icon" href="static/icon-192.png">"""
WHEEL_FILE: Final = b"Wheel-Version: 1.0\nGenerator: paris-score site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
FIXED_TIME: Final = (1980, 1, 1, 0, 0, 0)
"""Every zip member's date: the same installed files give the same wheel, so an unchanged site keeps its cache."""


class SiteError(Exception):
    """The site cannot be built: said on standard error in one line, exit status 1."""


# -- Pyodide -----------------------------------------------------------------------------------------------------


def repository() -> Path | None:
    """The source checkout this package runs from (an editable install), when it has the ``package.json``."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "package.json").is_file() else None


def pinned_pyodide(root: Path) -> str:
    """The Pyodide version ``package.json`` pins."""
    return str(json.loads((root / "package.json").read_text())["dependencies"]["pyodide"])


def find_pyodide(given: Path | None) -> Path:
    """The unpacked Pyodide folder: ``--pyodide DIR``, else the repository's node_modules (``npm ci`` when absent),
    else, for a paris-score installed from a checkout (not run from it), the current folder's node_modules/pyodide
    (``npm ci`` run there)."""
    here = Path("node_modules", "pyodide")
    if given is not None:
        folder = given
    elif repository() is None and here.is_dir():
        folder = here
    else:
        root = repository()
        if root is None:
            raise SiteError(
                "no Pyodide: paris-score is not run from its repository (no package.json beside it) and the current "
                "folder has no node_modules/pyodide; run `npm ci` in the repository and this command there, "
                "or give --pyodide DIR, a folder holding Pyodide's files "
                "(for example node_modules/pyodide after `npm install pyodide`)"
            )
        folder = root / "node_modules" / "pyodide"
        if not folder.is_dir():
            npm = shutil.which("npm")
            if npm is None:
                raise SiteError(
                    f"npm is not installed: install Node.js 20 or later (with npm) and run `npm ci` in {root}, "
                    "or give --pyodide DIR"
                )
            click.echo(f"paris-score: installing Pyodide {pinned_pyodide(root)} with `npm ci` in {root}", err=True)
            done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=root, capture_output=True, text=True)
            if done.returncode != 0:
                raise SiteError(f"`npm ci` failed in {root}:\n{done.stderr.strip()}")
    missing = [name for name in PYODIDE_FILES if not (folder / name).is_file()]
    if missing:
        raise SiteError(f"{folder} is not an unpacked Pyodide folder: {', '.join(missing)} missing")
    return folder


# -- wheels ------------------------------------------------------------------------------------------------------


def _package_files(package: str) -> Iterator[tuple[str, bytes]]:
    spec = importlib.util.find_spec(package)
    if spec is None or spec.origin is None:
        raise SiteError(f"the package {package} is not installed")
    root = Path(spec.origin).parent
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield f"{package}/{path.relative_to(root).as_posix()}", path.read_bytes()


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def wheel_files(distribution: str) -> dict[str, bytes]:
    """The files of an installed distribution's top-level packages, by their path in its wheel (no compiled ones)."""
    return dict(file for package in WHEELS[distribution] for file in _package_files(package))


def wheel(distribution: str, members: dict[str, bytes]) -> tuple[str, bytes]:
    """A pure wheel of an installed distribution holding ``members`` (its files by path): (file name, bytes)."""
    dist = importlib.metadata.distribution(distribution)
    name = re.sub(r"[-_.]+", "_", dist.metadata["Name"]).lower()
    info = f"{name}-{dist.version}.dist-info"
    members = dict(members)
    members[f"{info}/METADATA"] = (dist.read_text("METADATA") or "").encode()
    members[f"{info}/WHEEL"] = WHEEL_FILE
    record = [f"{path},{_record_hash(data)},{len(data)}" for path, data in members.items()]
    members[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in members.items():
            archive.writestr(zipfile.ZipInfo(path, FIXED_TIME), data, zipfile.ZIP_DEFLATED)
    return f"{name}-{dist.version}-py3-none-any.whl", buffer.getvalue()


COMPILE: Final = """
import { pathToFileURL } from "node:url";
const [pyodide, folder] = process.argv.slice(1);
try {
  const { loadPyodide } = await import(pathToFileURL(pyodide + "/pyodide.mjs").href);
  const python = await loadPyodide({ indexURL: pyodide + "/" });
  python.FS.mkdir("/work");
  python.FS.mount(python.FS.filesystems.NODEFS, { root: folder }, "/work");
  python.runPython(`
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, "/work/modules")
import paris_score.page

paris_score.page.warm_up()
stdlib = next(path for path in sys.path if path.endswith(".zip"))
imported = [m.__file__ for m in list(sys.modules.values()) if (getattr(m, "__file__", None) or "").startswith(stdlib)]

import compileall, os, py_compile, zipfile

UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH
if not compileall.compile_dir("/work/modules", quiet=1, invalidation_mode=UNCHECKED):
    raise SystemExit("a module does not compile")
with zipfile.ZipFile(stdlib) as archive:
    for file in imported:
        name = file[len(stdlib) + 1 :]
        source = "/tmp/stdlib/" + name
        os.makedirs(os.path.dirname(source), exist_ok=True)
        with open(source, "wb") as f:
            f.write(archive.read(name))
        py_compile.compile(source, "/work/stdlib/" + name + "c", dfile=file, doraise=True, invalidation_mode=UNCHECKED)
`);
} catch (e) {
  const lines = String(e && e.message ? e.message : e).trim().split("\\n");
  console.error(lines[lines.length - 1]); // a Python error's last line names it
  process.exit(1);
}
"""
"""Run by Node (argv: Pyodide's folder, a work folder): Pyodide's Python imports paris_score.page from modules/ and
warms it up, then compiles every module under modules/ in place and writes the .pyc of every module of its standard
library imported so far (its start's included) under stdlib/, each at its source's place in python_stdlib.zip."""
COMPILE_TIMEOUT: Final = 300.0


def compiled(pyodide: Path, files: dict[str, bytes]) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """Python compiled ahead of time by Pyodide's own, run under Node: the modules among ``files`` (path -> bytes),
    each ``__pycache__/NAME.cpython-3XY.pyc`` by its path, and the modules of Pyodide's standard library the referee
    imports (starting Python included), each ``NAME.pyc`` by its path in ``python_stdlib.zip``.

    Pyodide ships its standard library as source, so without them the browser compiles every module it imports at
    each start without a snapshot (seconds).  They are unchecked hash-based: Python takes them without comparing
    them with the source (whose unpacked files' dates say nothing).  Without Node, or if it fails, none: said on
    standard error, and the site works as well, only starting slower."""
    node = shutil.which("node")
    if node is None:
        click.echo("paris-score: Node.js is not installed: the site's modules are not compiled ahead of time", err=True)
        return {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for path, data in files.items():  # the data files too: the warm-up reads them
            (work / "modules" / path).parent.mkdir(parents=True, exist_ok=True)
            (work / "modules" / path).write_bytes(data)
        command = [node, "--input-type=module", "--eval", COMPILE, str(pyodide.resolve()), str(work)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=COMPILE_TIMEOUT)
        except subprocess.TimeoutExpired:
            done = subprocess.CompletedProcess(command, 1, "", f"no answer in {COMPILE_TIMEOUT:.0f} s")
        if done.returncode != 0:
            said = (done.stderr.strip().splitlines() or ["no message"])[-1]
            click.echo(f"paris-score: the site's modules are not compiled ahead of time (Node said: {said})", err=True)
            return {}, {}

        def written(part: str) -> dict[str, bytes]:
            return {p.relative_to(work / part).as_posix(): p.read_bytes() for p in sorted((work / part).rglob("*.pyc"))}

        return written("modules"), written("stdlib")


def with_compiled(archive: bytes, pycs: dict[str, bytes]) -> bytes:
    """A zip archive (Pyodide's python_stdlib.zip) with the compiled modules added beside their sources."""
    if not pycs:
        return archive
    buffer = io.BytesIO(archive)
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED) as zipped:
        for path, data in pycs.items():
            zipped.writestr(zipfile.ZipInfo(path, FIXED_TIME), data, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


# -- icons -------------------------------------------------------------------------------------------------------


def png_icon(svg: bytes, size: int) -> bytes:
    """The page's icon (static/icon.svg: rects and circles in a square viewBox) drawn as a size x size PNG."""
    root = ET.fromstring(svg)
    unit = size / float(root.attrib["viewBox"].split()[2])  # pixels per unit of the viewBox
    rows = [bytearray(4 * size) for _ in range(size)]
    for shape in root:
        tag = shape.tag.rpartition("}")[2]
        a = {k: float(v) for k, v in shape.attrib.items() if k != "fill"}
        colour = bytes.fromhex(shape.attrib["fill"].lstrip("#")) + b"\xff"
        for y, row in enumerate(rows):
            span = _span(tag, a, (y + 0.5) / unit)  # at the pixels' centres
            if span is not None:
                first, last = max(0, math.ceil(span[0] * unit - 0.5)), min(size - 1, math.floor(span[1] * unit - 0.5))
                row[4 * first : 4 * last + 4] = colour * max(0, last - first + 1)
    raw = b"".join(b"\x00" + bytes(row) for row in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _span(tag: str, a: dict[str, float], y: float) -> tuple[float, float] | None:
    """From where to where a shape covers the line at height ``y`` (in the viewBox's units), if it does."""
    if tag == "circle":
        dy = y - a["cy"]
        if abs(dy) > a["r"]:
            return None
        half = math.sqrt(a["r"] ** 2 - dy * dy)
        return a["cx"] - half, a["cx"] + half
    if tag != "rect":
        raise SiteError(f"static/icon.svg: cannot draw a <{tag}> as a PNG (rect and circle only)")
    left, top, r = a.get("x", 0.0), a.get("y", 0.0), a.get("rx", 0.0)
    bottom = top + a["height"]
    if not top <= y <= bottom:
        return None
    dy = max(top + r - y, y - (bottom - r), 0.0)  # how far into a rounded corner's height
    inset = r - math.sqrt(r * r - dy * dy)
    return left + inset, left + a["width"] - inset


# -- the folder --------------------------------------------------------------------------------------------------


APP_SCRIPT: Final = '<script src="/static/app.js" defer></script>'


def static_index(html: str) -> str:
    """The served page's index.html for the static folder: relative addresses, its policy, manifest and engine."""
    if html.count("<head>") != 1 or html.count(APP_SCRIPT) != 1:
        raise SiteError(f"static/index.html: expected one <head> and one {APP_SCRIPT}")
    engine = APP_SCRIPT.replace("app.js", "engine.js")  # first: app.js finds the engine when it starts
    html = html.replace("<head>", HEAD, 1).replace(APP_SCRIPT, f"{engine}\n{APP_SCRIPT}")
    return html.replace('"/static/', '"static/')


def manifest() -> dict[str, object]:
    """The web app manifest: installable on a phone's home screen, opening the page full screen.

    It holds no words, only the program's name: one manifest serves every language, and the page, once open, speaks
    the player's (docs/languages.md)."""
    return {
        "name": "paris-score",
        "short_name": "paris-score",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#45484f",
        "icons": [
            *({"src": f"static/icon-{n}.png", "sizes": f"{n}x{n}", "type": "image/png"} for n in ICON_SIZES),
            {"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }


SERVICE_WORKER: Final = """// The static table page's service worker (written by `paris-score site`; docs/table.md).
// It stores every file of the site on the first visit, then answers from that store first:
// the page opens and scores with no network. A new site has a new cache name (a hash of its files),
// which replaces the old cache when it takes over.
"use strict";
const CACHE = "paris-score-%(hash)s";
const FILES = %(files)s;

self.addEventListener("install", (event) => {
  // From the host, past the browser's HTTP cache: with a host's Cache-Control (GitHub Pages: max-age=600)
  // that cache may still hold the old site's files, which the new cache would otherwise keep.
  const fresh = FILES.map((file) => new Request(file, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => names.filter((name) => name.startsWith("paris-score-") && name !== CACHE))
      .then((old) => Promise.all(old.map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(event.request, { ignoreSearch: true }))
      .then((stored) => stored || fetch(event.request)),
  );
});
"""


def site_files(pyodide: Path) -> dict[str, bytes]:
    """Every file of the static site, by its path in the folder (``sw.js`` last: it lists the others)."""
    static = resources.files("paris_score_cli").joinpath("static")
    files: dict[str, bytes] = {}
    for name in STATIC:
        data = static.joinpath(name).read_bytes()
        files["index.html" if name == "index.html" else f"static/{name}"] = data
    files["index.html"] = static_index(files["index.html"].decode()).encode()
    files["static/facts.json"] = page.facts_json()
    files.update(page.catalog_files())
    for size in ICON_SIZES:
        files[f"static/icon-{size}.png"] = png_icon(files["static/icon.svg"], size)
    files["manifest.webmanifest"] = json.dumps(manifest(), ensure_ascii=False, indent=2).encode()
    for name in PYODIDE_FILES:
        files[f"pyodide/{name}"] = (pyodide / name).read_bytes()
    sources = {distribution: wheel_files(distribution) for distribution in WHEELS}
    pycs, stdlib = compiled(pyodide, {path: data for members in sources.values() for path, data in members.items()})
    files["pyodide/python_stdlib.zip"] = with_compiled(files["pyodide/python_stdlib.zip"], stdlib)
    wheels = [
        wheel(name, {**members, **{path: pyc for path, pyc in pycs.items() if path.split("/")[0] in WHEELS[name]}})
        for name, members in sources.items()
    ]
    for name, data in wheels:
        files[f"wheels/{name}"] = data
    digest = hashlib.sha256()
    for path in sorted(files):
        digest.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    version = digest.hexdigest()[:16]  # names the offline copy and the referee's snapshot (static/worker.js)
    fetched = [*(f"pyodide/{name}" for name in FETCHED), *(f"wheels/{name}" for name, _ in wheels)]
    about = {
        "version": version,
        "wheels": [f"wheels/{name}" for name, _ in wheels],
        "download": {path: len(files[path]) for path in fetched},  # the progress's total, from its first figure
    }
    files["site.json"] = json.dumps(about, indent=2).encode()
    cached = ["./", *sorted(files)]
    files["sw.js"] = (SERVICE_WORKER % {"hash": version, "files": json.dumps(cached)}).encode()
    return files


def previous_site(out_dir: Path) -> set[str]:
    """The files an earlier ``paris-score site`` wrote into ``out_dir`` (its ``sw.js`` lists them), else none."""
    try:
        sw = (out_dir / "sw.js").read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return set()
    listed = re.search(r"^const FILES = (\[.*\]);$", sw, re.MULTILINE)
    if not sw.startswith(SERVICE_WORKER.partition("\n")[0]) or listed is None:
        return set()
    try:
        names = json.loads(listed.group(1))
    except json.JSONDecodeError:
        return set()
    if not isinstance(names, list):
        return set()
    # Only plain paths inside the folder: an altered sw.js cannot make the command remove files elsewhere.
    paths = [PurePosixPath(n) for n in names if isinstance(n, str) and n != "./" and "\\" not in n]
    return {"sw.js", *(p.as_posix() for p in paths if not p.is_absolute() and ".." not in p.parts)}


def clashes(out_dir: Path, files: dict[str, bytes], previous: set[str]) -> list[str]:
    """The paths the site would overwrite in ``out_dir`` that are not an earlier site's (another site's index.html)."""
    return sorted(path for path in files if path not in previous and (out_dir / path).exists())


def write_site(out_dir: Path, files: dict[str, bytes], force: bool) -> None:
    """Write the files into ``out_dir``: an earlier site's are replaced (and those it no longer has removed), any
    other file in the way refused unless ``force``; other files are left alone."""
    previous = previous_site(out_dir)
    clashing = clashes(out_dir, files, previous)
    if clashing and not force:
        shown = ", ".join(clashing[:5]) + (f" and {len(clashing) - 5} more" if len(clashing) > 5 else "")
        raise SiteError(
            f"{out_dir} holds files that are not an earlier paris-score site's and would be overwritten: {shown}; "
            "nothing was written (choose another folder, or give --force to overwrite them)"
        )
    for path, data in files.items():
        target = out_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    for path in sorted(previous - set(files)):  # an earlier site's files this one has not (an older wheel)
        if inside(out_dir, path):
            (out_dir / path).unlink()


def inside(out_dir: Path, path: str) -> bool:
    """Whether ``path`` (relative, from an earlier ``sw.js``) is a file or a link inside ``out_dir`` itself, by its
    resolved path: a link among its folders (``OUT/link`` to another folder) would lead out, so it is not."""
    target = out_dir / path
    folder = out_dir.resolve().joinpath(*PurePosixPath(path).parent.parts)
    return target.parent.resolve() == folder and (target.is_symlink() or target.is_file())


@click.command(short_help="Write the table page as a static site that scores offline.")
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option(
    "--pyodide",
    "pyodide_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="An unpacked Pyodide folder (holding pyodide.mjs, pyodide.asm.wasm, ...); "
    "default: the repository's node_modules/pyodide, installed with `npm ci` when absent "
    "(installed without the repository: the current folder's node_modules/pyodide).",
)
@click.option("--force", is_flag=True, help="Overwrite files in OUT_DIR that are not an earlier site's.")
def site(out_dir: Path, pyodide_dir: Path | None, force: bool) -> None:
    """Write the table page into OUT_DIR as a static site that scores in the browser (docs/table.md).

    Any static file host can serve OUT_DIR (GitHub Pages, `python -m
    http.server`): the page runs paris-score in the browser with Pyodide,
    works offline after the first visit and installs on a phone's home screen.
    An earlier site in OUT_DIR is replaced; any other file the site would
    overwrite (another site's index.html) is refused, exit status 1, unless
    --force. Files with other names are left alone.

    \b
    Examples:
      paris-score site public/score
      paris-score site public/score --pyodide ~/pyodide-314.0.7
    """
    try:
        files = site_files(find_pyodide(pyodide_dir))
        write_site(out_dir, files, force)
    except SiteError as e:
        click.echo(f"paris-score: {e}", err=True)
        sys.exit(EXIT_INVALID)
    except OSError as e:
        click.echo(f"paris-score: cannot write {out_dir}: {e.strerror or e}", err=True)
        sys.exit(EXIT_INVALID)
    size = sum(len(data) for data in files.values())
    click.echo(f"paris-score: wrote the table page to {out_dir} ({len(files)} files, {size / 1e6:.1f} MB)")
