//! Code generation from the checked model.

pub mod examples;
pub mod fields;
pub mod group;
pub mod module;
pub mod values;
