use serde::{Deserialize, Serialize};

use super::ApiError;
use crate::game::Game;
use crate::measure::{Pt, within_radius};
use crate::roster::Role;
use crate::rules::Secrets;

/// Every figure, of either side, under a circular template (a blast, a burst, an area of effect).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct TemplateView {
    pub center: Pt,
    /// Inches.
    pub radius: f64,
    pub figures: Vec<FigureUnder>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct FigureUnder {
    pub unit: String,
    pub unit_name: String,
    pub side: String,
    pub figure: u32,
    pub role: Role,
    pub pos: Pt,
}

impl TemplateView {
    /// A figure whose centre is on the template's edge counts as under it. As a seat with `secrets` may know
    /// it: a hidden counter is one chit at its leader's place, so no template counts its figures.
    pub fn place(game: &Game, center: Pt, radius: f64, secrets: &Secrets) -> Result<TemplateView, ApiError> {
        if !(radius.is_finite() && radius > 0.0 && center.x.is_finite() && center.y.is_finite()) {
            return Err(ApiError::bad_input("a template needs a centre in inches and a radius above 0"));
        }
        fn shown<'u>(u: &'u crate::roster::Unit, secrets: &Secrets) -> Vec<&'u crate::roster::Figure> {
            match secrets.counter(&u.id) {
                Some(_) => u.anchor_figure().into_iter().collect(),
                None => u.alive().collect(),
            }
        }
        let alive: Vec<(&crate::roster::Unit, &crate::roster::Figure)> =
            game.state().units.iter().flat_map(|u| shown(u, secrets).into_iter().map(move |f| (u, f))).collect();
        let points: Vec<Pt> = alive.iter().map(|(_, f)| f.pos).collect();
        let figures = within_radius(center, radius, &points)
            .into_iter()
            .map(|i| {
                let (unit, figure) = alive[i];
                match secrets.counter(&unit.id) {
                    Some(chit) => FigureUnder {
                        unit: chit.alias.clone(),
                        unit_name: chit.label.clone(),
                        side: unit.side.clone(),
                        figure: 0,
                        role: Role::Leader,
                        pos: figure.pos,
                    },
                    None => FigureUnder {
                        unit: unit.id.clone(),
                        unit_name: unit.name.clone(),
                        side: unit.side.clone(),
                        figure: figure.id,
                        role: figure.role,
                        pos: figure.pos,
                    },
                }
            })
            .collect();
        Ok(TemplateView { center, radius, figures })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::scenario::find_shipped;

    fn game() -> Game {
        Game::new(Arc::new(find_shipped("legation-wall").unwrap().load().unwrap()), 1)
    }

    #[test]
    fn figures_on_the_edge_are_under_the_template() {
        // The marines stand 1" apart along the wall, y = 14.75, with their leader at x = 24.
        let t = TemplateView::place(&game(), Pt { x: 24.0, y: 14.75 }, 1.0, &Secrets::default()).unwrap();
        let mut xs: Vec<f64> = t.figures.iter().map(|f| f.pos.x).collect();
        xs.sort_by(f64::total_cmp);
        assert_eq!(xs, vec![23.0, 24.0, 25.0]);
        assert!(t.figures.iter().all(|f| f.unit == "us-marines"));
    }

    #[test]
    fn a_template_counts_every_figure_under_it() {
        // A 3" blast on the gun boat (10, 44) catches the boat and the three Gardner crew aboard.
        let t = TemplateView::place(&game(), Pt { x: 11.0, y: 44.0 }, 3.0, &Secrets::default()).unwrap();
        assert_eq!(t.figures.len(), 4);
        assert!(t.figures.iter().all(|f| f.side == "allies"));
    }

    #[test]
    fn a_zero_radius_is_refused() {
        assert!(TemplateView::place(&game(), Pt { x: 1.0, y: 1.0 }, 0.0, &Secrets::default()).is_err());
    }
}
