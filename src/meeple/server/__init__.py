"""The game server: HTTP lobby, WebSocket live play, storage, bot workers and clocks (`meeple serve`)."""
