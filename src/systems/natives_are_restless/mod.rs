//! The Natives are Restless Tonight: a colonial siege driven by a deck of cards, with Sandtable as the
//! umpire. Each card is a turn: black activates the defenders, red the natives; a picture or an ace
//! brings the melees or the natives' reinforcement roll; the Ace of Spades sights and then brings the
//! relief column; a joker raises natives on every edge. The tables are data
//! (`scenarios/natives-are-restless/ruleset.toml`, read by `tables`); this module is the procedure.

mod actions;
mod arranging;
mod charge;
mod context;
mod deck;
mod dice_per_turn;
mod doors;
mod fall_back;
mod fields;
mod fire;
mod luck;
mod melee;
mod morale;
mod movement;
mod muster;
mod obstacles;
mod orders;
mod placing;
mod tables;
mod turn;
mod view;
mod winning;
mod words;

use std::sync::OnceLock;

pub use actions::NativesAction;
pub use fields::{ScenarioFields, SideFields, UnitFields};
pub use tables::{Army, Tables};
pub use turn::{Change, Left, Melee, MoraleDue, Pending, Relief, Stage, Turn};
pub use view::{Reserve, SiegeView};

use crate::dice::GameRng;
use crate::game::{Action, GameError, Outcome, Refusal};
use crate::odds::OddsView;
use crate::roster::Unit;
use crate::rules::{
    Act, BattleResult, Luck, Placement, Report, RuleSystem, Ruleset, Seat, Secrets, Setup, SetupCheck, Shipped, Weapon,
};
use context::{ACTIVATION, Ctx};

pub const ID: &str = "natives-are-restless";
const RULESET: &str = crate::ruleset!("natives-are-restless");

/// The ruleset's charts, read once, for the checks a scenario gets before any game has its charts.
fn charts() -> &'static Tables {
    static CHARTS: OnceLock<Tables> = OnceLock::new();
    CHARTS.get_or_init(|| {
        let file = "scenarios/natives-are-restless/ruleset.toml";
        let ruleset = Ruleset::parse(file, RULESET).unwrap_or_else(|e| panic!("{e}"));
        Tables::read(&ruleset.document, &ruleset.kind_ids()).unwrap_or_else(|e| panic!("{file}: {e}"))
    })
}

pub struct NativesAreRestless;

impl RuleSystem for NativesAreRestless {
    const ID: &'static str = ID;
    const LOG_TAG: &'static str = "natives_are_restless";
    const RULESET: &'static str = RULESET;
    const MARKERS: &'static [crate::rules::Marker] = &[];
    const SCENARIOS: &'static [Shipped] =
        crate::shipped!("natives-are-restless": "boxer-compound.toml", "chakdara-fort.toml");

    type Charts = Tables;
    type UnitFields = UnitFields;
    type SideFields = SideFields;
    type ScenarioFields = ScenarioFields;
    type Turn = Turn;
    type Change = Change;
    type Action = NativesAction;
    type View = SiegeView;

    fn read_charts(ruleset: &Ruleset) -> Result<Tables, String> {
        Tables::read(&ruleset.document, &ruleset.kind_ids())
    }

    fn check_setup(setup: &SetupCheck<'_, Self>) -> Result<(), (std::ops::Range<usize>, String)> {
        fields::check(setup, charts())
    }

    fn initial_turn(charts: &Tables, setup: &Setup<Self>) -> Turn {
        let siege = &setup.scenario.siege;
        let mut pool = std::collections::BTreeMap::new();
        for entry in &siege.natives {
            *pool.entry(entry.kind.get_ref().clone()).or_insert(0u32) += *entry.figures.get_ref();
        }
        Turn {
            rifle_ammunition: siege.rifle_ammunition.as_ref().map_or(charts.ammunition.rifle, |c| *c.get_ref()),
            gun_ammunition: siege.gun_ammunition.as_ref().map_or(charts.ammunition.gun, |c| *c.get_ref()),
            pool,
            edges_owed: vec![1, 2, 3, 4],
            stage: Stage::Muster,
            ..Turn::default()
        }
    }

    /// Everything in sight is in range: a weapon's reach, as a distance, is the longest line across a 4'
    /// table, and it is said as "in sight".
    fn weapon(charts: &Tables, kind: &str) -> Option<Weapon> {
        let profile = charts.profiles.get(kind)?;
        let name = match profile.class {
            tables::Class::Gun => "Gun",
            _ => "Firearms",
        };
        profile.fires.then(|| Weapon {
            name: name.to_string(),
            range: 68.0,
            bands: Vec::new(),
            blast: None,
            reach: Some("everything in sight".to_string()),
        })
    }

    fn apply(turn: &mut Turn, change: &Change) {
        turn.apply(change)
    }

    fn mentions(change: &Change) -> Vec<&str> {
        change.mentions()
    }

    /// A card begins each turn, and its own change sets what it brings.
    fn begin_turn(_turn: &mut Turn, _units: &mut [Unit], _number: u32) {}

