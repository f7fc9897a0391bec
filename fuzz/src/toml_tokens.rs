//! A rough TOML lexer, just good enough to mutate a scenario by its tokens (this number, that string,
//! this array) instead of its bytes, so that most mutants still parse and reach the checks behind the
//! parser. Joining the tokens gives the text back exactly.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Number,
    Str,
    /// A bare key, or `true`, `false`, `nan`, `inf`.
    Bare,
    Punct,
    Newline,
    Space,
    Comment,
}

#[derive(Debug, Clone)]
pub struct Token {
    pub kind: Kind,
    pub text: String,
}

pub fn lex(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        let c = chars[i];
        let kind = match c {
            '\n' => {
                i += 1;
                Kind::Newline
            }
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                Kind::Comment
            }
            '"' | '\'' => {
                i += 1;
                while i < chars.len() && chars[i] != c && chars[i] != '\n' {
                    i += if chars[i] == '\\' && c == '"' { 2 } else { 1 };
                }
                i = (i + 1).min(chars.len());
                Kind::Str
            }
            c if c.is_ascii_digit()
                || ((c == '-' || c == '+') && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit())) =>
            {
                i += 1;
                while i < chars.len() && (chars[i].is_ascii_alphanumeric() || "_.+-:".contains(chars[i])) {
                    i += 1;
                }
                Kind::Number
            }
            c if c.is_alphabetic() || c == '_' => {
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == '-') {
                    i += 1;
                }
                Kind::Bare
            }
            c if c.is_whitespace() => {
                while i < chars.len() && chars[i].is_whitespace() && chars[i] != '\n' {
                    i += 1;
                }
                Kind::Space
            }
            _ => {
                i += 1;
                Kind::Punct
            }
        };
        tokens.push(Token { kind, text: chars[start..i.min(chars.len())].iter().collect() });
    }
    tokens
}

pub fn join(tokens: &[Token]) -> String {
    tokens.iter().map(|t| t.text.as_str()).collect()
}

/// The index of the `]` that closes the `[` at `open`, if it closes on the same line or a later one.
pub fn closing(tokens: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, token) in tokens.iter().enumerate().skip(open) {
        match (token.kind, token.text.as_str()) {
            (Kind::Punct, "[") => depth += 1,
            (Kind::Punct, "]") => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// For each token, whether it is a `[` that opens a value (after `=`, `,` or a `[` that opens one), not
/// a table header. One pass, since a mutant may nest brackets a hundred thousand deep.
pub fn value_brackets(tokens: &[Token]) -> Vec<bool> {
    let mut opens = vec![false; tokens.len()];
    let mut before: Option<usize> = None;
    for (i, token) in tokens.iter().enumerate() {
        if (token.kind, token.text.as_str()) == (Kind::Punct, "[") {
            opens[i] = match before.map(|b| (b, tokens[b].kind, tokens[b].text.as_str())) {
                Some((_, Kind::Punct, "=" | ",")) => true,
                // `[[` opens a nested array after `=`, and an array-of-tables header at a line's start.
                Some((b, Kind::Punct, "[")) => opens[b],
                _ => false,
            };
        }
        if token.kind != Kind::Space {
            before = Some(i);
        }
    }
    opens
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexing_keeps_every_character_and_finds_numbers_strings_and_arrays() {
        let text = "# c\n[scenario]\nat = [24, -1.5e3] # x\nname = \"a \\\" b\"\nok = true\n";
        let tokens = lex(text);
        assert_eq!(join(&tokens), text);
        let numbers: Vec<&str> = tokens.iter().filter(|t| t.kind == Kind::Number).map(|t| t.text.as_str()).collect();
        assert_eq!(numbers, ["24", "-1.5e3"]);
        assert!(tokens.iter().any(|t| t.kind == Kind::Str && t.text == "\"a \\\" b\""));
        let opens = value_brackets(&tokens);
        let open = tokens.iter().position(|t| t.text == "[").unwrap();
        assert!(!opens[open], "the header's bracket opens no value");
        let value = tokens.iter().rposition(|t| t.text == "[").unwrap();
        assert!(opens[value]);
        let units = lex("[[units]]\npolygon = [[0, 1]]\n");
        let opens = value_brackets(&units);
        let brackets: Vec<bool> = (0..units.len()).filter(|&i| units[i].text == "[").map(|i| opens[i]).collect();
        assert_eq!(brackets, [false, false, true, true]);
        assert_eq!(tokens[closing(&tokens, value).unwrap()].text, "]");
    }
}
