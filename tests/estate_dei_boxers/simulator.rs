use sandtable::systems::estate_dei_boxers::siege::Siege;
use sandtable::systems::estate_dei_boxers::sim;
use sandtable::systems::estate_dei_boxers::strategy::Strategy;

use crate::common::Fixture;

#[test]
fn a_seeded_simulation_is_reproducible() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let start = Siege::new(&rules);
    for strategy in Strategy::ALL {
        let a = serde_json::to_string(&sim::run(&rules, &start, &sim::full_deck(), strategy, 50, 7)).unwrap();
        let b = serde_json::to_string(&sim::run(&rules, &start, &sim::full_deck(), strategy, 50, 7)).unwrap();
        assert_eq!(a, b, "{strategy:?}");
        let c = serde_json::to_string(&sim::run(&rules, &start, &sim::full_deck(), strategy, 50, 8)).unwrap();
        assert_ne!(a, c, "another seed plays other games");
    }
}

#[test]
fn every_simulated_siege_ends_with_the_relief_or_an_overrun() {
    let f = Fixture::shipped();
    let rules = f.rules();
    let start = Siege::new(&rules);
    let mut days = 0u64;
    for n in 0..40 {
        let r = sim::play(&rules, &start, &sim::full_deck(), Strategy::HoldMajorLegations, sim::game_seed(3, n));
        days += r.overrun_on.unwrap_or(54) as u64;
    }
    assert!(days > 0);
}

/// `cargo test --test estate_dei_boxers -- --ignored --nocapture told`: one whole siege, told.
#[test]
#[ignore]
fn a_told_siege() {
    use sandtable::systems::estate_dei_boxers::siege::Stage;
    use sandtable::systems::estate_dei_boxers::strategy::{Adviser, FastRng};
    let f = Fixture::shipped();
    let rules = f.rules();
    let mut siege = Siege::new(&rules);
    siege.begin();
    let mut io = crate::common::Told { rng: FastRng::new(11), lines: Vec::new() };
    let mut adviser = Adviser { strategy: Strategy::HoldMajorLegations, rng: FastRng::new(5) };
    let mut deck: Vec<u8> = (0..54).collect();
    let mut r = FastRng::new(99);
    for i in (1..54).rev() {
        deck.swap(i, r.below(i + 1));
    }
    for n in deck {
        if siege.stage != Stage::Draw {
            break;
        }
        siege.draw(&mut io, sim::card(n));
        siege.run(&rules, &mut io, &mut adviser, false);
    }
    println!("{}", io.lines.join("\n"));
}

#[test]
#[ignore]
fn sequences_per_siege() {
    use sandtable::systems::estate_dei_boxers::siege::Stage;
    use sandtable::systems::estate_dei_boxers::strategy::{Adviser, FastRng};
    let f = Fixture::shipped();
    let rules = f.rules();
    let (mut total, mut days, mut max, mut long) = (0u64, 0u64, 0u16, 0u32);
    for g in 0..200u64 {
        let mut siege = Siege::new(&rules);
        siege.begin();
        let mut io = sandtable::systems::estate_dei_boxers::sim::Quiet(FastRng::new(g));
        let mut adviser = Adviser { strategy: Strategy::HoldMajorLegations, rng: FastRng::new(g + 1) };
        let mut r = FastRng::new(g + 2);
        let mut deck: Vec<u8> = (0..54).collect();
        for i in (1..54).rev() {
            deck.swap(i, r.below(i + 1));
        }
        for n in deck {
            if siege.stage != Stage::Draw {
                break;
            }
            siege.draw(&mut io, sim::card(n));
            siege.run(&rules, &mut io, &mut adviser, false);
            total += siege.today.sequences as u64;
            if siege.today.sequences >= 60 && g < 3 {
                println!("stalled: game {g} day {}", siege.tracks.day);
            }
            if siege.today.sequences >= 30 {
                long += 1;
            }
            max = max.max(siege.today.sequences);
            days += 1;
        }
    }
    println!("sequences per siege {:.1}, days {days}, longest day {max}, days of 30+ {long}", total as f64 / 200.0);
}