    fn prepare(ctx: &Ctx, action: Act<'_, Self>, rng: &mut GameRng) -> Result<Option<Outcome>, GameError> {
        use NativesAction as Own;
        // Once the siege is over the table stays as it ended: only a note may still be added.
        if ctx.turn.winner.is_some() && !matches!(action, Act::Shared(Action::Note { .. })) {
            ctx.nothing_owed()?;
        }
        let outcome = match action {
            Act::Shared(Action::DrawCard { card }) => deck::draw(ctx, card.as_deref(), rng)?,
            Act::Shared(Action::NextTurn {}) => {
                return Err(Refusal::by_rule(
                    "the deck drives the siege: draw a card to begin the next turn",
                    ACTIVATION,
                )
                .into());
            }
            Act::Shared(Action::ShuffleDeck {}) => {
                return Err(Refusal::by_rule("only a joker reshuffles the siege's deck", ACTIVATION).into());
            }
            Act::Shared(Action::Move { unit, path, facing }) => movement::travel(ctx, unit, path, *facing)?,
            Act::Shared(Action::RollMove { unit, .. }) => {
                let unit = ctx.unit(unit)?;
                return Err(Refusal::by_rule(
                    format!("{} moves a fixed {}\": there is nothing to roll", unit.name, ctx.profile(unit).movement),
                    context::MOVEMENT,
                )
                .into());
            }
            Act::Shared(Action::RecordLosses { unit, count }) => return winning::losses_by_hand(ctx, unit, *count),
            Act::Shared(action @ (Action::PlaceFigure { .. } | Action::Arrange { .. })) => {
                return placing::by_hand(ctx, action);
            }
            Act::Shared(action @ Action::CorrectPosition { .. }) => return placing::corrected(ctx, action),
            Act::Shared(_) => return Ok(None),
            Act::Own(Own::Umpire { dice }) => muster::umpire(ctx, dice.as_deref(), rng)?,
            Act::Own(Own::Muster { dice }) => muster::muster(ctx, dice.as_deref(), rng)?,
            Act::Own(Own::Reinforce { dice }) => muster::reinforce(ctx, dice.as_deref(), rng)?,
            Act::Own(Own::Raise { kind }) => muster::raise(ctx, kind.as_deref())?,
            Act::Own(Own::Pass {}) => deck::pass(ctx)?,
            Act::Own(Own::Fire { unit, target, sight, dice }) => {
                fire::fire(ctx, &unit, &target, sight, dice.as_deref(), rng)?
            }
            Act::Own(Own::Charge { unit, target }) => charge::charge(ctx, &unit, &target)?,
            Act::Own(Own::Melee { unit, dice }) => melee::melee(ctx, &unit, dice.as_deref(), rng)?,
            Act::Own(Own::Morale { unit, dice }) => morale::morale(ctx, &unit, dice.as_deref(), rng)?,
            Act::Own(Own::TurnGun { unit, facing }) => orders::turn_gun(ctx, &unit, facing)?,
            Act::Own(Own::Climb { unit, level }) => movement::climb(ctx, &unit, &level)?,
            Act::Own(Own::Crew { unit, gun }) => orders::crew(ctx, &unit, &gun)?,
            Act::Own(Own::Rejoin { unit, squad }) => orders::rejoin(ctx, &unit, &squad)?,
            Act::Own(Own::Combine { unit, into }) => orders::combine(ctx, &unit, &into)?,
            Act::Own(Own::Withdraw { unit }) => orders::withdraw(ctx, &unit)?,
            Act::Own(Own::Special { unit, text }) => orders::special(ctx, &unit, &text)?,
        };
        Ok(Some(outcome))
    }

    fn odds(ctx: &Ctx, action: Act<'_, Self>) -> Result<Option<OddsView>, GameError> {
        use NativesAction as Own;
        let view = match action {
            Act::Own(Own::Fire { unit, target, sight, .. }) => fire::odds(ctx, &unit, &target, sight)?,
            Act::Own(Own::Melee { unit, .. }) => melee::odds(ctx, &unit)?,
            Act::Own(Own::Morale { unit, .. }) => morale::odds(ctx, &unit)?,
            Act::Own(Own::Reinforce { .. }) => muster::reinforce_odds(ctx)?,
            Act::Own(Own::Muster { .. }) => muster::muster_odds(ctx)?,
            Act::Own(Own::Umpire { .. }) => {
                OddsView::new("rifle counters the umpire removes", &muster::umpire_removes())
                    .with_dice(["1 D6".to_string()])
            }
            Act::Own(_) | Act::Shared(_) => return Ok(None),
        };
        Ok(Some(view))
    }

    fn placement(ctx: &Ctx, unit: &Unit) -> Result<Placement, GameError> {
        placing::placement(ctx, unit)
    }

    fn report(ctx: &Ctx) -> Report<SiegeView> {
        view::report(ctx)
    }

    fn keeps_secrets(ctx: &Ctx) -> bool {
        ctx.option(muster::UMPIRE_OPTION)
    }

    fn secrets(ctx: &Ctx, seat: &Seat, _key: u64) -> Secrets {
        view::secrets(ctx, seat)
    }

    fn hide(own: &mut SiegeView, ctx: &Ctx, seat: &Seat) {
        view::hide(own, ctx, seat)
    }

    fn luck(ctx: &Ctx, action: Act<'_, Self>, outcome: &Outcome) -> Vec<Luck> {
        luck::luck(ctx, action, outcome)
    }

    fn result(ctx: &Ctx) -> Option<BattleResult> {
        Some(winning::result(ctx))
    }

    fn dice_per_turn(ctx: &Ctx, unit: &Unit) -> Option<u32> {
        Some(dice_per_turn::dice_per_turn(ctx, unit))
    }
}
