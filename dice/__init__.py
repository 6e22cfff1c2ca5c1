"""Dice: the wargame notation, rolling and exact probabilities. No discord here."""
from dice.roller import Roller

__all__ = ["Roller"]
