"""Counts a file's cl100k tokens with OpenAI's Python tiktoken, single core
(`encode_ordinary`), and prints `tokens seconds` (the encode alone).

    python count.py FILE RANKS

RANKS is the cl100k_base rank file, written by the bench from tiktoken-rs's
table: read from disk, so nothing is fetched.
"""

import sys
import time

import tiktoken
import tiktoken_ext.openai_public as public

path, ranks = sys.argv[1], sys.argv[2]
load = public.load_tiktoken_bpe
public.load_tiktoken_bpe = lambda _where, expected_hash=None: load(ranks)
encoding = tiktoken.Encoding(**public.cl100k_base())
text = open(path, encoding="utf-8").read()
started = time.perf_counter()
tokens = len(encoding.encode_ordinary(text))
print(tokens, time.perf_counter() - started)
