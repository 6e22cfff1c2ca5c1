"""The offline console: type what you would type in Discord, get the bot's replies as text.

It drives the same app_commands tree as Discord by building real `discord.Interaction`
payloads and feeding them through the gateway's own dispatch path; responses are captured
at discord.py's webhook adapter seam (anchors.md §4.3). Nothing is implemented twice.
"""
from console.session import ConsoleSession, Reply

__all__ = ["ConsoleSession", "Reply"]
