//! The card language.
