"""An MCP server on stdio built with the official Python SDK (`mcp` 2.3), which
serves both protocol eras: a request with the 2026-07-28 `_meta` gets the
stateless era, `initialize` the handshake era. With MODERN_ONLY=1 it refuses
`initialize` (as a server of the stateless era only does), so a client must
speak 2026-07-28 to it.

Its tools:
  big   {"mb": N, "needle": S}: N MB of log text with S on one line in the middle
  echo  {"text": S}: S
"""

import os

from mcp.server.mcpserver import MCPServer
from mcp.shared.exceptions import MCPError


async def modern_only(ctx, call_next):
    if ctx.method == "initialize":
        requested = (ctx.params or {}).get("protocolVersion", "")
        raise MCPError(
            code=-32022,
            message="this server speaks only 2026-07-28",
            data={"supported": ["2026-07-28"], "requested": requested},
        )
    return await call_next(ctx)


server = MCPServer(
    "era-server",
    version="1.0",
    middleware=[modern_only] if os.environ.get("MODERN_ONLY") == "1" else None,
)


@server.tool()
def big(mb: float, needle: str) -> str:
    """N MB of log text with the needle on one line in the middle (as
    fault_server.py writes it)."""
    lines, size, i = [], 0, 0
    middle = mb * 1_000_000 // 2
    placed = False
    while size < mb * 1_000_000:
        line = f"2026-11-23T10:00:{i % 60:02d} INFO worker-{i % 7} handled request {i} in {i % 97} ms"
        if not placed and size >= middle:
            line = f"2026-11-23T10:00:00 ERROR {needle}"
            placed = True
        lines.append(line)
        size += len(line) + 1
        i += 1
    return "\n".join(lines) + "\n"


@server.tool()
def echo(text: str) -> str:
    """The text, back."""
    return text


if __name__ == "__main__":
    server.run()
