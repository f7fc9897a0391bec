use super::Failure;
use super::args::RollArgs;
use crate::dice::{DiceExpr, GameRng};

pub fn run(args: RollArgs) -> Result<(), Failure> {
    let expr = DiceExpr::parse(&args.expr).map_err(|e| Failure::bad_input(e.to_string()))?;
    let seed = args.seed.unwrap_or_else(rand::random);
    let roll = expr
        .roll_or_typed(args.dice.as_deref(), &mut GameRng::for_event(seed, 0))
        .map_err(|e| Failure::bad_input(e.to_string()))?;
    if args.json {
        let out = serde_json::json!({
            "expr": roll.expr,
            "faces": roll.faces,
            "total": roll.total,
            "typed": roll.typed,
            "seed": if roll.typed { None } else { Some(seed.to_string()) },
        });
        println!("{out}");
    } else {
        println!("{roll}");
    }
    Ok(())
}
