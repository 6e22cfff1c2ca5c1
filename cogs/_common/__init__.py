"""Discord-side helpers shared by every cog: localized command text, the user's language,
error replies, Discord's size limits and a paginator."""
from cogs._common.errors import reply_error, send_user_error
from cogs._common.limits import LIMITS, chunk_text, fit_embed, trim
from cogs._common.paginator import Paginator
from cogs._common.text import L, actor_of, channel_key, locale_of

__all__ = [
    "L", "locale_of", "channel_key", "actor_of",
    "reply_error", "send_user_error",
    "LIMITS", "chunk_text", "fit_embed", "trim",
    "Paginator",
]
