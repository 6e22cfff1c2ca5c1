"""Start the referee bot.

    python bot.py                  # Discord when the token is set, else the offline console
    python bot.py --console        # the offline console even with a token
    python bot.py --console -c "/roll 3d6" -c "/help"   # run commands, print replies, exit
    python bot.py --sync [GUILD_ID]                      # register slash commands with Discord
"""
from __future__ import annotations

import argparse
import asyncio
import signal
import logging
import sys

from app.config import Config, ConfigError
from app.heap import return_large_buffers
from i18n import tr

log = logging.getLogger("referee")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Referee assistant for tabletop wargames in Discord.")
    parser.add_argument("--config", help="path to config.toml (default: the project's)")
    parser.add_argument("--console", action="store_true", help="run the offline console even if a token is set")
    parser.add_argument("-c", "--command", action="append", default=[], metavar="LINE",
                        help="console: run this line (repeatable), print the replies and exit")
    parser.add_argument("--locale", choices=("ru", "en"), help="console: language of the replies (default: config's)")
    parser.add_argument("--as", dest="as_user", metavar="NAME", help="console: act as this player")
    parser.add_argument("--sync", nargs="?", const="dev", metavar="GUILD_ID",
                        help="register the slash commands with Discord and exit: on GUILD_ID, on the configured "
                             "development server when none is given, or globally with 'global'")
    parser.add_argument("--log-level", help="DEBUG, INFO, WARNING or ERROR (default: config's)")
    return parser.parse_args(argv)


def setup_logging(level: str, quiet_discord: bool) -> None:
    logging.basicConfig(level=level, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)  # one line per plugin at every start
    if quiet_discord:  # the console has no gateway; discord.py's own INFO lines are noise there
        for noisy in ("discord", "alembic"):
            logging.getLogger(noisy).setLevel(logging.WARNING)
    logging.getLogger("discord.client").addFilter(lambda record: "voice" not in record.getMessage())


async def run_discord(config: Config, sync: str | None) -> int:
    from app import compute
    from app.endpoints import use_discord_at
    from app.referee_bot import RefereeBot
    from app.services import Services

    if config.api_base or config.gateway_url:
        use_discord_at(config.api_base or None, config.gateway_url or None)
    token = config.token
    assert token, "run_discord is only called with a token (main() runs the console without one)"
    bot = RefereeBot(Services(config=config))
    async with bot:
        if sync is None:
            # A service manager stops the bot with SIGTERM: close it cleanly (the gateway, the
            # database, the workers computing heavy odds) instead of dying mid-write.
            loop = asyncio.get_running_loop()
            for stop in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(stop, lambda: asyncio.ensure_future(bot.close()))
            compute.warm_up()
            await bot.start(token)
            return 0
        await bot.login(token)
        guild = config.dev_guild_id if sync == "dev" else (None if sync == "global" else int(sync))
        if sync == "dev" and not guild:
            log.error("No development server set (discord.dev_guild_id); pass a GUILD_ID or 'global'.")
            return 2
        synced = await bot.sync_commands(guild)
        print(f"Synced {len(synced)} command(s) " + (f"to server {guild}." if guild else "globally."))
    return 0


def connect(config: Config, sync: str | None) -> int:
    """Run against Discord; the usual ways that fails get one clear line, not a traceback."""
    import aiohttp
    import discord

    try:
        return asyncio.run(run_discord(config, sync))
    except discord.LoginFailure:
        print(f"Discord rejected the token in ${config.token_env}. Copy it again from the Developer Portal "
              "(Bot → Reset Token).", file=sys.stderr)
    except discord.PrivilegedIntentsRequired:
        print("Discord refused an intent this bot asked for; it needs no privileged intents — "
              "check the application's settings.", file=sys.stderr)
    except (aiohttp.ClientError, OSError) as exc:
        print(f"Could not reach Discord: {exc}. Check the network, or use the bot offline: "
              "python bot.py --console", file=sys.stderr)
    except KeyboardInterrupt:
        return 0
    return 1


def main(argv: list[str] | None = None) -> int:
    return_large_buffers()          # before the index and the encoder load (app.heap)
    args = parse_args(argv)
    try:
        config = Config.load(args.config)
    except ConfigError as exc:
        print(f"Configuration error: {exc}", file=sys.stderr)
        return 2
    from games.registry import GameDeclarationError, check_all, configure
    configure(config.games_packages)
    try:
        check_all()
    except GameDeclarationError as exc:
        print(f"Game declaration error: {exc}", file=sys.stderr)
        return 2
    use_console = args.console or bool(args.command) or not config.token
    # In the console stdout is the conversation; only warnings go to stderr unless asked.
    setup_logging(args.log_level or ("WARNING" if use_console else config.log_level), quiet_discord=use_console)
    if args.sync is not None:
        if not config.token:
            print(f"--sync needs the bot token in ${config.token_env}.", file=sys.stderr)
            return 2
        return connect(config, args.sync)
    if not use_console:
        return connect(config, None)
    locale = args.locale or config.default_language
    if not config.token and not args.console and not args.command:
        print(tr("console.no_token", locale, env=config.token_env))
    from console.repl import run_console
    return asyncio.run(run_console(config, locale=locale, user=args.as_user, commands=args.command))


if __name__ == "__main__":
    sys.exit(main())
