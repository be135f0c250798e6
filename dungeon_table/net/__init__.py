"""Remote tables: a host serves the authoritative table over WebSocket, each player's client
plays one seat and is sent only what that seat may know. Pure Python and asyncio; no pygame.

- ``net.messages``: the wire (typed, versioned msgspec Structs, JSON, size-limited)
- ``net.table``: one table without the network (session, seats, tokens, each seat's updates)
- ``net.host``: ``Host`` and ``serve_table`` (``websockets`` server)
- ``net.client``: ``Client``, ``BotClient``, ``SyncClient`` and ``join_table`` (``websockets``
  client)
"""
