//! Tests of `tokens`.

use super::*;

fn corpus() -> String {
    let mut s = String::new();
    s.push_str("fn main() {\n    let x = vec![1, 2, 3];\n    println!(\"{x:?}\");\n}\n");
    s.push_str(
        "错误：无法解析模块 `tokio`。请求超时，请稍后重试。日本語のテキストも。한국어 문장.\n",
    );
    s.push_str("emoji 😀👍🏽 family 👨‍👩‍👧‍👦 flags 🇫🇷🇯🇵\n");
    s.push_str("    \t  \n\n\n   trailing   \n\r\n  \u{a0}nbsp\n");
    s.push_str(
        "{\"key\":\"value\",\"n\":12345678901234567890,\"arr\":[1,2,3],\"it's\":\"don't\"}\n",
    );
    s.push_str("I'm sure they'll say we've done it, DON'T you think? 1234567 3.14159\n");
    s.push_str("https://example.com/path?query=1&b=2#frag  /usr/lib/x86_64-linux-gnu/\n");
    s.push_str("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==\n");
    s
}

fn oracle(enc: Encoding, text: &str) -> u64 {
    let bpe = match enc {
        Encoding::Cl100k => tiktoken_rs::cl100k_base().unwrap(),
        Encoding::O200k => tiktoken_rs::o200k_base().unwrap(),
    };
    bpe.encode_ordinary(text).len() as u64
}

#[test]
fn counts_equal_tiktoken_on_a_varied_corpus() {
    let text = corpus().repeat(3);
    for enc in [Encoding::Cl100k, Encoding::O200k] {
        assert_eq!(enc.count(&text), oracle(enc, &text), "{}", enc.name());
    }
}

#[test]
fn counts_equal_tiktoken_on_long_pieces() {
    // Pieces past the quadratic scan's limit take the heap merge.
    let mut letters = String::new();
    let mut seed = 7u32;
    for _ in 0..3000 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        letters.push((b'a' + (seed >> 16) as u8 % 26) as char);
    }
    let text = format!(
        "{} {} {}{}\n{}x {}",
        "ab".repeat(700),
        "=".repeat(300),
        " ".repeat(200),
        "\u{e9}t\u{e9}".repeat(90),
        "\n".repeat(100),
        letters
    );
    for enc in [Encoding::Cl100k, Encoding::O200k] {
        assert_eq!(enc.count(&text), oracle(enc, &text), "{}", enc.name());
    }
}

#[test]
fn counts_equal_tiktoken_on_pieces_past_the_heap() {
    // One unbroken run each, longer than the heap merge takes: counted by
    // the backtracking encoder.
    let mut base64 = String::new();
    let mut seed = 11u32;
    for _ in 0..bpe::HEAP_MAX + 1000 {
        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        base64.push(
            b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"[(seed >> 16) as usize % 52]
                as char,
        );
    }
    let text = format!(
        "{} {} {}",
        "=".repeat(bpe::HEAP_MAX + 1),
        "y".repeat(bpe::HEAP_MAX + 10),
        base64
    );
    for enc in [Encoding::Cl100k, Encoding::O200k] {
        assert_eq!(enc.count(&text), oracle(enc, &text), "{}", enc.name());
    }
}

#[test]
fn streamed_counts_equal_whole_counts_at_any_split() {
    // Enough text to cross COUNT_AT several times, fed in odd-sized pieces.
    let text = corpus().repeat(2500);
    for enc in [Encoding::Cl100k, Encoding::O200k] {
        let whole = oracle(enc, &text);
        for step in [1usize << 16, 77_777, 300_001] {
            let mut counter = TokenCounter::new(enc);
            let mut i = 0;
            while i < text.len() {
                let end = text.floor_char_boundary((i + step).min(text.len()));
                let end = if end <= i { text.len() } else { end };
                counter.push(&text[i..end]);
                i = end;
            }
            assert_eq!(
                counter.finish(),
                (whole, true),
                "{} step {step}",
                enc.name()
            );
        }
    }
}

