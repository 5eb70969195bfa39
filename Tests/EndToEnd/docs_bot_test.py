"""The bot of the article "Getting started" (Sources/GameServerMain/Documentation.docc/
GettingStarted.md), as the article shows it, plays a whole game against a server bot."""
import os
import re
import subprocess
import sys
import tempfile

from harness import start, stop

ARTICLE = os.path.join(os.path.dirname(__file__), "../../Sources/GameServerMain/Documentation.docc/GettingStarted.md")


def main():
    server = sys.argv[1]
    blocks = re.findall(r"^```python\n(.*?)^```$", open(ARTICLE).read(), re.M | re.S)
    assert len(blocks) == 1, f"expected the article's one Python block, found {len(blocks)}"
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(blocks[0])
    process, port = start(server)
    try:
        result = subprocess.run([sys.executable, file.name, f"ws://127.0.0.1:{port}/"],
                                capture_output=True, text=True, timeout=60)
        output = result.stdout + result.stderr
        assert result.returncode == 0, output
        assert re.search(r'^game over: \{"result": "(win|draw)"', output, re.M), output
        assert "refused" not in output, output
        print("The article's bot played a game to its end:", output.strip().splitlines()[-1])
    finally:
        stop(process)
        os.unlink(file.name)


if __name__ == "__main__":
    main()
