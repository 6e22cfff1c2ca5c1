"""flames_of_war: procedures, state rules and tables (see games/catalog.py)."""
