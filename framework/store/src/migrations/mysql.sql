-- wikiquery schema for MariaDB/MySQL databases that wikiquery creates itself.
--
-- Table, column and index names follow MediaWiki 1.39's core schema. Tables use the binary
-- character set, so VARBINARY/BLOB columns compare and sort bytewise like SQLite and the
-- "C" collation on PostgreSQL. Deliberate differences from MediaWiki's own MySQL types:
-- ids and counters are signed BIGINT (exactly i64, and no "BIGINT UNSIGNED value is out
-- of range" errors in subtractions); timestamps are VARBINARY(14) (BINARY pads shorter
-- values such as "infinity" with NUL bytes); enum columns are VARBINARY so that sorting
-- by them is alphabetical on every backend. Diesel reads MediaWiki's own INT UNSIGNED,
-- TINYINT, BINARY(14) and BLOB columns with the same schema.rs types.
--
-- Each "-- wikiquery migration N" line opens version N. DDL is not transactional here,
-- so statements are idempotent (IF NOT EXISTS) and indexes are declared inside CREATE
-- TABLE; add new versions at the end.

-- wikiquery migration 1: MediaWiki 1.39 core tables
CREATE TABLE IF NOT EXISTS `wikiquery_schema` (
  version INT NOT NULL PRIMARY KEY,
  applied_at VARBINARY(14) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `page` (
  page_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  page_namespace INT NOT NULL,
  page_title VARBINARY(255) NOT NULL,
  page_is_redirect TINYINT UNSIGNED NOT NULL DEFAULT 0,
  page_is_new TINYINT UNSIGNED NOT NULL DEFAULT 0,
  page_random DOUBLE NOT NULL,
  page_touched VARBINARY(14) NOT NULL,
  page_links_updated VARBINARY(14),
  page_latest BIGINT NOT NULL,
  page_len BIGINT NOT NULL,
  page_content_model VARBINARY(32),
  page_lang VARBINARY(35),
  UNIQUE KEY page_name_title (page_namespace, page_title),
  KEY page_random (page_random),
  KEY page_len (page_len),
  KEY page_redirect_namespace_len (page_is_redirect, page_namespace, page_len)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `revision` (
  rev_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  rev_page BIGINT NOT NULL,
  rev_comment_id BIGINT NOT NULL DEFAULT 0,
  rev_actor BIGINT NOT NULL DEFAULT 0,
  rev_timestamp VARBINARY(14) NOT NULL,
  rev_minor_edit TINYINT UNSIGNED NOT NULL DEFAULT 0,
  rev_deleted TINYINT UNSIGNED NOT NULL DEFAULT 0,
  rev_len BIGINT,
  rev_parent_id BIGINT,
  rev_sha1 VARBINARY(32) NOT NULL DEFAULT '',
  KEY rev_timestamp (rev_timestamp),
  KEY rev_page_timestamp (rev_page, rev_timestamp),
  KEY rev_actor_timestamp (rev_actor, rev_timestamp, rev_id),
  KEY rev_page_actor_timestamp (rev_page, rev_actor, rev_timestamp)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `slots` (
  slot_revision_id BIGINT NOT NULL,
  slot_role_id BIGINT NOT NULL,
  slot_content_id BIGINT NOT NULL,
  slot_origin BIGINT NOT NULL,
  PRIMARY KEY (slot_revision_id, slot_role_id),
  KEY slot_revision_origin_role (slot_revision_id, slot_origin, slot_role_id)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `slot_roles` (
  role_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  role_name VARBINARY(64) NOT NULL,
  UNIQUE KEY role_name (role_name)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `content` (
  content_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  content_size BIGINT NOT NULL,
  content_sha1 VARBINARY(32) NOT NULL,
  content_model BIGINT NOT NULL,
  content_address VARBINARY(255) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `content_models` (
  model_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  model_name VARBINARY(64) NOT NULL,
  UNIQUE KEY model_name (model_name)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `text` (
  old_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  old_text MEDIUMBLOB NOT NULL,
  old_flags VARBINARY(255) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `comment` (
  comment_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  comment_hash INT NOT NULL,
  comment_text BLOB NOT NULL,
  comment_data BLOB,
  KEY comment_hash (comment_hash)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `actor` (
  actor_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  actor_user BIGINT,
  actor_name VARBINARY(255) NOT NULL,
  UNIQUE KEY actor_user (actor_user),
  UNIQUE KEY actor_name (actor_name)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `user` (
  user_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_name VARBINARY(255) NOT NULL DEFAULT '',
  user_real_name VARBINARY(255) NOT NULL DEFAULT '',
  user_password VARBINARY(255) NOT NULL,
  user_newpassword VARBINARY(255) NOT NULL,
  user_newpass_time VARBINARY(14),
  user_email VARBINARY(255) NOT NULL,
  user_touched VARBINARY(14) NOT NULL,
  user_token VARBINARY(32) NOT NULL DEFAULT '',
  user_email_authenticated VARBINARY(14),
  user_email_token VARBINARY(32),
  user_email_token_expires VARBINARY(14),
  user_registration VARBINARY(14),
  user_editcount BIGINT,
  user_password_expires VARBINARY(14),
  UNIQUE KEY user_name (user_name),
  KEY user_email_token (user_email_token),
  KEY user_email (user_email)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `user_groups` (
  ug_user BIGINT NOT NULL DEFAULT 0,
  ug_group VARBINARY(255) NOT NULL DEFAULT '',
  ug_expiry VARBINARY(14),
  PRIMARY KEY (ug_user, ug_group),
  KEY ug_group (ug_group),
  KEY ug_expiry (ug_expiry)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `user_former_groups` (
  ufg_user BIGINT NOT NULL DEFAULT 0,
  ufg_group VARBINARY(255) NOT NULL DEFAULT '',
  PRIMARY KEY (ufg_user, ufg_group)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `logging` (
  log_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  log_type VARBINARY(32) NOT NULL DEFAULT '',
  log_action VARBINARY(32) NOT NULL DEFAULT '',
  log_timestamp VARBINARY(14) NOT NULL DEFAULT '19700101000000',
  log_actor BIGINT NOT NULL,
  log_namespace INT NOT NULL DEFAULT 0,
  log_title VARBINARY(255) NOT NULL DEFAULT '',
  log_page BIGINT,
  log_comment_id BIGINT NOT NULL,
  log_params BLOB NOT NULL,
  log_deleted TINYINT UNSIGNED NOT NULL DEFAULT 0,
  KEY log_type_time (log_type, log_timestamp),
  KEY log_actor_time (log_actor, log_timestamp),
  KEY log_page_time (log_namespace, log_title, log_timestamp),
  KEY log_times (log_timestamp),
  KEY log_actor_type_time (log_actor, log_type, log_timestamp),
  KEY log_page_id_time (log_page, log_timestamp),
  KEY log_type_action (log_type, log_action, log_timestamp)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `log_search` (
  ls_field VARBINARY(32) NOT NULL,
  ls_value VARBINARY(255) NOT NULL,
  ls_log_id BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (ls_field, ls_value, ls_log_id),
  KEY ls_log_id (ls_log_id)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `recentchanges` (
  rc_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  rc_timestamp VARBINARY(14) NOT NULL,
  rc_actor BIGINT NOT NULL,
  rc_namespace INT NOT NULL DEFAULT 0,
  rc_title VARBINARY(255) NOT NULL DEFAULT '',
  rc_comment_id BIGINT NOT NULL,
  rc_minor TINYINT UNSIGNED NOT NULL DEFAULT 0,
  rc_bot TINYINT UNSIGNED NOT NULL DEFAULT 0,
  rc_new TINYINT UNSIGNED NOT NULL DEFAULT 0,
  rc_cur_id BIGINT NOT NULL DEFAULT 0,
  rc_this_oldid BIGINT NOT NULL DEFAULT 0,
  rc_last_oldid BIGINT NOT NULL DEFAULT 0,
  rc_type TINYINT UNSIGNED NOT NULL DEFAULT 0,
  rc_source VARBINARY(16) NOT NULL DEFAULT '',
  rc_patrolled TINYINT UNSIGNED NOT NULL DEFAULT 0,
  rc_ip VARBINARY(40) NOT NULL DEFAULT '',
  rc_old_len BIGINT,
  rc_new_len BIGINT,
  rc_deleted TINYINT UNSIGNED NOT NULL DEFAULT 0,
  rc_logid BIGINT NOT NULL DEFAULT 0,
  rc_log_type VARBINARY(255),
  rc_log_action VARBINARY(255),
  rc_params BLOB,
  KEY rc_timestamp (rc_timestamp),
  KEY rc_namespace_title_timestamp (rc_namespace, rc_title, rc_timestamp),
  KEY rc_cur_id (rc_cur_id),
  KEY rc_new_name_timestamp (rc_new, rc_namespace, rc_timestamp),
  KEY rc_ip (rc_ip),
  KEY rc_ns_actor (rc_namespace, rc_actor),
  KEY rc_actor (rc_actor, rc_timestamp),
  KEY rc_name_type_patrolled_timestamp (rc_namespace, rc_type, rc_patrolled, rc_timestamp),
  KEY rc_this_oldid (rc_this_oldid)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `categorylinks` (
  cl_from BIGINT NOT NULL DEFAULT 0,
  cl_to VARBINARY(255) NOT NULL DEFAULT '',
  cl_sortkey VARBINARY(230) NOT NULL DEFAULT '',
  cl_sortkey_prefix VARBINARY(255) NOT NULL DEFAULT '',
  cl_timestamp VARBINARY(14) NOT NULL,
  cl_collation VARBINARY(32) NOT NULL DEFAULT '',
  cl_type VARBINARY(6) NOT NULL DEFAULT 'page',
  PRIMARY KEY (cl_from, cl_to),
  KEY cl_sortkey (cl_to, cl_type, cl_sortkey, cl_from),
  KEY cl_timestamp (cl_to, cl_timestamp),
  KEY cl_collation_ext (cl_collation, cl_to, cl_type, cl_from)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `category` (
  cat_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  cat_title VARBINARY(255) NOT NULL,
  cat_pages BIGINT NOT NULL DEFAULT 0,
  cat_subcats BIGINT NOT NULL DEFAULT 0,
  cat_files BIGINT NOT NULL DEFAULT 0,
  UNIQUE KEY cat_title (cat_title),
  KEY cat_pages (cat_pages)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `pagelinks` (
  pl_from BIGINT NOT NULL DEFAULT 0,
  pl_namespace INT NOT NULL DEFAULT 0,
  pl_title VARBINARY(255) NOT NULL DEFAULT '',
  pl_from_namespace INT NOT NULL DEFAULT 0,
  PRIMARY KEY (pl_from, pl_namespace, pl_title),
  KEY pl_namespace (pl_namespace, pl_title, pl_from),
  KEY pl_backlinks_namespace (pl_from_namespace, pl_namespace, pl_title, pl_from)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `templatelinks` (
  tl_from BIGINT NOT NULL DEFAULT 0,
  tl_from_namespace INT NOT NULL DEFAULT 0,
  tl_target_id BIGINT NOT NULL,
  PRIMARY KEY (tl_from, tl_target_id),
  KEY tl_target_id (tl_target_id, tl_from),
  KEY tl_backlinks_namespace_target_id (tl_from_namespace, tl_target_id, tl_from)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `linktarget` (
  lt_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  lt_namespace INT NOT NULL,
  lt_title VARBINARY(255) NOT NULL,
  UNIQUE KEY lt_namespace_title (lt_namespace, lt_title)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `imagelinks` (
  il_from BIGINT NOT NULL DEFAULT 0,
  il_from_namespace INT NOT NULL DEFAULT 0,
  il_to VARBINARY(255) NOT NULL DEFAULT '',
  PRIMARY KEY (il_from, il_to),
  KEY il_to (il_to, il_from),
  KEY il_backlinks_namespace (il_from_namespace, il_to, il_from)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `externallinks` (
  el_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  el_from BIGINT NOT NULL DEFAULT 0,
  el_to BLOB NOT NULL,
  el_index BLOB NOT NULL,
  el_index_60 VARBINARY(60) NOT NULL,
  KEY el_from (el_from, el_to(40)),
  KEY el_to (el_to(60), el_from),
  KEY el_index (el_index(60)),
  KEY el_index_60 (el_index_60, el_id),
  KEY el_from_index_60 (el_from, el_index_60, el_id)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `langlinks` (
  ll_from BIGINT NOT NULL DEFAULT 0,
  ll_lang VARBINARY(35) NOT NULL DEFAULT '',
  ll_title VARBINARY(255) NOT NULL DEFAULT '',
  PRIMARY KEY (ll_from, ll_lang),
  KEY ll_lang (ll_lang, ll_title)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `iwlinks` (
  iwl_from BIGINT NOT NULL DEFAULT 0,
  iwl_prefix VARBINARY(32) NOT NULL DEFAULT '',
  iwl_title VARBINARY(255) NOT NULL DEFAULT '',
  PRIMARY KEY (iwl_from, iwl_prefix, iwl_title),
  KEY iwl_prefix_title_from (iwl_prefix, iwl_title, iwl_from),
  KEY iwl_prefix_from_title (iwl_prefix, iwl_from, iwl_title)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `redirect` (
  rd_from BIGINT NOT NULL DEFAULT 0,
  rd_namespace INT NOT NULL DEFAULT 0,
  rd_title VARBINARY(255) NOT NULL DEFAULT '',
  rd_interwiki VARBINARY(32),
  rd_fragment VARBINARY(255),
  PRIMARY KEY (rd_from),
  KEY rd_ns_title (rd_namespace, rd_title, rd_from)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `page_props` (
  pp_page BIGINT NOT NULL,
  pp_propname VARBINARY(60) NOT NULL,
  pp_value BLOB NOT NULL,
  pp_sortkey DOUBLE,
  PRIMARY KEY (pp_page, pp_propname),
  UNIQUE KEY pp_propname_page (pp_propname, pp_page),
  UNIQUE KEY pp_propname_sortkey_page (pp_propname, pp_sortkey, pp_page)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `page_restrictions` (
  pr_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  pr_page BIGINT NOT NULL,
  pr_type VARBINARY(60) NOT NULL,
  pr_level VARBINARY(60) NOT NULL,
  pr_cascade TINYINT NOT NULL,
  pr_expiry VARBINARY(14),
  UNIQUE KEY pr_pagetype (pr_page, pr_type),
  KEY pr_typelevel (pr_type, pr_level),
  KEY pr_level (pr_level),
  KEY pr_cascade (pr_cascade)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `protected_titles` (
  pt_namespace INT NOT NULL,
  pt_title VARBINARY(255) NOT NULL,
  pt_user BIGINT NOT NULL,
  pt_reason_id BIGINT NOT NULL,
  pt_timestamp VARBINARY(14) NOT NULL,
  pt_expiry VARBINARY(14) NOT NULL,
  pt_create_perm VARBINARY(60) NOT NULL,
  PRIMARY KEY (pt_namespace, pt_title),
  KEY pt_timestamp (pt_timestamp)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `image` (
  img_name VARBINARY(255) NOT NULL DEFAULT '',
  img_size BIGINT NOT NULL DEFAULT 0,
  img_width INT NOT NULL DEFAULT 0,
  img_height INT NOT NULL DEFAULT 0,
  img_metadata MEDIUMBLOB NOT NULL,
  img_bits INT NOT NULL DEFAULT 0,
  img_media_type VARBINARY(10),
  img_major_mime VARBINARY(11) NOT NULL DEFAULT 'unknown',
  img_minor_mime VARBINARY(100) NOT NULL DEFAULT 'unknown',
  img_description_id BIGINT NOT NULL,
  img_actor BIGINT NOT NULL,
  img_timestamp VARBINARY(14) NOT NULL,
  img_sha1 VARBINARY(32) NOT NULL DEFAULT '',
  PRIMARY KEY (img_name),
  KEY img_actor_timestamp (img_actor, img_timestamp),
  KEY img_size (img_size),
  KEY img_timestamp (img_timestamp),
  KEY img_sha1 (img_sha1),
  KEY img_media_mime (img_media_type, img_major_mime, img_minor_mime)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `oldimage` (
  oi_name VARBINARY(255) NOT NULL DEFAULT '',
  oi_archive_name VARBINARY(255) NOT NULL DEFAULT '',
  oi_size BIGINT NOT NULL DEFAULT 0,
  oi_width INT NOT NULL DEFAULT 0,
  oi_height INT NOT NULL DEFAULT 0,
  oi_bits INT NOT NULL DEFAULT 0,
  oi_description_id BIGINT NOT NULL,
  oi_actor BIGINT NOT NULL,
  oi_timestamp VARBINARY(14) NOT NULL,
  oi_metadata MEDIUMBLOB NOT NULL,
  oi_media_type VARBINARY(10),
  oi_major_mime VARBINARY(11) NOT NULL DEFAULT 'unknown',
  oi_minor_mime VARBINARY(100) NOT NULL DEFAULT 'unknown',
  oi_deleted TINYINT UNSIGNED NOT NULL DEFAULT 0,
  oi_sha1 VARBINARY(32) NOT NULL DEFAULT '',
  KEY oi_actor_timestamp (oi_actor, oi_timestamp),
  KEY oi_name_timestamp (oi_name, oi_timestamp),
  KEY oi_name_archive_name (oi_name, oi_archive_name),
  KEY oi_sha1 (oi_sha1),
  KEY oi_timestamp (oi_timestamp)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `filearchive` (
  fa_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  fa_name VARBINARY(255) NOT NULL DEFAULT '',
  fa_archive_name VARBINARY(255) DEFAULT '',
  fa_storage_group VARBINARY(16),
  fa_storage_key VARBINARY(64) DEFAULT '',
  fa_deleted_user BIGINT,
  fa_deleted_timestamp VARBINARY(14),
  fa_deleted_reason_id BIGINT NOT NULL,
  fa_size BIGINT DEFAULT 0,
  fa_width INT DEFAULT 0,
  fa_height INT DEFAULT 0,
  fa_metadata MEDIUMBLOB,
  fa_bits INT DEFAULT 0,
  fa_media_type VARBINARY(10),
  fa_major_mime VARBINARY(11) DEFAULT 'unknown',
  fa_minor_mime VARBINARY(100) DEFAULT 'unknown',
  fa_description_id BIGINT NOT NULL,
  fa_actor BIGINT NOT NULL,
  fa_timestamp VARBINARY(14),
  fa_deleted TINYINT UNSIGNED NOT NULL DEFAULT 0,
  fa_sha1 VARBINARY(32) NOT NULL DEFAULT '',
  KEY fa_name (fa_name, fa_timestamp),
  KEY fa_storage_group (fa_storage_group, fa_storage_key),
  KEY fa_deleted_timestamp (fa_deleted_timestamp),
  KEY fa_actor_timestamp (fa_actor, fa_timestamp),
  KEY fa_sha1 (fa_sha1)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `uploadstash` (
  us_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  us_user BIGINT NOT NULL,
  us_key VARBINARY(255) NOT NULL,
  us_orig_path VARBINARY(255) NOT NULL,
  us_path VARBINARY(255) NOT NULL,
  us_source_type VARBINARY(50),
  us_timestamp VARBINARY(14) NOT NULL,
  us_status VARBINARY(50) NOT NULL,
  us_chunk_inx BIGINT,
  us_props BLOB,
  us_size BIGINT NOT NULL,
  us_sha1 VARBINARY(31) NOT NULL,
  us_mime VARBINARY(255),
  us_media_type VARBINARY(10),
  us_image_width INT,
  us_image_height INT,
  us_image_bits INT,
  KEY us_user (us_user),
  UNIQUE KEY us_key (us_key),
  KEY us_timestamp (us_timestamp)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `archive` (
  ar_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  ar_namespace INT NOT NULL DEFAULT 0,
  ar_title VARBINARY(255) NOT NULL DEFAULT '',
  ar_comment_id BIGINT NOT NULL,
  ar_actor BIGINT NOT NULL,
  ar_timestamp VARBINARY(14) NOT NULL,
  ar_minor_edit TINYINT NOT NULL DEFAULT 0,
  ar_rev_id BIGINT NOT NULL,
  ar_deleted TINYINT UNSIGNED NOT NULL DEFAULT 0,
  ar_len BIGINT,
  ar_page_id BIGINT,
  ar_parent_id BIGINT,
  ar_sha1 VARBINARY(32) NOT NULL DEFAULT '',
  KEY ar_name_title_timestamp (ar_namespace, ar_title, ar_timestamp),
  KEY ar_actor_timestamp (ar_actor, ar_timestamp),
  UNIQUE KEY ar_revid_uniq (ar_rev_id)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `ipblocks` (
  ipb_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  ipb_address VARBINARY(255) NOT NULL,
  ipb_user BIGINT NOT NULL DEFAULT 0,
  ipb_by_actor BIGINT NOT NULL,
  ipb_reason_id BIGINT NOT NULL,
  ipb_timestamp VARBINARY(14) NOT NULL,
  ipb_auto TINYINT NOT NULL DEFAULT 0,
  ipb_anon_only TINYINT NOT NULL DEFAULT 0,
  ipb_create_account TINYINT NOT NULL DEFAULT 1,
  ipb_enable_autoblock TINYINT NOT NULL DEFAULT 1,
  ipb_expiry VARBINARY(14) NOT NULL,
  ipb_range_start VARBINARY(255) NOT NULL,
  ipb_range_end VARBINARY(255) NOT NULL,
  ipb_deleted TINYINT NOT NULL DEFAULT 0,
  ipb_block_email TINYINT NOT NULL DEFAULT 0,
  ipb_allow_usertalk TINYINT NOT NULL DEFAULT 0,
  ipb_parent_block_id BIGINT,
  ipb_sitewide TINYINT NOT NULL DEFAULT 1,
  UNIQUE KEY ipb_address_unique (ipb_address, ipb_user, ipb_auto),
  KEY ipb_user (ipb_user),
  KEY ipb_range (ipb_range_start, ipb_range_end),
  KEY ipb_timestamp (ipb_timestamp),
  KEY ipb_expiry (ipb_expiry),
  KEY ipb_parent_block_id (ipb_parent_block_id)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `ipblocks_restrictions` (
  ir_ipb_id BIGINT NOT NULL,
  ir_type TINYINT NOT NULL,
  ir_value BIGINT NOT NULL,
  PRIMARY KEY (ir_ipb_id, ir_type, ir_value),
  KEY ir_type_value (ir_type, ir_value)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `watchlist` (
  wl_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  wl_user BIGINT NOT NULL,
  wl_namespace INT NOT NULL DEFAULT 0,
  wl_title VARBINARY(255) NOT NULL DEFAULT '',
  wl_notificationtimestamp VARBINARY(14),
  UNIQUE KEY wl_user (wl_user, wl_namespace, wl_title),
  KEY wl_namespace_title (wl_namespace, wl_title),
  KEY wl_user_notificationtimestamp (wl_user, wl_notificationtimestamp)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `watchlist_expiry` (
  we_item BIGINT NOT NULL,
  we_expiry VARBINARY(14) NOT NULL,
  PRIMARY KEY (we_item),
  KEY we_expiry (we_expiry)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `change_tag` (
  ct_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  ct_rc_id BIGINT,
  ct_log_id BIGINT,
  ct_rev_id BIGINT,
  ct_params BLOB,
  ct_tag_id BIGINT NOT NULL,
  UNIQUE KEY ct_rc_tag_id (ct_rc_id, ct_tag_id),
  UNIQUE KEY ct_log_tag_id (ct_log_id, ct_tag_id),
  UNIQUE KEY ct_rev_tag_id (ct_rev_id, ct_tag_id),
  KEY ct_tag_id_id (ct_tag_id, ct_rc_id, ct_rev_id, ct_log_id)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `change_tag_def` (
  ctd_id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  ctd_name VARBINARY(255) NOT NULL,
  ctd_user_defined TINYINT NOT NULL,
  ctd_count BIGINT NOT NULL DEFAULT 0,
  UNIQUE KEY ctd_name (ctd_name),
  KEY ctd_count (ctd_count),
  KEY ctd_user_defined (ctd_user_defined)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `site_stats` (
  ss_row_id BIGINT NOT NULL,
  ss_total_edits BIGINT,
  ss_good_articles BIGINT,
  ss_total_pages BIGINT,
  ss_users BIGINT,
  ss_active_users BIGINT,
  ss_images BIGINT,
  PRIMARY KEY (ss_row_id)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `interwiki` (
  iw_prefix VARBINARY(32) NOT NULL,
  iw_url BLOB NOT NULL,
  iw_api BLOB NOT NULL,
  iw_wikiid VARBINARY(64) NOT NULL,
  iw_local TINYINT NOT NULL,
  iw_trans TINYINT NOT NULL DEFAULT 0,
  PRIMARY KEY (iw_prefix)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `user_properties` (
  up_user BIGINT NOT NULL,
  up_property VARBINARY(255) NOT NULL,
  up_value BLOB,
  PRIMARY KEY (up_user, up_property),
  KEY up_property (up_property)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `revision_comment_temp` (
  revcomment_rev BIGINT NOT NULL,
  revcomment_comment_id BIGINT NOT NULL,
  PRIMARY KEY (revcomment_rev, revcomment_comment_id),
  UNIQUE KEY revcomment_rev (revcomment_rev)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `ip_changes` (
  ipc_rev_id BIGINT NOT NULL DEFAULT 0,
  ipc_rev_timestamp VARBINARY(14) NOT NULL,
  ipc_hex VARBINARY(35) NOT NULL DEFAULT '',
  PRIMARY KEY (ipc_rev_id),
  KEY ipc_rev_timestamp (ipc_rev_timestamp),
  KEY ipc_hex_time (ipc_hex, ipc_rev_timestamp)
) ENGINE=InnoDB DEFAULT CHARSET=binary;


-- wikiquery migration 2: the full-text search index (stemmed words of each page's title and current text, each marked with x)
CREATE TABLE IF NOT EXISTS wikiquery_search (
  page_id BIGINT NOT NULL,
  search_title TEXT NOT NULL,
  search_text MEDIUMTEXT NOT NULL,
  PRIMARY KEY (page_id),
  FULLTEXT KEY wikiquery_search_all (search_title, search_text),
  FULLTEXT KEY wikiquery_search_title (search_title)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

-- wikiquery migration 3: the special pages' cached reports (MediaWiki's querycache, filled by `wikiquery update-special-pages`)
CREATE TABLE IF NOT EXISTS `querycache` (
  qc_type VARBINARY(32) NOT NULL,
  qc_value INT UNSIGNED NOT NULL DEFAULT 0,
  qc_namespace INT NOT NULL DEFAULT 0,
  qc_title VARBINARY(255) NOT NULL DEFAULT '',
  KEY qc_type (qc_type, qc_value)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `querycache_info` (
  qci_type VARBINARY(32) NOT NULL DEFAULT '',
  qci_timestamp BINARY(14) NOT NULL DEFAULT '19700101000000',
  PRIMARY KEY (qci_type)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

-- wikiquery migration 4: accounts: MediaWiki's bot passwords, users' new-message flags, and the sessions a logout ended
CREATE TABLE IF NOT EXISTS `bot_passwords` (
  bp_user INT UNSIGNED NOT NULL,
  bp_app_id VARBINARY(32) NOT NULL,
  bp_password TINYBLOB NOT NULL,
  bp_token BINARY(32) NOT NULL DEFAULT '',
  bp_restrictions BLOB NOT NULL,
  bp_grants BLOB NOT NULL,
  PRIMARY KEY (bp_user, bp_app_id)
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `wikiquery_ended_session` (
  es_id VARBINARY(64) NOT NULL PRIMARY KEY,
  es_expires BIGINT NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=binary;

CREATE TABLE IF NOT EXISTS `user_newtalk` (
  user_id INT UNSIGNED NOT NULL DEFAULT 0,
  user_ip VARBINARY(40) NOT NULL DEFAULT '',
  user_last_timestamp BINARY(14),
  KEY un_user_id (user_id)
) ENGINE=InnoDB DEFAULT CHARSET=binary;
