"""The rulebook of this game: the book file, how to split it into sections, its overrides and aliases."""
