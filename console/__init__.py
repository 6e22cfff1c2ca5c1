"""The offline console: type what you would type in Discord, get the bot's replies as text.

The real bot runs against a loopback Discord (`console/loopback/`): it logs in, connects its
gateway, and receives the interactions the console builds from typed lines exactly as it would
receive them from Discord; its replies are read back from that peer. Nothing is implemented
twice, and nothing reaches into discord.py's private names.
"""
from console.session import BotStopped, ConsoleSession, Reply

__all__ = ["BotStopped", "ConsoleSession", "Reply"]
