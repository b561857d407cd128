#!/usr/bin/env python3
"""Clients of `tool-output gateway --tools` in the gateway's SDK tests
(host/tests/all/gateway/sdk.rs): the official OpenAI, Anthropic and Google
Gen AI Python SDKs and an agent of the OpenAI Agents SDK, each pointed at
the gateway.

    python clients.py MODE GATEWAY_URL NEEDLE

MODE: chat, chat-stream, responses, responses-stream, anthropic,
anthropic-stream, gemini, gemini-stream (a tool loop written with the SDK: the model calls the
client's tool `get_log`, which returns 2 MB with NEEDLE in it; then one more
user turn), agents-responses, agents-chat (an Agents SDK agent whose
function tool returns the same 2 MB). Prints one JSON line: the text of the
model's answers, in order.
"""

import json
import sys

MODE, URL, NEEDLE = sys.argv[1], sys.argv[2], sys.argv[3]
KEY = "sk-client-secret-42"


def big_log():
    lines = [f"line {i}: INFO request handled in {i % 97} ms" for i in range(50_000)]
    lines[31_337] = NEEDLE
    return "\n".join(lines) + "\n"


CHAT_TOOL = {"type": "function", "function": {
    "name": "get_log", "description": "The service's log.",
    "parameters": {"type": "object", "properties": {}}}}


def chat(stream):
    from openai import OpenAI

    client = OpenAI(base_url=URL + "/v1", api_key=KEY, max_retries=0)
    messages = [{"role": "user", "content": "What failed in the log?"}]
    answers = []

    def ask():
        if not stream:
            message = client.chat.completions.create(
                model="scripted", messages=messages, tools=[CHAT_TOOL]).choices[0].message
            return message.content, [(c.id, c.function.name, c.function.arguments)
                                     for c in message.tool_calls or []]
        text, calls = "", {}
        for chunk in client.chat.completions.create(
                model="scripted", messages=messages, tools=[CHAT_TOOL], stream=True,
                stream_options={"include_usage": True}):
            if not chunk.choices:
                continue
            delta = chunk.choices[0].delta
            text += delta.content or ""
            for call in delta.tool_calls or []:
                slot = calls.setdefault(call.index, ["", "", ""])
                slot[0] = call.id or slot[0]
                slot[1] = (call.function.name or slot[1]) if call.function else slot[1]
                slot[2] += (call.function.arguments or "") if call.function else ""
        return text or None, [tuple(c) for _, c in sorted(calls.items())]

    for turn in range(6):
        text, calls = ask()
        assistant = {"role": "assistant", "content": text}
        if calls:
            assistant["tool_calls"] = [{"id": i, "type": "function",
                                        "function": {"name": n, "arguments": a}}
                                       for i, n, a in calls]
        messages.append(assistant)
        if calls:
            for call_id, name, _ in calls:
                assert name == "get_log", f"the client was asked for {name}"
                messages.append({"role": "tool", "tool_call_id": call_id, "content": big_log()})
            continue
        answers.append(text)
        if len(answers) == 2:
            break
        messages.append({"role": "user", "content": "Thanks. Anything else?"})
    return answers


def responses(stream):
    from openai import OpenAI

    client = OpenAI(base_url=URL + "/v1", api_key=KEY, max_retries=0)
    tool = {"type": "function", "name": "get_log", "description": "The service's log.",
            "parameters": {"type": "object", "properties": {}}}
    items = [{"role": "user", "content": "What failed in the log?"}]
    answers = []

    def ask():
        if not stream:
            return client.responses.create(model="scripted", input=items, tools=[tool])
        final = None
        for event in client.responses.create(model="scripted", input=items, tools=[tool],
                                             stream=True):
            if event.type == "response.completed":
                final = event.response
        return final

    for turn in range(6):
        response = ask()
        items.extend(item.model_dump(exclude_none=True) for item in response.output)
        calls = [i for i in response.output if i.type == "function_call"]
        if calls:
            for call in calls:
                assert call.name == "get_log", f"the client was asked for {call.name}"
                items.append({"type": "function_call_output", "call_id": call.call_id,
                              "output": big_log()})
            continue
        answers.append(response.output_text)
        if len(answers) == 2:
            break
        items.append({"role": "user", "content": "Thanks. Anything else?"})
    return answers


