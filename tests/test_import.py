import subprocess
import sys


def test_importing_the_library_leaves_click_unloaded() -> None:
    code = "import sys, paris_score; paris_score.score(paris_score.rulebook_example()); print('click' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
