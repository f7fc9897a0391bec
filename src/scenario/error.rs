use std::fmt;

/// What is wrong with a scenario or ruleset file, and where: `file, line L, column C: message`.
#[derive(Debug, Clone, PartialEq)]
pub struct ScenarioError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl ScenarioError {
    pub fn whole_file(file: &str, message: impl Into<String>) -> ScenarioError {
        ScenarioError { file: file.to_string(), line: None, column: None, message: message.into() }
    }

    /// An error at a byte offset of `source`, turned into the line and column an editor shows.
    pub fn at(file: &str, source: &str, offset: usize, message: impl Into<String>) -> ScenarioError {
        let (line, column) = line_column(source, offset);
        ScenarioError { file: file.to_string(), line: Some(line), column: Some(column), message: message.into() }
    }

    pub fn from_toml(file: &str, source: &str, err: &toml::de::Error) -> ScenarioError {
        let message = err.message().trim().to_string();
        match err.span() {
            Some(span) => ScenarioError::at(file, source, span.start, message),
            None => ScenarioError::whole_file(file, message),
        }
    }
}

fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let before = &source[..offset.min(source.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map(|l| l.chars().count()).unwrap_or(0) + 1;
    (line, column)
}

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "{}, line {line}, column {column}: {}", self.file, self.message),
            (Some(line), None) => write!(f, "{}, line {line}: {}", self.file, self.message),
            _ => write!(f, "{}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for ScenarioError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_become_one_based_lines_and_columns() {
        let src = "a = 1\nbb = 2\nccc = oops\n";
        assert_eq!(line_column(src, 0), (1, 1));
        assert_eq!(line_column(src, 6), (2, 1));
        assert_eq!(line_column(src, 19), (3, 7));
    }
}
