"""The bot application: configuration, services, the command tree and its translator."""
