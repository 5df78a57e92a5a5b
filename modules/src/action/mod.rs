//! Action modules (`action=`).
pub mod checktoken;
pub mod clientlogin;
pub mod compare;
pub mod expandtemplates;
pub mod feedcontributions;
pub mod feedrecentchanges;
pub mod feedwatchlist;
pub mod help;
pub mod login;
pub mod logout;
pub mod opensearch;
pub mod paraminfo;
pub mod parse;
pub mod rsd;
