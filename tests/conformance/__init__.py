"""Generic conformance suite: every registered game, player count and option combination."""
