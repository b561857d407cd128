#!/bin/sh
# tool-output's shell prefix for Claude Code, written by `tool-output setup claude-code`.
# Claude Code (CLAUDE_CODE_SHELL_PREFIX in settings.json) starts each Bash
# command, hook and stdio MCP server as `THIS 'COMMAND LINE'`. tool-output runs
# the line as Claude Code would have, and keeps the whole output of a Bash
# command that fails for its PostToolUseFailure hook (Claude Code keeps only a
# part of it). Without tool-output, the line runs as it would have. Remove
# with `tool-output setup claude-code --remove`.
tool_output=__TOOL_OUTPUT__
if [ -x "$tool_output" ] || command -v "$tool_output" >/dev/null 2>&1; then
    exec "$tool_output" claude-code-shell "$@"
fi
case "${CLAUDE_CODE_SHELL:-$SHELL}" in
    */bash | */zsh) exec "${CLAUDE_CODE_SHELL:-$SHELL}" -c "$1" ;;
esac
exec bash -c "$1"
