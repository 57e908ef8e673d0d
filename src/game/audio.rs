//! Sound: short, soft effects synthesised at start-up (no audio files), played through
//! bevy_kira_audio. Without a sound device kira logs one warning and the game stays silent.

use super::messages::{GameChanged, Lifted, Refused, Step};
use super::session::files::Settings;
use crate::patience::Status;
use bevy::prelude::*;
use bevy_kira_audio::prelude::*;
use std::sync::Arc;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_sounds)
        .add_systems(Update, play.in_set(Step::Present));
}

/// Whether this machine has a sound device at all. On Linux, without `/dev/snd` there is none
/// and ALSA would only print errors; elsewhere, assume there is one (kira copes either way).
pub fn sound_device_present() -> bool {
    if cfg!(target_os = "linux") {
        std::fs::read_dir("/dev/snd").is_ok_and(|mut d| {
            d.any(|e| e.is_ok_and(|e| e.file_name().to_string_lossy().starts_with("pcm")))
        })
    } else {
        true
    }
}

/// The synthesised effects.
#[derive(Resource)]
pub struct Sounds {
    pick: Handle<AudioSource>,
    place: Handle<AudioSource>,
    turn: Handle<AudioSource>,
    redeal: Handle<AudioSource>,
    illegal: Handle<AudioSource>,
    foundation: Handle<AudioSource>,
    win: Handle<AudioSource>,
}

const RATE: u32 = 44_100;

/// A tiny deterministic noise source (no need for real randomness in a card's rustle).
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (self.0 >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0
    }
}

fn samples(seconds: f32, f: impl FnMut(f32) -> f32) -> Vec<f32> {
    (0..(seconds * RATE as f32) as usize)
        .map(|i| i as f32 / RATE as f32)
        .map(f)
        .collect()
}

/// A card's rustle: noise through a low-pass filter that opens and closes.
fn rustle(seconds: f32, brightness: f32, gain: f32, seed: u32) -> Vec<f32> {
    let mut noise = Noise(seed);
    let mut low = 0.0;
    samples(seconds, |t| {
        let x = t / seconds;
        let cutoff = brightness * (1.0 - x) * x * 4.0;
        low += (noise.next() - low) * cutoff.clamp(0.01, 0.9);
        low * gain * (1.0 - x).powi(2)
    })
}

/// A soft bell: a few partials with an exponential decay.
fn bell(freq: f32, seconds: f32, gain: f32) -> Vec<f32> {
    samples(seconds, |t| {
        let env = (-t * 7.0).exp() * (t * 400.0).min(1.0);
        let tau = std::f32::consts::TAU;
        gain * env
            * ((tau * freq * t).sin()
                + 0.35 * (tau * 2.0 * freq * t).sin()
                + 0.12 * (tau * 3.01 * freq * t).sin())
    })
}

fn mix_at(into: &mut Vec<f32>, sound: &[f32], at: f32) {
    let start = (at * RATE as f32) as usize;
    if into.len() < start + sound.len() {
        into.resize(start + sound.len(), 0.0);
    }
    for (i, s) in sound.iter().enumerate() {
        into[start + i] += s;
    }
}

pub fn synthesise() -> [Vec<f32>; 7] {
    let pick = rustle(0.045, 0.5, 0.35, 7);
    let mut place = rustle(0.06, 0.35, 0.35, 11);
    let thump = samples(0.08, |t| {
        0.3 * (-t * 45.0).exp() * (std::f32::consts::TAU * 150.0 * t).sin()
    });
    mix_at(&mut place, &thump, 0.0);
    let turn = rustle(0.08, 0.7, 0.3, 23);
    let mut redeal = Vec::new();
    for k in 0..7 {
        mix_at(
            &mut redeal,
            &rustle(0.07, 0.6, 0.22, 31 + k),
            k as f32 * 0.035,
        );
    }
    let mut illegal = samples(0.09, |t| {
        0.18 * (1.0 - t / 0.09) * (std::f32::consts::TAU * 233.0 * t).sin()
    });
    let low = samples(0.11, |t| {
        0.18 * (1.0 - t / 0.11) * (std::f32::consts::TAU * 196.0 * t).sin()
    });
    mix_at(&mut illegal, &low, 0.1);
    let foundation = bell(1046.5, 0.35, 0.18);
    let mut win = Vec::new();
    for (k, f) in [523.25, 659.25, 783.99, 1046.5].into_iter().enumerate() {
        mix_at(
            &mut win,
            &bell(f, if k == 3 { 0.9 } else { 0.4 }, 0.17),
            k as f32 * 0.13,
        );
    }
    [pick, place, turn, redeal, illegal, foundation, win]
}

fn source(samples: Vec<f32>) -> AudioSource {
    let frames: Arc<[Frame]> = samples
        .into_iter()
        .map(|s| Frame::from_mono(s.clamp(-1.0, 1.0)))
        .collect();
    AudioSource {
        sound: StaticSoundData {
            sample_rate: RATE,
            frames,
            settings: StaticSoundSettings::default(),
            slice: None,
        },
    }
}

fn make_sounds(mut commands: Commands, sources: Option<ResMut<Assets<AudioSource>>>) {
    let Some(mut sources) = sources else { return };
    let [pick, place, turn, redeal, illegal, foundation, win] =
        synthesise().map(|s| sources.add(source(s)));
    commands.insert_resource(Sounds {
        pick,
        place,
        turn,
        redeal,
        illegal,
        foundation,
        win,
    });
}

#[allow(clippy::too_many_arguments)]
fn play(
    audio: Option<Res<Audio>>,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    session: Res<super::session::Session>,
    mut changes: MessageReader<GameChanged>,
    mut refusals: MessageReader<Refused>,
    mut lifted: MessageReader<Lifted>,
) {
    let (Some(audio), Some(sounds)) = (audio, sounds) else {
        changes.clear();
        refusals.clear();
        lifted.clear();
        return;
    };
    let pick = |h: &Handle<AudioSource>| {
        if settings.sound && settings.volume > 0.0 {
            let db = 20.0 * settings.volume.clamp(0.001, 1.0).log10();
            audio.play(h.clone()).with_volume(db);
        }
    };
    for _ in lifted.read() {
        pick(&sounds.pick);
    }
    let refused = refusals.read().count() > 0;
    for change in changes.read() {
        match change {
            GameChanged::Played(m)
            | GameChanged::Auto(m)
            | GameChanged::Redone(m)
            | GameChanged::Undone(m) => {
                if m.is_redeal() {
                    pick(&sounds.redeal)
                } else if m.is_turn() {
                    pick(&sounds.turn)
                } else if m.to_foundation()
                    && matches!(change, GameChanged::Played(_) | GameChanged::Auto(_))
                {
                    pick(&sounds.foundation)
                } else {
                    pick(&sounds.place)
                }
            }
            GameChanged::Dealt => pick(&sounds.redeal),
            GameChanged::Nothing => {}
        }
        if matches!(change, GameChanged::Played(_) | GameChanged::Auto(_))
            && session.game.status() == Status::Won
        {
            pick(&sounds.win);
        }
    }
    if refused {
        pick(&sounds.illegal);
    }
}
