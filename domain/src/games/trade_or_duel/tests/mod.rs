//! Tests of Trade or Duel: the rules' worked examples, option checks, and properties.

mod creation;
mod e08_illegal;
mod examples;
mod examples_more;
mod hiding;
mod properties;
mod published;
mod support;
