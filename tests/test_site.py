"""``paris-score site``: the static folder's files, its wheels, icons and service worker, without a browser.

Pyodide is stood in for by a folder of placeholder files (the build copies
them and reads nothing in them); tests/test_site_browser.py runs the real one.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paris_score.i18n.catalogs import LANGUAGES
from paris_score_cli import site
from paris_score_cli.app import cli
from tests.test_svg import read_png

ROOT = Path(__file__).resolve().parent.parent
COMPILED = site.compiled  # the real one: no_compiling stands in for it in the other tests


@pytest.fixture(scope="module", autouse=True)
def no_compiling() -> Iterator[None]:
    """The placeholder Pyodide cannot run: the modules are compiled ahead of time by the real one, tested apart."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(site, "compiled", lambda pyodide, files: ({}, {}))
        yield


@pytest.fixture(scope="module")
def fake_pyodide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pyodide")
    for name in site.PYODIDE_FILES:
        (folder / name).write_text(f"placeholder {name}\n")
    return folder


@pytest.fixture(scope="module")
def files(fake_pyodide: Path) -> dict[str, bytes]:
    return site.site_files(fake_pyodide)


def test_the_folder_holds_the_page_pyodide_the_wheels_and_the_offline_files(files: dict[str, bytes]) -> None:
    version = re.escape(__import__("paris_score").__version__)
    wheels = sorted(name for name in files if name.startswith("wheels/"))
    assert len(wheels) == 2
    assert re.fullmatch(rf"wheels/paris_score-{version}-py3-none-any\.whl", wheels[1])
    assert re.fullmatch(r"wheels/attrs-[0-9.]+-py3-none-any\.whl", wheels[0])
    assert set(files) - set(wheels) == {
        "index.html",
        "sw.js",
        "manifest.webmanifest",
        "site.json",
        *(f"static/{name}.js" for name in ("i18n", "app", "paris2020", "engine", "worker")),
        *(f"static/{name}" for name in ("style.css", "icon.svg", "facts.json")),
        "static/icon-192.png",
        "static/icon-512.png",
        *(f"static/i18n/{lang}.json" for lang in LANGUAGES),
        *(f"pyodide/{name}" for name in site.PYODIDE_FILES),
    }
    about = json.loads(files["site.json"])
    fetched = [f"pyodide/{name}" for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")]
    download = {path: len(files[path]) for path in [*fetched, *sorted(wheels, reverse=True)]}
    assert about == {"version": about["version"], "wheels": sorted(wheels, reverse=True), "download": download}


def test_index_loads_only_its_own_folder_with_a_policy_allowing_webassembly(files: dict[str, bytes]) -> None:
    html = files["index.html"].decode()
    assert '"/' not in html  # every address relative: the page works in a subfolder (GitHub Pages' table/)
    assert "http" not in html.replace('http-equiv="Content-Security-Policy"', "")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert policy is not None
    assert "script-src 'self' 'wasm-unsafe-eval';" in policy.group(1)
    assert html.index('src="static/engine.js"') < html.index('src="static/app.js"')
    assert '<link rel="manifest" href="manifest.webmanifest">' in html


def test_the_service_worker_stores_every_file_under_a_name_that_changes_with_them(
    files: dict[str, bytes], fake_pyodide: Path, tmp_path: Path
) -> None:
    sw = files["sw.js"].decode()
    listed = json.loads(re.search(r"const FILES = (\[.*\]);", sw).group(1))  # type: ignore[union-attr]
    assert listed == ["./", *sorted(set(files) - {"sw.js"})]
    name = re.search(r'const CACHE = "(paris-score-[0-9a-f]{16})";', sw)
    assert name is not None
    assert name.group(1) == "paris-score-" + json.loads(files["site.json"])["version"]  # the snapshot's key too
    assert site.site_files(fake_pyodide)["sw.js"] == files["sw.js"]  # the same files: the same cache
    other = tmp_path / "pyodide"
    other.mkdir()
    for path in fake_pyodide.iterdir():
        (other / path.name).write_bytes(path.read_bytes())
    (other / "pyodide.asm.wasm").write_text("another version\n")
    changed = site.site_files(other)
    assert name.group(1) not in changed["sw.js"].decode()  # a new site: a new cache
    assert json.loads(changed["site.json"])["version"] != json.loads(files["site.json"])["version"]


def test_the_wheels_hold_the_library_and_attrs_and_import_alone(files: dict[str, bytes], tmp_path: Path) -> None:
    paths = []
    for name, data in files.items():
        if name.startswith("wheels/"):
            paths.append(tmp_path / Path(name).name)
            paths[-1].write_bytes(data)
            with zipfile.ZipFile(paths[-1]) as archive:
                names = archive.namelist()
                assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
                info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/RECORD"))
                assert {f"{info}/METADATA", f"{info}/WHEEL"} <= set(names)
                assert "paris_score_cli/__init__.py" not in names
    # Only the wheels on the path (no site-packages): the page's API answers the rulebook example.
    code = (
        "import json, sys; from paris_score import page; import attr;"
        "assert all(m.__file__.startswith(tuple(sys.argv[1:])) for m in (page, attr));"
        "got = page.answer('/api/score', '', sys.stdin.buffer.read());"
        "d = json.loads(got.body); print(d['players']['orange']['total'], d['players']['blue']['total'])"
    )
    env = {"PYTHONPATH": ":".join(map(str, paths))}
    rulebook = (ROOT / "examples" / "rulebook.json").read_bytes()
    command = [sys.executable, "-S", "-c", code, *map(str, paths)]
    out = subprocess.run(command, input=rulebook, capture_output=True, cwd=tmp_path, env=env)
    assert out.returncode == 0, out.stderr.decode()
    assert out.stdout.split() == [b"48", b"57"]


def test_compiled_modules_go_into_the_wheel_of_their_package(fake_pyodide: Path, monkeypatch: Any) -> None:
    pyc = {"paris_score/__pycache__/page.cpython-314.pyc": b"compiled", "attr/__pycache__/_make.cpython-314.pyc": b"c"}
    stdlib = {"json/__init__.pyc": b"compiled json"}
    monkeypatch.setattr(
        site, "compiled", lambda pyodide, files: (pyc, stdlib) if "paris_score/page.py" in files else {}
    )
    built = site.site_files(fake_pyodide)
    with zipfile.ZipFile(io.BytesIO(built["pyodide/python_stdlib.zip"])) as archive:
        assert archive.read("json/__init__.pyc") == b"compiled json"
    for name, data in built.items():
        if name.startswith("wheels/"):
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                held = [n for n in archive.namelist() if n.endswith(".pyc")]
                assert held == [next(p for p in pyc if p.startswith("attr/" if "attrs" in name else "paris_score/"))]


PYODIDE = ROOT / "node_modules" / "pyodide"


def test_pyodide_s_python_compiles_the_modules_and_the_standard_library_it_imports_unchecked() -> None:
    """Run by Node, Pyodide's own Python writes each module's .pyc for its version, and one for each module of its
    standard library that starting and warming up the referee imports, all unchecked hash-based (the flags 0b01:
    Python reads them without the source's date, which an unpacked wheel's files do not keep)."""
    if shutil.which("node") is None or not (PYODIDE / "pyodide.mjs").is_file():
        pytest.skip("needs Node.js and node_modules/pyodide (npm ci)")
    python = json.loads((PYODIDE / "pyodide-lock.json").read_text())["info"]["python"]
    tag = "cpython-" + "".join(python.split(".")[:2])
    files = {**site.wheel_files("paris-score"), **site.wheel_files("attrs")}
    modules, stdlib = COMPILED(PYODIDE, files)
    assert sorted(modules) == sorted(
        f"{path.rpartition('/')[0]}/__pycache__/{path.rpartition('/')[2][:-3]}.{tag}.pyc"
        for path in files
        if path.endswith(".py")
    )
    assert {"json/__init__.pyc", "json/decoder.pyc", "urllib/parse.pyc", "enum.pyc"} <= set(stdlib)  # the referee's
    assert "compileall.pyc" not in stdlib  # the compiling's own: not the referee's
    assert all(int.from_bytes(pyc[4:8], "little") == 0b01 for pyc in [*modules.values(), *stdlib.values()])


def test_without_node_or_with_no_pyodide_the_site_is_written_uncompiled_and_says_so(
    fake_pyodide: Path, monkeypatch: Any, capsys: Any
) -> None:
    assert COMPILED(fake_pyodide, {"pkg/m.py": b"X = 1\n"}) == ({}, {})
    said = capsys.readouterr().err
    assert said.startswith("paris-score: the site's modules are not compiled ahead of time (Node said: ")
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert COMPILED(PYODIDE, {"pkg/m.py": b"X = 1\n"}) == ({}, {})
    said = capsys.readouterr().err
    assert said == "paris-score: Node.js is not installed: the site's modules are not compiled ahead of time\n"


def test_the_icons_are_pngs_of_icon_svg(files: dict[str, bytes]) -> None:
    manifest = json.loads(files["manifest.webmanifest"])
    assert {(i["src"], i["sizes"]) for i in manifest["icons"]} >= {
        ("static/icon-192.png", "192x192"),
        ("static/icon-512.png", "512x512"),
    }
    assert manifest["start_url"] == "./"
    # No words, only the program's name: one manifest for every language (docs/languages.md).
    assert manifest["name"] == manifest["short_name"] == "paris-score"
    assert "description" not in manifest
    for size in site.ICON_SIZES:
        width, height, bpp, rows = read_png(files[f"static/icon-{size}.png"])
        assert (width, height, bpp) == (size, size, 4)

        def at(x: float, y: float, rows: list[bytes] = rows, size: int = size) -> str:
            """The colour at a point of icon.svg's 32 x 32 view box."""
            px, py = int(x * size / 32), int(y * size / 32)
            return rows[py][4 * px : 4 * px + 4].hex()

        # icon.svg: a dark rounded square, an orange square at 4-16, a blue one at 16-28, a yellow lamp at (22, 10).
        assert at(0.1, 0.1) == "00000000"  # outside the rounded corner: transparent
        assert at(2, 30) == "45484fff"
        assert at(10, 10) == "f7b267ff"
        assert at(22, 22) == "9cc3ecff"
        assert at(22, 10) == "ffd21fff"


def test_a_folder_without_pyodide_is_refused_naming_what_is_missing(tmp_path: Path) -> None:
    (tmp_path / "pyodide.mjs").write_text("")
    result = CliRunner().invoke(cli, ["site", str(tmp_path / "out"), "--pyodide", str(tmp_path)])
    assert result.exit_code == 1
    assert result.stderr == (
        f"paris-score: {tmp_path} is not an unpacked Pyodide folder: "
        "pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json missing\n"
    )
    assert not (tmp_path / "out").exists()


def test_without_the_repository_or_npm_the_message_says_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(site, "repository", lambda: None)
    monkeypatch.chdir(tmp_path)  # no node_modules/pyodide here either
    result = CliRunner().invoke(cli, ["site", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert "give --pyodide DIR" in result.stderr
    assert "not run from its repository" in result.stderr
    assert "the current folder has no node_modules/pyodide" in result.stderr

    (tmp_path / "package.json").write_text('{"dependencies": {"pyodide": "314.0.7"}}')
    monkeypatch.setattr(site, "repository", lambda: tmp_path)
    monkeypatch.setattr(site.shutil, "which", lambda name: None)
    result = CliRunner().invoke(cli, ["site", str(tmp_path / "out")])
    assert result.exit_code == 1
    assert result.stderr == (
        f"paris-score: npm is not installed: install Node.js 20 or later (with npm) and run `npm ci` in {tmp_path}, "
        "or give --pyodide DIR\n"
    )


def test_installed_from_a_checkout_it_finds_pyodide_in_the_current_folder(
    fake_pyodide: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/table.md's first block after the README's ``pip install .``: ``npm ci`` writes node_modules/pyodide in the
    checkout, and ``paris-score site table`` run there (not from its repository: installed) finds it."""
    monkeypatch.setattr(site, "repository", lambda: None)
    shutil.copytree(fake_pyodide, tmp_path / "node_modules" / "pyodide")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["site", "table"])
    assert result.exit_code == 0, result.output
    for name in site.PYODIDE_FILES:
        assert (tmp_path / "table" / "pyodide" / name).read_bytes() == (fake_pyodide / name).read_bytes()


def test_the_command_writes_the_folder(fake_pyodide: Path, files: dict[str, bytes], tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["site", str(tmp_path / "table"), "--pyodide", str(fake_pyodide)])
    assert result.exit_code == 0, result.output
    table = tmp_path / "table"
    assert {p.relative_to(table).as_posix(): p.read_bytes() for p in table.rglob("*") if p.is_file()} == files
    assert result.stdout.startswith(f"paris-score: wrote the table page to {tmp_path / 'table'} ({len(files)} files, ")


def run_site(out: Path, pyodide: Path, *options: str) -> Any:
    return CliRunner().invoke(cli, ["site", str(out), "--pyodide", str(pyodide), *options])


def test_a_folder_holding_other_files_in_the_way_is_refused_naming_them(fake_pyodide: Path, tmp_path: Path) -> None:
    """A docs site's index.html where the page's would go: refused, exit status 1, nothing written (docs/cli.md)."""
    out = tmp_path / "public"
    (out / "static").mkdir(parents=True)
    (out / "index.html").write_text("the documentation\n")
    (out / "static" / "style.css").write_text("body {}\n")
    (out / "notes.txt").write_text("mine\n")
    result = run_site(out, fake_pyodide)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"paris-score: {out} holds files that are not an earlier paris-score site's and would be overwritten: "
        "index.html, static/style.css; nothing was written (choose another folder, or give --force to overwrite them)\n"
    )
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == [
        "index.html",
        "notes.txt",
        "static",
        "static/style.css",
    ]
    assert (out / "index.html").read_text() == "the documentation\n"

    forced = run_site(out, fake_pyodide, "--force")
    assert forced.exit_code == 0, forced.output
    assert (out / "index.html").read_bytes() == site.site_files(fake_pyodide)["index.html"]
    assert (out / "notes.txt").read_text() == "mine\n"  # a file the site does not write is left alone


def test_an_earlier_site_is_replaced_and_its_files_the_new_one_has_not_removed(
    fake_pyodide: Path, files: dict[str, bytes], tmp_path: Path
) -> None:
    out = tmp_path / "table"
    assert run_site(out, fake_pyodide).exit_code == 0
    wheel = next(name for name in files if name.startswith("wheels/paris_score-"))
    older = wheel.replace("paris_score-", "paris_score-0.0.1-old-")
    (out / wheel).rename(out / older)  # as an earlier version's site holds an older wheel
    sw = (out / "sw.js").read_text().replace(wheel, older)
    assert '"./", ' in sw
    (out / "sw.js").write_text(sw.replace('"./", ', '"./", "../outside.txt", "/etc/hostname", '))
    (tmp_path / "outside.txt").write_text("not the site's\n")
    (out / "notes.txt").write_text("mine\n")
    result = run_site(out, fake_pyodide)
    assert result.exit_code == 0, result.output
    assert {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()} == {
        **files,
        "notes.txt": b"mine\n",
    }
    assert (tmp_path / "outside.txt").read_text() == "not the site's\n"  # only paths inside the folder


def test_an_altered_sw_js_cannot_remove_a_file_through_a_link(fake_pyodide: Path, tmp_path: Path) -> None:
    """An earlier site's sw.js names the files the next run removes: a path through a link in the folder (to another
    folder, or back into the folder itself) is left alone, and the link itself too; a link the list names is removed
    as a link, its target kept."""
    out = tmp_path / "table"
    assert run_site(out, fake_pyodide).exit_code == 0
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("not the site's\n")
    (out / "link").symlink_to(other)
    (out / "back").symlink_to(out / "static")
    (out / "static" / "old.js").write_text("an older site's\n")
    (out / "listed.txt").symlink_to(other / "notes.txt")
    sw = (out / "sw.js").read_text()
    listed = '"./", "link/notes.txt", "back/old.js", "listed.txt", '
    (out / "sw.js").write_text(sw.replace('"./", ', listed))
    result = run_site(out, fake_pyodide)
    assert result.exit_code == 0, result.output
    assert (out / "static" / "old.js").read_text() == "an older site's\n"
    assert (out / "link").is_symlink()
    assert (out / "back").is_symlink()
    assert not (out / "listed.txt").is_symlink()
    assert (other / "notes.txt").read_text() == "not the site's\n"


def test_the_pinned_pyodide_is_the_lock_files() -> None:
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = site.pinned_pyodide(ROOT)
    assert lock["packages"]["node_modules/pyodide"]["version"] == pinned
    assert lock["packages"]["node_modules/pyodide"]["integrity"].startswith("sha512-")


def test_the_pages_workflow_builds_the_docs_with_the_page_at_table() -> None:
    import yaml

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text("utf-8"))
    steps = workflow["jobs"]["build"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    assert runs.index("npm ci --no-audit --no-fund") < runs.index("paris-score site public/score")
    assert runs.index("mkdocs build --strict --site-dir public") < runs.index("paris-score site public/score")
    assert steps[-1] == {"uses": "actions/upload-pages-artifact@v3", "with": {"path": "public"}}
    # The page's folder is no page of the documentation (public/table/ is docs/table.md's, which site refuses).
    assert not (ROOT / "docs" / "score.md").exists()
    assert not (ROOT / "docs" / "score").exists()
    assert workflow["jobs"]["deploy"]["steps"][-1]["uses"] == "actions/deploy-pages@v4"
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
