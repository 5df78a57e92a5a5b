//! Modules of the `meta` group.

pub mod allmessages;
pub mod authmanagerinfo;
pub mod filerepoinfo;
pub mod languageinfo;
pub mod siteinfo;
pub mod tokens;
pub mod userinfo;
