"""The games shipped with Meeple, one package each; they register as plug-ins (entry-point group `meeple.games`)."""
