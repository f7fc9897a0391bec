//! `sandtable scenario check`: shipped scenarios pass; broken ones are refused at the right line.
mod common;

use common::{Table, repo_root, stderr};

/// The scenario files of every system the app runs (a system still being built keeps its folder beside
/// them before it is registered).
fn shipped_scenario_files() -> Vec<String> {
    let mut files = Vec::new();
    for system in sandtable::rules::known_ids() {
        for f in std::fs::read_dir(repo_root().join("scenarios").join(system)).unwrap() {
            let p = f.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if name.ends_with(".toml") {
                files.push(p.to_string_lossy().into_owned());
            }
        }
    }
    files
}

#[test]
/// As the README has it: `scenario check scenarios/<system>/*.toml`, the folder's ruleset included.
fn every_shipped_scenario_and_ruleset_passes_the_check() {
    let t = Table::new();
    let files = shipped_scenario_files();
    assert!(!files.is_empty());
    let mut args = vec!["scenario", "check"];
    args.extend(files.iter().map(String::as_str));
    let out = t.ok(&args);
    assert_eq!(out.lines().filter(|l| l.starts_with("ok: ")).count(), files.len());
    let rulesets = out.lines().filter(|l| l.contains("(the one this build carries)")).count();
    assert_eq!(rulesets, files.iter().filter(|f| f.ends_with("ruleset.toml")).count(), "{out}");
}

#[test]
fn a_broken_scenario_names_file_and_line_and_exits_2() {
    let t = Table::new();
    let good = std::fs::read_to_string(repo_root().join("scenarios/sand-pebbles/legation-wall.toml")).unwrap();
    let mut lines: Vec<&str> = good.lines().collect();
    lines.insert(2, "this is = = not toml ][");
    let path = t.dir.path().join("broken.toml");
    std::fs::write(&path, lines.join("\n")).unwrap();
    let out = t.run(&["scenario", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("broken.toml, line 3"), "{err}");
}

#[test]
fn a_unit_of_an_unknown_side_is_refused_with_its_line() {
    let t = Table::new();
    let good = std::fs::read_to_string(repo_root().join("scenarios/sand-pebbles/legation-wall.toml")).unwrap();
    let bad = good.replacen("side = \"boxers\"", "side = \"boxres\"", 1);
    let line = bad.lines().position(|l| l.contains("boxres")).unwrap() + 1;
    let path = t.dir.path().join("typo.toml");
    std::fs::write(&path, bad).unwrap();
    let out = t.run(&["scenario", "check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(&format!("typo.toml, line {line}")), "{}", stderr(&out));
    assert!(stderr(&out).contains("no side \"boxres\""));
}

#[test]
fn a_missing_file_is_named() {
    let t = Table::new();
    let out = t.run(&["scenario", "check", "no/such/file.toml"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no/such/file.toml"));
}

/// `sandtable armies one-off` writes a battle from two of the text's lists that `game new` starts.
#[test]
fn a_one_off_battle_set_up_from_two_army_lists_starts_as_a_game() {
    let t = Table::new();
    let file = t.dir.path().join("one-off.toml");
    let file = file.to_str().unwrap();
    let dice = "4,2,3,5,2,6,6,1";
    t.ok(&["armies", "one-off", "zulu-war--british", "zulu-war--zulu", "--seed", "5", "--dice", dice, "--out", file]);
    let text = std::fs::read_to_string(file).unwrap();
    assert!(text.contains("# Commanders: British Army Exceptional (3), Zulu Army Poor (1)."), "{text}");
    t.ok(&["scenario", "check", file]);
    let id = t.ok(&["game", "new", file, "--seed", "1"]).lines().last().unwrap().trim().to_string();
    assert!(t.ok(&["game", "show", &id]).contains("One-off: British Army against Zulu Army"));
    let unknown = t.run(&["armies", "one-off", "zulu-war--british", "no-such-list"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(stderr(&unknown).contains("no army list \"no-such-list\""), "{}", stderr(&unknown));
}

/// The printed Boxer list is reported by the checker; the shipped, corrected one passes.
#[test]
fn the_army_checker_passes_the_corrected_lists() {
    let t = Table::new();
    let out = t.ok(&["armies", "check", "scenarios/when-empires-clash/armies/boxer-rebellion--boxer.toml"]);
    assert!(out.contains("ok: "), "{out}");
}

#[test]
fn an_army_list_among_the_scenarios_is_checked_as_an_army_list() {
    let t = Table::new();
    let out = t.ok(&["scenario", "check", "scenarios/when-empires-clash/armies/zulu-war--zulu.toml"]);
    assert!(out.contains("army list Zulu Army"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("zulu.toml");
    let list =
        std::fs::read_to_string(repo_root().join("scenarios/when-empires-clash/armies/zulu-war--zulu.toml")).unwrap();
    std::fs::write(&broken, list.replacen("count = 15", "count = 40", 1)).unwrap();
    let out = t.run(&["scenario", "check", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("breaks") || stderr(&out).contains("line"), "{}", stderr(&out));
}