def anthropic(stream):
    import anthropic as sdk

    client = sdk.Anthropic(base_url=URL, api_key=KEY, max_retries=0)
    tool = {"name": "get_log", "description": "The service's log.",
            "input_schema": {"type": "object", "properties": {}}}
    messages = [{"role": "user", "content": "What failed in the log?"}]
    answers = []

    def ask():
        if not stream:
            return client.messages.create(model="scripted", max_tokens=1024,
                                          messages=messages, tools=[tool])
        with client.messages.stream(model="scripted", max_tokens=1024, messages=messages,
                                    tools=[tool]) as events:
            return events.get_final_message()

    for turn in range(6):
        message = ask()
        messages.append({"role": "assistant",
                         "content": [b.model_dump(exclude_none=True) for b in message.content]})
        calls = [b for b in message.content if b.type == "tool_use"]
        if calls:
            for call in calls:
                assert call.name == "get_log", f"the client was asked for {call.name}"
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": c.id, "content": big_log()} for c in calls]})
            continue
        answers.append("".join(b.text for b in message.content if b.type == "text"))
        if len(answers) == 2:
            break
        messages.append({"role": "user", "content": "Thanks. Anything else?"})
    return answers


def gemini(stream):
    from google import genai
    from google.genai import types

    client = genai.Client(api_key=KEY, http_options=types.HttpOptions(
        base_url=URL, retry_options=types.HttpRetryOptions(attempts=1)))
    config = types.GenerateContentConfig(tools=[types.Tool(function_declarations=[
        types.FunctionDeclaration(name="get_log", description="The service's log.",
                                  parameters_json_schema={"type": "object", "properties": {}})])])
    contents = [types.Content(role="user", parts=[types.Part(text="What failed in the log?")])]
    answers = []

    def ask():
        if not stream:
            return client.models.generate_content(
                model="scripted", contents=contents, config=config).candidates[0].content
        parts = []
        for chunk in client.models.generate_content_stream(
                model="scripted", contents=contents, config=config):
            parts.extend(chunk.candidates[0].content.parts or [])
        return types.Content(role="model", parts=parts)

    for turn in range(6):
        content = ask()
        contents.append(content)
        calls = [p.function_call for p in content.parts if p.function_call]
        if calls:
            for call in calls:
                assert call.name == "get_log", f"the client was asked for {call.name}"
            contents.append(types.Content(role="user", parts=[
                types.Part(function_response=types.FunctionResponse(
                    id=c.id, name=c.name, response={"output": big_log()})) for c in calls]))
            continue
        answers.append("".join(p.text for p in content.parts if p.text and not p.thought))
        if len(answers) == 2:
            break
        contents.append(types.Content(role="user", parts=[types.Part(text="Thanks. Anything else?")]))
    return answers


def agents(api):
    from openai import AsyncOpenAI
    from agents import (Agent, OpenAIChatCompletionsModel, OpenAIResponsesModel, Runner,
                        function_tool, set_tracing_disabled)

    set_tracing_disabled(True)
    client = AsyncOpenAI(base_url=URL + "/v1", api_key=KEY, max_retries=0)

    @function_tool
    def get_log() -> str:
        """The service's log."""
        return big_log()

    model = (OpenAIResponsesModel(model="scripted", openai_client=client) if api == "responses"
             else OpenAIChatCompletionsModel(model="scripted", openai_client=client))
    agent = Agent(name="ops", instructions="Find what failed.", tools=[get_log], model=model)
    result = Runner.run_sync(agent, "What failed in the log?")
    return [result.final_output]


def main():
    stream = MODE.endswith("-stream")
    kind = MODE.removesuffix("-stream")
    if kind == "chat":
        answers = chat(stream)
    elif kind == "responses":
        answers = responses(stream)
    elif kind == "anthropic":
        answers = anthropic(stream)
    elif kind == "gemini":
        answers = gemini(stream)
    elif kind in ("agents-responses", "agents-chat"):
        answers = agents(kind.removeprefix("agents-"))
    else:
        sys.exit(f"unknown mode {MODE}")
    print(json.dumps({"answers": answers}))


if __name__ == "__main__":
    main()