/// Helpers on a real thread that take every other piece offered (by
/// count, not by the thread's pace: a busy machine must not change what
/// the test sees), and fail every fifth one they take (it comes back
/// uncounted).
struct ThreadHelpers {
    queue: std::sync::mpsc::Sender<String>,
    offered: usize,
    counted: std::thread::JoinHandle<(u64, Vec<String>, usize)>,
}

thread_local! {
    /// How many pieces the last test helpers took, and how many came back.
    static TAKEN: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

impl elsewhere::Helpers for ThreadHelpers {
    fn add(&mut self, text: &str) -> bool {
        self.offered += 1;
        self.offered.is_multiple_of(2) && self.queue.send(text.to_string()).is_ok()
    }
    fn total(self: Box<Self>) -> Option<(u64, Vec<String>)> {
        drop(self.queue);
        let (n, back, taken) = self.counted.join().unwrap();
        TAKEN.set((taken, back.len()));
        Some((n, back))
    }
}

fn thread_helpers(enc: Encoding) -> Option<Box<dyn elsewhere::Helpers>> {
    let (queue, pieces) = std::sync::mpsc::channel::<String>();
    let counted = std::thread::spawn(move || {
        let (mut n, mut back, mut taken) = (0, Vec::new(), 0);
        for piece in pieces {
            taken += 1;
            if taken % 5 == 0 {
                back.push(piece);
            } else {
                n += enc.count(&piece);
            }
        }
        (n, back, taken)
    });
    Some(Box::new(ThreadHelpers {
        queue,
        offered: 0,
        counted,
    }))
}

#[test]
fn counts_split_with_helpers_equal_whole_counts() {
    let text = corpus().repeat(6000);
    for enc in [Encoding::Cl100k, Encoding::O200k] {
        let mut counter = TokenCounter::new(enc);
        counter.count_elsewhere(thread_helpers);
        let mut rest = text.as_str();
        while !rest.is_empty() {
            let (piece, after) = rest.split_at(rest.floor_char_boundary(100_000));
            counter.push(piece);
            rest = after;
        }
        assert_eq!(
            counter.finish(),
            (oracle(enc, &text), true),
            "{}",
            enc.name()
        );
        let (taken, back) = TAKEN.get();
        // Some pieces went to the helper, some were counted here, and
        // what the helper failed on was counted here too.
        assert!(taken >= 5 && back >= 1, "taken {taken}, back {back}");
        assert!(
            taken < text.len() / COUNT_AT,
            "taken {taken}: none counted here"
        );
    }
    // No helpers at all: the count is the same.
    let mut counter = TokenCounter::new(Encoding::Cl100k);
    counter.count_elsewhere(|_| None);
    counter.push(&text);
    assert_eq!(counter.finish().0, oracle(Encoding::Cl100k, &text));
}

#[test]
fn model_names_pick_the_encoding() {
    assert_eq!(
        encoding_for_model(Some("openai/gpt-4o")),
        (Encoding::O200k, true)
    );
    assert_eq!(
        encoding_for_model(Some("gpt-4o-mini")),
        (Encoding::O200k, true)
    );
    assert_eq!(encoding_for_model(Some("o3-mini")), (Encoding::O200k, true));
    assert_eq!(
        encoding_for_model(Some("gpt-4-turbo")),
        (Encoding::Cl100k, true)
    );
    assert_eq!(
        encoding_for_model(Some("anthropic/claude-sonnet-4-5")),
        (Encoding::Cl100k, false)
    );
    assert_eq!(
        encoding_for_model(Some("meta-llama/Llama-3.1-8B")),
        (Encoding::Cl100k, false)
    );
    assert_eq!(
        encoding_for_model(Some("claude-3-haiku")),
        (Encoding::Cl100k, false)
    );
    assert_eq!(encoding_for_model(None), (Encoding::Cl100k, true));
}
