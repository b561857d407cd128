"""A scripted MCP server on stdio, raw JSON-RPC (no SDK, so it can misbehave).

Its tools, by name:
  big        {"mb": N, "needle": S}: N MB of log text with S on one line in the middle
  multi      two text blocks (one large), an embedded text resource (large), an
             image, and structuredContent (large)
  image      one image block of about 2 MB of base64
  error_log  a large isError result
  raw        answers with RAW_RESULT below, written byte for byte (odd spacing,
             number formats, unknown fields)
  small      a short text
  progress   sends 3 progress notifications with the request's token, then answers
  slow       never answers; a notifications/cancelled for it is logged
  hang       stops reading and answering altogether
  crash      writes to stderr and exits with status 3
  garbage    writes a line that is not JSON (a banner), then answers
  stderr_latin1  writes a Latin-1 byte and a terminal escape to stderr, then answers
  stderr_flood   {"mb": N}: N MB on stderr with no newline, then answers
  notify_flood   {"mb": N}: N MB of notifications/message, then answers
  surrogate  answers with a lone surrogate escape in a small text (raw)
  odd        {"kind": K}: valid JSON serde_json refuses or odd framing: 1e999, deep
             (nesting of 300), bom (a byte order mark first), batch (the answer in a
             batch with a notification)
  too_long   {"mb": N}: an answer of N MB (past a proxy's --max-message-bytes)
  dup        a large text and structuredContent {"content": the same text}
  echo_args  answers with the arguments it got, as JSON (json.dumps keeps lone
             surrogates escaped)
  deaf       stops reading stdin for good
With FAULT_OWN_TOOL_OUTPUT=1 it also has a tool named tool_output of its own.
Every message received is appended to $FAULT_LOG (one JSON line) if set.
"""

import json
import os
import sys

RAW_RESULT = (
    '{"content": [ {"type":"text","text":"caf\\u00e9 \\ud83d\\ude00 ok","annotations":{"priority":0.50}},'
    '{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png","x-unknown":[1.0,2e3]} ],'
    ' "isError":false, "_meta": {"vendor/x": {"n": 1.10}}, "extraField": true}'
)

TOOLS = [
    {"name": name, "description": f"scripted: {name}", "inputSchema": {"type": "object"}}
    for name in ["big", "multi", "image", "error_log", "raw", "small", "progress", "slow", "hang", "crash", "garbage"]
]
TOOLS += [
    {"name": name, "description": f"scripted: {name}", "inputSchema": {"type": "object"}}
    for name in ["stderr_latin1", "stderr_flood", "notify_flood", "surrogate", "odd", "too_long", "dup", "echo_args", "deaf"]
]
if os.environ.get("FAULT_OWN_TOOL_OUTPUT") == "1":
    TOOLS.append({"name": "tool_output", "description": "the server's own", "inputSchema": {"type": "object"}})
TOOLS[0]["outputSchema"] = {"type": "object"}


