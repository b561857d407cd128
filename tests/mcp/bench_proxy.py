"""What the proxy costs, measured in one run (see docs/performance.md).

    cargo build --release -p tool-output
    target/mcp-venv/bin/python tests/mcp/bench_proxy.py [target/release/tool-output] [--calls N] [--mb M]

1. Added latency of a passthrough tools/call: the official Python SDK client
   holds two sessions to the scripted server (tests/mcp/fault_server.py), one
   direct and one through the proxy, and alternates N small calls between
   them; medians of each and their difference.
2. Peak RSS of the proxy for one M MB result (one JSON-RPC message): a raw
   client reads VmHWM from /proc after the answer.
"""

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

HERE = os.path.dirname(os.path.abspath(__file__))
FAULT = [sys.executable, os.path.join(HERE, "fault_server.py")]


def arg(name, default):
    return type(default)(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


async def latency(proxy_cmd, calls):
    direct = StdioServerParameters(command=FAULT[0], args=FAULT[1:])
    proxied = StdioServerParameters(command=proxy_cmd[0], args=proxy_cmd[1:] + ["--"] + FAULT)
    async with stdio_client(direct) as (dr, dw), stdio_client(proxied) as (pr, pw):
        async with ClientSession(dr, dw) as d, ClientSession(pr, pw) as p:
            await d.initialize()
            await p.initialize()
            times = {"direct": [], "proxy": []}
            for i in range(calls + 20):
                for name, session in (("direct", d), ("proxy", p)) if i % 2 else (("proxy", p), ("direct", d)):
                    start = time.perf_counter()
                    result = await session.call_tool("small", {})
                    elapsed = time.perf_counter() - start
                    assert result.content[0].text == "small answer"
                    if i >= 20:  # warm-up
                        times[name].append(elapsed)
    d_ms = statistics.median(times["direct"]) * 1000
    p_ms = statistics.median(times["proxy"]) * 1000
    print(f"passthrough tools/call, median of {calls}: direct {d_ms:.3f} ms, through the proxy {p_ms:.3f} ms: +{p_ms - d_ms:.3f} ms")


def rss(proxy_cmd, mb):
    proc = subprocess.Popen(proxy_cmd + ["--"] + FAULT, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(message):
        proc.stdin.write((json.dumps(message) + "\n").encode())
        proc.stdin.flush()

    def hwm():
        with open(f"/proc/{proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench", "version": "0"}}})
    proc.stdout.readline()
    send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    before = hwm()
    start = time.perf_counter()
    send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "big", "arguments": {"mb": mb}}})
    answer = json.loads(proc.stdout.readline())
    elapsed = time.perf_counter() - start
    text = answer["result"]["content"][0]["text"]
    assert text.startswith("Tool output is too large"), text[:200]
    peak = hwm()
    proc.stdin.close()
    proc.wait(timeout=30)
    print(f"{mb} MB result in one message: proxy peak RSS {peak:.1f} MB ({peak / mb:.2f}x the result; "
          f"{before:.1f} MB before it), answered in {elapsed:.2f} s (the server's JSON encoding included)")


def main():
    binary = next((a for a in sys.argv[1:] if not a.startswith("--") and not a.isdigit()), "target/release/tool-output")
    root = tempfile.mkdtemp(prefix="bench-proxy-")
    cache = os.path.join(os.path.dirname(os.path.abspath(binary)), "..", "bench-cache")
    os.makedirs(cache, exist_ok=True)
    os.symlink(os.path.abspath(cache), os.path.join(root, "components"))
    proxy_cmd = [binary, "--root", root, "mcp", "proxy"]
    asyncio.run(latency(proxy_cmd, arg("--calls", 500)))
    rss(proxy_cmd, arg("--mb", 100))
    subprocess.run(["rm", "-rf", root])


main()
