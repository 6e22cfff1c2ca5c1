"""A stand-in for Discord on loopback (gateway websocket + REST), for the console, the tests
and the benchmarks. See `console/loopback/server.py`."""
from console.loopback.guilds import GuildSpec, member_payload, user_id_of, user_payload
from console.loopback.messages import APPLICATION_ID, StoredMessage, new_snowflake
from console.loopback.server import LoopbackDiscord, Outcome

__all__ = ["LoopbackDiscord", "Outcome", "GuildSpec", "StoredMessage", "APPLICATION_ID", "new_snowflake",
           "member_payload", "user_id_of", "user_payload"]
