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

from fault_server import log_text
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
    """N MB of log text with the needle on one line in the middle."""
    return log_text(mb, needle)


@server.tool()
def echo(text: str) -> str:
    """The text, back."""
    return text


if __name__ == "__main__":
    server.run()
