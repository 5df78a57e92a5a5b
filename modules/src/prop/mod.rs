//! Modules of the `prop` group.

pub mod categories;
pub mod categoryinfo;
pub mod contributors;
pub mod deletedrevisions;
pub mod duplicatefiles;
pub mod extlinks;
pub mod fileusage;
pub mod imageinfo;
pub mod images;
pub mod info;
pub mod iwlinks;
pub mod langlinks;
pub mod links;
pub mod linkshere;
pub mod pageprops;
pub mod redirects;
pub mod revisions;
pub mod stashimageinfo;
pub mod templates;
pub mod transcludedin;
