"""hydrophilia: procedures, state rules and tables (see games/catalog.py)."""
