"""The terminal client: play a game against bots (`meeple play`) and step through saved games (`meeple replay`)."""
