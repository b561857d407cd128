//! The request side of the search: the model's words reduced to weighted
//! query terms.

use super::terms::for_each_term;

/// Weight of a snake_case part (`foo` of `foo_bar`): the whole term already
/// carries the evidence, a part alone is weaker.
const PART_WEIGHT: f64 = 0.5;

/// Request words that say *what to do*, not *what to find*. Small and fixed on
/// purpose: anything that could be log content (`not`, `error`, `no`) stays.
const STOPWORDS: &[&str] = &[
    "a", "about", "all", "an", "and", "any", "are", "as", "at", "be", "been", "by", "can", "could",
    "did", "do", "does", "each", "every", "extract", "find", "for", "from", "get", "give", "had",
    "has", "have", "how", "i", "if", "in", "into", "is", "it", "its", "just", "line", "lines",
    "list", "look", "made", "make", "me", "my", "of", "on", "only", "or", "our", "output",
    "please", "return", "search", "should", "show", "so", "some", "tell", "that", "the", "their",
    "them", "then", "there", "these", "they", "this", "those", "to", "us", "was", "we", "were",
    "what", "when", "where", "which", "who", "why", "with", "would", "you", "your",
    // Chinese instruction bigrams ("find", "all", "list", "show", "which", "what", …).
    "找出", "查找", "列出", "显示", "所有", "全部", "哪些", "哪个", "什么", "给我", "提取", "一下",
];

/// Particles: a query bigram containing one almost always straddles a word
/// boundary (`超时的请求` → `时的`, `的请`), so it is noise.
const PARTICLES: &[char] = &['的', '了', '吗', '呢', 'の', 'を'];

/// The distinct terms of a request, in first-seen order, with a weight each.
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    pub(super) terms: Vec<String>,
    /// 1.0, or [`PART_WEIGHT`] for a term seen only as a snake_case part.
    pub(super) weights: Vec<f64>,
}

impl Query {
    /// Stopwords and instruction words are dropped unless that would leave no
    /// term at all ("find all" still searches for `find` and `all`). Returns
    /// None when the text has no term.
    pub fn parse(extract: &str) -> Option<Query> {
        let mut all = Query {
            terms: Vec::new(),
            weights: Vec::new(),
        };
        let mut kept = all.clone();
        for_each_term(extract, &mut String::new(), |t, part| {
            let weight = if part { PART_WEIGHT } else { 1.0 };
            all.add(t, weight);
            if !STOPWORDS.contains(&t) && !t.contains(PARTICLES) {
                kept.add(t, weight);
            }
        });
        let q = if kept.terms.is_empty() { all } else { kept };
        (!q.terms.is_empty()).then_some(q)
    }

    fn add(&mut self, term: &str, weight: f64) {
        match self.terms.iter().position(|t| t == term) {
            Some(i) => self.weights[i] = self.weights[i].max(weight),
            None => {
                self.terms.push(term.to_owned());
                self.weights.push(weight);
            }
        }
    }

    /// The distinct terms, in the order they first appear in the request.
    pub fn terms(&self) -> Vec<&str> {
        self.terms.iter().map(String::as_str).collect()
    }
}
