//! The README's `weburl` examples are real: every `cargo run ... -p weburl-cli -- ARGS` line
//! of a ```sh block that is followed directly by a ```text block must print exactly that text.

use std::process::Command;

/// Splits a shell command line: whitespace-separated words, with "double" and 'single'
/// quotes (no escapes inside single quotes; `\"` and `\\` inside double quotes).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                in_word = true;
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => word.extend(chars.next()),
                        c => word.push(c),
                    }
                }
            }
            '\'' => {
                in_word = true;
                word.extend(chars.by_ref().take_while(|&c| c != '\''));
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

#[test]
fn shell_words_split() {
    assert_eq!(shell_words(r#"a "b c" 'd e' f\g "h\"i""#), ["a", "b c", "d e", "f\\g", "h\"i"]);
}

/// Checks every command-and-output pair of `readme`: the number checked, or the first
/// mismatch.
fn check_readme(readme: &str) -> Result<usize, String> {
    let lines: Vec<&str> = readme.lines().collect();
    let closing = |from: usize| {
        lines
            .get(from..)
            .and_then(|rest| rest.iter().position(|l| l.trim() == "```"))
            .map(|p| from + p)
    };
    let mut checked = 0;
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim() != "```sh" {
            i += 1;
            continue;
        }
        let start = i + 1;
        let end = closing(start).ok_or("unclosed ```sh block")?;
        i = end + 1;
        // The output block must follow the command block directly.
        if lines.get(i).map(|l| l.trim()) != Some("```text") {
            continue;
        }
        let out_start = i + 1;
        let out_end = closing(out_start).ok_or("unclosed ```text block")?;
        let expected: String = lines[out_start..out_end].iter().map(|l| format!("{l}\n")).collect();
        let command = lines[start..end]
            .iter()
            .find_map(|l| l.split_once("-p weburl-cli -- ").map(|(_, args)| args))
            .ok_or("the ```sh block before a ```text block does not run weburl-cli")?;
        let output = Command::new(env!("CARGO_BIN_EXE_weburl"))
            .args(shell_words(command))
            .output()
            .map_err(|err| err.to_string())?;
        let actual = String::from_utf8_lossy(&output.stdout);
        // The README shows each line right-trimmed.
        let actual: String = actual.lines().map(|l| format!("{}\n", l.trim_end())).collect();
        if actual != expected {
            return Err(format!("`weburl {command}` prints\n{actual}\nnot\n{expected}"));
        }
        checked += 1;
        i = out_end + 1;
    }
    Ok(checked)
}

#[test]
fn check_readme_compares_outputs() {
    let good = "```sh\ncargo run -p weburl-cli -- set https://a.example/ port 81\n```\n```text\nhttps://a.example:81/\n```\n";
    assert_eq!(check_readme(good), Ok(1));
    let bad = good.replace(":81/", ":82/");
    assert!(check_readme(&bad).is_err());
    // A command block without an output block is not checked.
    assert_eq!(check_readme("```sh\ncargo test --workspace\n```\n"), Ok(0));
}

#[test]
fn readme_cli_examples_print_what_the_readme_shows() {
    let path = weburl_test_support::workspace_root().join("README.md");
    let readme = std::fs::read_to_string(&path).expect("README.md exists");
    // The first screen shows the main command.
    assert!(readme.contains("-p weburl-cli -- parse "), "README.md lost its main command");
    let checked = check_readme(&readme).unwrap_or_else(|err| panic!("README.md: {err}"));
    println!("README weburl examples: {checked} passed, 0 failed");
    // The main command, `check --rfc3986` and `set` each show their output.
    assert!(checked >= 3, "only {checked} README examples have an output block");
}
