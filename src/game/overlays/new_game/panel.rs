//! The chooser's panel, built anew from the choice each time it changes: families and
//! patiences, the rule sets, the kinds of deal and levels, and the buttons that deal.

use super::*;

#[allow(clippy::too_many_arguments)]
pub(super) fn spawn(
    mut commands: Commands,
    fonts: Res<Fonts>,
    choice: Res<Choice>,
    patiences: Res<Patiences>,
    session: Res<Session>,
    table: Res<Table>,
    ui_scale: Res<UiScale>,
    style: Res<DeckStyle>,
    mut images: ResMut<Assets<Image>>,
) {
    let f = &*fonts;
    let Some(patience) = patiences.by_name(&choice.patience) else {
        return;
    };
    let mut sets = patience.rule_sets();
    // A rule set of the player's own, in play: offered too.
    let in_play = session.game.rule_set();
    if session.game.patience().name() == patience.name()
        && !sets.iter().any(|r| r.name == in_play.name)
    {
        sets.push(in_play);
    }
    let description = sets
        .iter()
        .find(|r| r.name.eq_ignore_ascii_case(&choice.rules))
        .map(|r| r.description.clone())
        .unwrap_or_default();
    // Deal 1 of the patience under the rule set chosen, as its own layout lays it out.
    let (w, h) = miniature::LAID_OUT_AT;
    let layout = patience.layout(w, h, 1.0);
    let picture = patience
        .new_game(&choice.rules, DealNumber::new(1).expect("deal 1"))
        .ok()
        .map(|game| {
            let image = miniature::paint(
                game.as_ref(),
                &layout,
                PICTURE_WIDTH,
                // A texel to each of the screen's pixels, as the panel is scaled.
                table.scale_factor * ui_scale.0,
                *style,
            );
            (images.add(image), miniature::size(&layout, PICTURE_WIDTH))
        });
    panel(
        &mut commands,
        DespawnOnExit(Overlay::NewGame),
        Action::CloseOverlay,
        "New game",
        f,
        |p| {
            let row =
                |p: &mut ChildSpawnerCommands, label: &str, options: Vec<(String, Pick, bool)>| {
                    crate::game::overlays::choice_row(p, f, label, 90.0, options);
                };
            // The families, as PySolFC's menu groups its games, then the chosen one's games.
            let family = patience.family();
            let mut families: Vec<&str> = Vec::new();
            for g in &patiences.0 {
                if !families.contains(&g.family()) {
                    families.push(g.family());
                }
            }
            let kinds_of_game = families
                .iter()
                .map(|&k| (k.to_string(), Pick::Family(k.to_string()), k == family))
                .collect();
            row(p, "Family", kinds_of_game);
            let finding = !choice.find.is_empty();
            let games: Vec<_> = patiences
                .0
                .iter()
                .filter(|g| {
                    if finding {
                        found(**g, &choice.find)
                    } else {
                        g.family() == family
                    }
                })
                .map(|g| {
                    let on = g.name() == choice.patience;
                    (
                        g.title().to_string(),
                        Pick::Patience(g.name().to_string()),
                        on,
                    )
                })
                .collect();
            let find = if !finding {
                "Type a name to find a patience.".to_string()
            } else if games.is_empty() {
                format!("Find: {}  (no patience is called that)", choice.find)
            } else {
                format!("Find: {}", choice.find)
            };
            p.spawn((text(f, find, 14.0), FindText));
            row(p, if finding { "Found" } else { "Game" }, games);
            // The chosen patience's table beside what it is.
            p.spawn(Node {
                column_gap: Val::Px(14.0),
                align_items: AlignItems::Center,
                flex_shrink: 0.0,
                ..default()
            })
            .with_children(|r| {
                if let Some((image, size)) = picture.clone() {
                    r.spawn((
                        ImageNode::new(image),
                        Node {
                            width: Val::Px(size.x),
                            height: Val::Px(size.y),
                            flex_shrink: 0.0,
                            border_radius: BorderRadius::all(Val::Px(6.0)),
                            ..default()
                        },
                        TablePicture,
                        Pickable::IGNORE,
                    ));
                }
                r.spawn((
                    text(f, patience.summary(), 14.0),
                    Node {
                        max_width: Val::Px(380.0),
                        ..default()
                    },
                ));
            });
            let rules = sets
                .iter()
                .map(|r| {
                    let on = r.name.eq_ignore_ascii_case(&choice.rules);
                    (r.title.clone(), Pick::Rules(r.name.clone()), on)
                })
                .collect();
            row(p, "Rules", rules);
            // A file's one rule set says what its summary says: once is enough.
            if description != patience.summary() {
                p.spawn(text(f, description, 14.0));
            }
            let mut kinds = vec![
                (
                    "Any".to_string(),
                    Pick::Want(Want::Any),
                    choice.want == Some(Want::Any),
                ),
                (
                    "Winnable".to_string(),
                    Pick::Want(Want::Winnable),
                    choice.want == Some(Want::Winnable),
                ),
            ];
            // Levels and daily deals where the rule set's levels are measured.
            let measured = crate::patience::difficulty::measured(patience, &choice.rules);
            for level in Level::ALL.into_iter().filter(|_| measured) {
                let on = choice.want == Some(Want::Level(level));
                kinds.push((
                    level.title().to_string(),
                    Pick::Want(Want::Level(level)),
                    on,
                ));
            }
            row(p, "Deals", kinds);
            if measured {
                p.spawn(text(
                    f,
                    "Levels: how far a simple player gets with the deal; every level is winnable.",
                    13.0,
                ));
                p.spawn(button_row(children![
                    button(f, "Deal", Pick::Deal),
                    button(f, "Today's deal", Pick::Today),
                    button(f, "Deal number…", Pick::Number),
                    button(f, "Calendar", Pick::Calendar),
                    button(f, "Cancel", Action::CloseOverlay)
                ]));
            } else {
                p.spawn(text(
                    f,
                    "Levels and daily deals come to these rules once their deals are measured.",
                    13.0,
                ));
                p.spawn(button_row(children![
                    button(f, "Deal", Pick::Deal),
                    button(f, "Deal number…", Pick::Number),
                    button(f, "Cancel", Action::CloseOverlay)
                ]));
            }
        },
    );
}
