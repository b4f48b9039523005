//! The review's summary in words: each player's marks and average loss of
//! winning chance per move, in forms from a sentence down to what fits
//! under a narrow chart.

use crate::ai::review::summary;
use crate::app::review::state::GameReview;
use crate::core::{Game, Player};

impl GameReview {
    /// Each player's marks and average loss of winning chance per move in
    /// `game`, in points, in the `form` asked; `names`: the players'.
    pub(in crate::app) fn summary_text(
        &self,
        game: &Game,
        names: [&str; 2],
        form: SummaryForm,
    ) -> String {
        let judged = self.judged(game);
        let part = |player: Player| {
            let s = summary(judged, player);
            let marks = [
                (s.inaccuracies, "?!"),
                (s.mistakes, "?"),
                (s.blunders, "??"),
            ]
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, mark)| format!("{n}{mark}"))
            .collect::<Vec<_>>()
            .join(" ");
            // A loss that rounds to nothing reads 0, not -0.0.
            let loss = if s.average_loss < 0.05 {
                "0".to_string()
            } else {
                format!("-{:.1}", s.average_loss)
            };
            let name = names[player.index()];
            match form {
                SummaryForm::Sentence if marks.is_empty() => {
                    format!("{name} no mistake, loss {:.1}", s.average_loss)
                }
                SummaryForm::Sentence => format!("{name} {marks}, loss {:.1}", s.average_loss),
                SummaryForm::Chart if !marks.is_empty() => format!("{name} {marks} {loss}"),
                SummaryForm::Chart | SummaryForm::Losses => format!("{name} {loss}"),
                SummaryForm::Colours => format!("{} {loss}", game.color_of(player).name()),
            }
        };
        let between = if form == SummaryForm::Sentence {
            "; "
        } else {
            " · "
        };
        format!("{}{between}{}", part(Player::One), part(Player::Two))
    }
}

/// The forms of the review's summary, longest first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::app) enum SummaryForm {
    /// `Ann 1??, loss 33.3; Bob no mistake, loss 0.0`, for the status line.
    Sentence,
    /// `Ann 1?? -33.3 · Bob 0`, under the chart.
    Chart,
    /// `Ann -33.3 · Bob 0`, under a chart too narrow for the marks.
    Losses,
    /// `Black -33.3 · White 0`, for names too long even for that.
    Colours,
}
