"""The console's prompt: line editing and history (readline), `-c` for scripts."""
from __future__ import annotations

import asyncio
import contextlib
import sys
from pathlib import Path

from app.config import Config
from console.session import ConsoleSession, Reply
from i18n import UserError, tr

SEPARATOR = "─" * 40


def _print_replies(replies: list[Reply], out=sys.stdout) -> None:
    for reply in replies:
        print(reply.text, file=out)
        print(SEPARATOR, file=out)
    out.flush()


class Repl:
    def __init__(self, session: ConsoleSession) -> None:
        self.session = session
        self.last: Reply | None = None

    async def handle(self, line: str) -> bool:
        """Run one line; False means quit."""
        line = line.strip()
        s = self.session
        if not line:
            return True
        if line.startswith(":"):
            word, _, arg = line[1:].partition(" ")
            if word in {"q", "quit", "exit", "выход"}:
                return False
            if word in {"as", "как"} and arg.strip():
                s.user = arg.strip()
                print(tr("console.you_are", s.locale, name=s.user))
            elif word in {"locale", "язык"} and arg.strip() in {"ru", "en"}:
                s.locale = arg.strip()
            else:
                print(tr("console.unknown_directive", s.locale, word=line))
            return True
        try:
            if line.isdigit():
                if self.last is None:
                    print(tr("console.no_buttons", s.locale))
                    return True
                replies = await s.press(self.last, int(line))
            elif line.endswith("?") and line.startswith("/"):
                choices = await s.autocomplete(line[:-1])
                print("\n".join(f"  {c['name']}" for c in choices) or tr("console.no_choices", s.locale))
                return True
            else:
                replies = await s.run(line)
        except UserError as error:
            print(error.render(s.locale))
            return True
        _print_replies(replies)
        pressable = s.last_pressable(replies)
        if pressable is not None:
            self.last = pressable
        return True

    async def interactive(self) -> None:
        history = Path(self.session.config.console_files_dir).parent / "console_history"
        readline = _setup_readline(history, [f"/{c['name']}" for c in self.session.commands])
        print(tr("console.banner", self.session.locale))
        print(tr("console.you_are", self.session.locale, name=self.session.user))
        loop = asyncio.get_running_loop()
        while True:
            try:
                line = await loop.run_in_executor(None, input, f"{self.session.user}> ")
            except (EOFError, KeyboardInterrupt):
                print()
                break
            if not await self.handle(line):
                break
        if readline is not None:
            with contextlib.suppress(OSError):
                readline.write_history_file(str(history))


def _setup_readline(history: Path, words: list[str]):
    try:
        import readline
    except ImportError:  # Windows without pyreadline: plain input() still works
        return None
    history.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(OSError):
        readline.read_history_file(str(history))
    readline.set_history_length(1000)
    readline.set_completer(lambda text, state: ([w for w in words if w.startswith(text)] + [None])[state])
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")
    return readline


async def run_console(config: Config, *, locale: str, user: str | None, commands: list[str]) -> int:
    session = ConsoleSession(config, locale=locale, user=user)
    await session.start()
    try:
        repl = Repl(session)
        if commands:
            for command in commands:
                if not await repl.handle(command):
                    break
        else:
            await repl.interactive()
    finally:
        await session.close()
    return 0
