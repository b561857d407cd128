"""Drive an MCP server over stdio with the official Python SDK (`mcp`).

    python client.py STEPS_JSON -- COMMAND [ARGS...]

MCP_ERA picks the protocol revision the client speaks: "2025-11-25" (the
default: `initialize`), "2025-06-18" (`initialize` with that revision),
"2026-07-28" (stateless: every request says its revision in `_meta`, no
probe) or "auto" (the SDK's default: `server/discover` first, `initialize`
if the server does not know it). "initialize" in the report is what the
client learnt of the server (protocolVersion, capabilities, serverInfo,
instructions), whichever way.

STEPS_JSON is a list of steps, run in order on one session:
  {"op": "list_tools"} | {"op": "call", "name": N, "args": {...}, "progress": true?}
  {"op": "read_resource", "uri": U} | {"op": "list_resources"} | {"op": "ping"}
  {"op": "list_prompts"} | {"op": "get_prompt", "name": N, "args": {...}}
  {"op": "complete", "ref": {...}, "argument": {...}} | {"op": "set_level", "level": L}
  {"op": "list_resource_templates"}
Strings "$handle" / "$uri" in a step are replaced by the first handle (a
lowercase UUID) / tool-output:// URI of the latest result that had one. Prints one
JSON object: {"initialize": ..., "results": [...], "notifications": [...]},
each result the SDK's parsed model dumped as JSON, or {"error": {...}};
"progress" lists the progress notifications of calls made with "progress".

With SAMPLING=answer the client offers sampling (the SDK's sampling_callback):
it answers each sampling/createMessage in the engine's final-report format,
quoting the request's lines that say "ERROR"; with SAMPLING=decline it offers
sampling and refuses every request. "sampling" lists the requests' params.
"""

import asyncio
import json
import os
import re
import sys

import mcp.client.session
from mcp import Client, StdioServerParameters

PROGRESS = []
SAMPLED = []
FINAL = re.compile(r"<ai-agent-([A-Za-z0-9]+)-FINAL")
HANDLE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
URI = re.compile(r"tool-output://[0-9a-f-]{36}")


def dump(model):
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


def substitute(value, seen):
    if isinstance(value, str):
        for key, found in seen.items():
            value = value.replace("$" + key, found)
        return value
    if isinstance(value, list):
        return [substitute(v, seen) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, seen) for k, v in value.items()}
    return value


async def step(session, op):
    kind = op["op"]
    if kind == "list_tools":
        return await session.list_tools()
    if kind == "call":
        if op.get("progress"):
            async def on_progress(progress, total, message):
                PROGRESS.append({"progress": progress, "total": total, "message": message})

            return await session.call_tool(op["name"], op.get("args", {}), progress_callback=on_progress)
        return await session.call_tool(op["name"], op.get("args", {}))
    if kind == "read_resource":
        return await session.read_resource(op["uri"])
    if kind == "list_resources":
        return await session.list_resources()
    if kind == "list_resource_templates":
        return await session.list_resource_templates()
    if kind == "ping":
        return await session.send_ping()
    if kind == "list_prompts":
        return await session.list_prompts()
    if kind == "get_prompt":
        return await session.get_prompt(op["name"], op.get("args"))
    if kind == "complete":
        from mcp.types import PromptReference, ResourceTemplateReference

        ref = op["ref"]
        ref = PromptReference(**ref) if ref["type"] == "ref/prompt" else ResourceTemplateReference(**ref)
        return await session.complete(ref, op["argument"])
    if kind == "set_level":
        return await session.set_logging_level(op["level"])
    raise ValueError(f"unknown step {kind}")


async def on_sampling(context, params):
    """The client's model, scripted: what an extraction asked, answered."""
    from mcp import types

    SAMPLED.append(dump(params))
    if os.environ.get("SAMPLING") == "decline":
        return types.ErrorData(code=-1, message="the user declined the sampling request")
    text = (params.system_prompt or "") + "\n".join(
        m.content.text for m in params.messages if getattr(m.content, "type", "") == "text"
    )
    nonce = FINAL.search(text).group(1)
    found = [line for line in text.splitlines() if "ERROR" in line][:3]
    answer = f'<ai-agent-{nonce}-FINAL format="text">SAMPLED: ' + " | ".join(found) + f"</ai-agent-{nonce}-FINAL>"
    return types.CreateMessageResult(
        role="assistant",
        content=types.TextContent(type="text", text=answer),
        model="scripted-client-model",
        stop_reason="endTurn",
    )


async def main():
    steps = json.loads(sys.argv[1])
    command = sys.argv[sys.argv.index("--") + 1 :]
    params = StdioServerParameters(command=command[0], args=command[1:])
    notifications = []

    async def on_log(params):
        notifications.append({"logging": dump(params)})

    out = {"results": [], "notifications": notifications, "progress": PROGRESS, "sampling": SAMPLED}
    sampling = on_sampling if os.environ.get("SAMPLING") else None
    seen = {}
    era = os.environ.get("MCP_ERA", "2025-11-25")
    mode = {"2025-11-25": "legacy", "2025-06-18": "legacy"}.get(era, era)
    if era == "2025-06-18":
        # The SDK offers its newest handshake revision; this one is older.
        mcp.client.session.LATEST_HANDSHAKE_VERSION = era
    async with Client(params, mode=mode, cache=None, logging_callback=on_log, sampling_callback=sampling) as client:
        session = client.session
        info = client.server_info
        out["initialize"] = {
            "protocolVersion": client.protocol_version,
            "capabilities": dump(client.server_capabilities),
            "serverInfo": dump(info) if info is not None else None,
            "instructions": client.instructions,
        }
        for op in steps:
            op = substitute(op, seen)
            try:
                result = dump(await step(session, op))
            except Exception as e:  # the test asserts on it
                error = getattr(e, "error", None)
                result = {"error": dump(error) if error is not None else {"message": str(e)}}
            text = json.dumps(result)
            for key, pattern in (("handle", HANDLE), ("uri", URI)):
                found = pattern.findall(text)
                if found:
                    seen[key] = found[0]
            out["results"].append(result)
    json.dump(out, sys.stdout)


asyncio.run(main())
