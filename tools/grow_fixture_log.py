#!/usr/bin/env python3
"""Copies a MediaWiki SQLite database and repeats its log until it holds about ENTRIES entries.

    tools/grow_fixture_log.py SOURCE.sqlite TARGET.sqlite [ENTRIES]

Every copy of an entry gets a new id and an older timestamp (30 s apart, all before the first
entry of SOURCE), and the rows `log_search` records for the entry (the revision it created) are
copied with it, so both wikiquery and MediaWiki itself can serve TARGET: the benchmark compares
them on the same million-entry log (tools/bench_logevents.sh).
"""
import calendar
import shutil
import sqlite3
import sys
import time


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    source, target = sys.argv[1], sys.argv[2]
    wanted = int(sys.argv[3]) if len(sys.argv) == 4 else 1_000_000
    shutil.copyfile(source, target)
    db = sqlite3.connect(target)
    columns = ("log_type, log_action, log_timestamp, log_actor, log_namespace, log_title, log_page, "
               "log_comment_id, log_params, log_deleted")
    entries = db.execute(f"SELECT log_id, {columns} FROM logging ORDER BY log_id").fetchall()
    if not entries:
        sys.exit(f"{source} has no log entries")
    search = {}
    for field, value, log_id in db.execute("SELECT ls_field, ls_value, ls_log_id FROM log_search"):
        search.setdefault(log_id, []).append((field, value))
    oldest = calendar.timegm(time.strptime(min(e[3] for e in entries), "%Y%m%d%H%M%S"))
    copies = max(0, (wanted - len(entries)) // len(entries))
    at = oldest - copies * len(entries) * 30
    cursor = db.cursor()
    for _ in range(copies):
        for entry in entries:
            at += 30
            stamp = time.strftime("%Y%m%d%H%M%S", time.gmtime(at))
            cursor.execute(
                f"INSERT INTO logging ({columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (entry[1], entry[2], stamp) + tuple(entry[4:]),
            )
            new_id = cursor.lastrowid
            for field, value in search.get(entry[0], []):
                cursor.execute(
                    "INSERT OR IGNORE INTO log_search (ls_field, ls_value, ls_log_id) VALUES (?, ?, ?)",
                    (field, value, new_id),
                )
    db.commit()
    total = db.execute("SELECT count(*) FROM logging").fetchone()[0]
    print(f"{target}: {total} log entries")


if __name__ == "__main__":
    main()