def log(message):
    path = os.environ.get("FAULT_LOG")
    if path:
        with open(path, "a") as f:
            f.write(json.dumps(message) + "\n")


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def send_raw(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def log_text(mb, needle):
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


def text(t):
    return {"type": "text", "text": t}


def call(id, name, args, params):
    if name == "big":
        body = log_text(args.get("mb", 1), args.get("needle", "needle"))
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text(body)]}})
    if name == "multi":
        big = log_text(1, "needle-in-multi")
        result = {
            "content": [
                text("summary: 1 MB follows"),
                text(big),
                {"type": "resource", "resource": {"uri": "file:///var/log/app.log", "mimeType": "text/plain", "text": big}},
                {"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"},
            ],
            "structuredContent": {"rows": [{"id": i, "status": "ok"} for i in range(20000)]},
        }
        return send({"jsonrpc": "2.0", "id": id, "result": result})
    if name == "image":
        data = "QUJD" * 500_000
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [{"type": "image", "data": data, "mimeType": "image/png"}]}})
    if name == "error_log":
        body = log_text(1, "FATAL: the linker was killed (signal 9)")
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text(body)], "isError": True}})
    if name == "raw":
        return send_raw('{"jsonrpc":"2.0", "id": %s, "result": %s}' % (json.dumps(id), RAW_RESULT))
    if name == "small":
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text("small answer")]}})
    if name == "progress":
        token = params.get("_meta", {}).get("progressToken")
        for n in range(1, 4 if token is not None else 1):
            send({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": token, "progress": n, "total": 3}})
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text("done after progress")]}})
    if name == "slow":
        return
    if name == "hang":
        while True:
            os.system("sleep 3600")
    if name == "crash":
        sys.stderr.write("fault_server: simulated crash\n")
        sys.stderr.flush()
        os._exit(3)
    if name == "garbage":
        send_raw("this is not JSON-RPC at all")
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text("answered after garbage")]}})
    if name == "stderr_latin1":
        sys.stderr.buffer.write(b"fault_server: caf\xe9.log \x1b]0;pwned\x07 opened\n")
        sys.stderr.flush()
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text("wrote latin-1")]}})
    if name == "stderr_flood":
        chunk = "x" * (1 << 20)
        for _ in range(args.get("mb", 1)):
            sys.stderr.write(chunk)
        sys.stderr.flush()
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text("flooded stderr")]}})
    if name == "notify_flood":
        data = "n" * 65536
        for _ in range(args.get("mb", 1) * 16):
            send({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": data}})
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text("flooded notifications")]}})
    if name == "surrogate":
        return send_raw('{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"cut inside an emoji: \\ud83d"}]}}' % json.dumps(id))
    if name == "odd":
        kind = args.get("kind")
        answer = '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"odd %s"}]%s}}'
        if kind == "1e999":
            return send_raw(answer % (json.dumps(id), kind, ',"_meta":{"n":1e999}'))
        if kind == "deep":
            return send_raw(answer % (json.dumps(id), kind, ',"_meta":{"d":%s1%s}' % ("[" * 300, "]" * 300)))
        if kind == "bom":
            return send_raw("\ufeff" + answer % (json.dumps(id), kind, ""))
        if kind == "batch":
            note = '{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"in a batch"}}'
            return send_raw("[%s, %s]" % (note, answer % (json.dumps(id), kind, "")))
    if name == "too_long":
        body = "y" * (args.get("mb", 2) << 20)
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text(body)]}})
    if name == "dup":
        body = log_text(1, "needle-in-dup")
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text(body)], "structuredContent": {"content": body}}})
    if name == "echo_args":
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text(json.dumps(args))]}})
    if name == "deaf":
        send({"jsonrpc": "2.0", "id": id, "result": {"content": [text("not reading any more")]}})
        while True:
            os.system("sleep 3600")
    if name == "tool_output":
        return send({"jsonrpc": "2.0", "id": id, "result": {"content": [text("the server's own tool_output")]}})
    send({"jsonrpc": "2.0", "id": id, "error": {"code": -32602, "message": f"unknown tool {name}"}})


def main():
    log({"pid": os.getpid()})
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        log(message)
        method, id = message.get("method"), message.get("id")
        params = message.get("params") or {}
        if id is None:
            continue
        if method == "initialize":
            send({"jsonrpc": "2.0", "id": id, "result": {
                "protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {"listChanged": True}, "experimental": {"vendor/feature": {"on": True}}},
                "serverInfo": {"name": "fault-server", "version": "1.0"},
                "instructions": "A scripted server for tests.",
            }})
        elif method == "tools/list":
            send({"jsonrpc": "2.0", "id": id, "result": {"tools": TOOLS}})
        elif method == "tools/call":
            call(id, params.get("name"), params.get("arguments") or {}, params)
        elif method == "ping":
            send({"jsonrpc": "2.0", "id": id, "result": {}})
        else:
            send({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": f"no method {method}"}})


if __name__ == "__main__":
    main()
