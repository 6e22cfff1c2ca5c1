"""Where discord.py finds Discord: its own servers, or a stand-in such as the loopback Discord
(`console/loopback/`) that the console, the tests and the benchmarks run the bot against.

discord.py keeps these addresses as public class attributes (the REST base of its HTTP client
and of its webhook client, and the gateway it connects to when the shard count is given). Both
REST bases must move together: interaction responses go through the webhook client.
"""
from __future__ import annotations

import discord.gateway
import discord.http
import discord.webhook.async_
import yarl

DISCORD_API = discord.http.Route.BASE
DISCORD_GATEWAY = str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)


def use_discord_at(api_base: str | None = None, gateway_url: str | None = None) -> None:
    """Point every client in this process at `api_base` (".../api/v10") and `gateway_url`;
    no arguments: Discord itself."""
    base = (api_base or DISCORD_API).rstrip("/")
    discord.http.Route.BASE = base
    discord.webhook.async_.Route.BASE = base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url or DISCORD_GATEWAY)
