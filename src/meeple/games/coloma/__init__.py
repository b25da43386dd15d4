"""Coloma: gold-rush pioneers pick Sites of a rotating wheel in secret; 1 player (against Shade) to 5."""
