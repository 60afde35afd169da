-- Flyway runs this callback before every migrate run (it is not a versioned migration: no checksum,
-- no row in the schema history). It marks the first install of cmp-polling on this database: the
-- run that starts while the schema history holds no applied migration yet. V16 reads the mark to
-- leave the not_realname default switch off on a first install, where an upgrade keeps whatever
-- its default switch says. The mark is written in that first run only and never removed, so a first
-- install whose run stops before V16 is still one when a later run applies V16.
--
-- Why not tell the two apart in V16 itself: once V10 has created the default row, a fresh database
-- and one upgraded before anybody touched the switch look the same; only the history at the start
-- of the run differs. A row of Flyway's own making, the schema-creation marker, does not count; a
-- baseline does (someone declared the schema already there).
--
-- The apps migrate at start-up together, and Flyway takes its lock only after this callback: two
-- runs may be here at once. Creating the table concurrently makes one of them fail on a catalog
-- key: the table's name (unique_violation, duplicate_table) or its row type's (duplicate_object,
-- "type ... already exists", seen when three apps start together). Each is caught: the other's
-- table is there. Inserting the mark twice is a no-op.
DO $$
BEGIN
    CREATE TABLE IF NOT EXISTS tb_schema_install (
        -- One row at most: there is one first install.
        id           BOOLEAN     PRIMARY KEY DEFAULT TRUE CHECK (id),
        installed_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
EXCEPTION
    WHEN unique_violation OR duplicate_table OR duplicate_object THEN
        NULL;
END
$$;

-- Flyway creates its history table before this callback runs, so a history that cannot be found
-- means its name did not resolve (placeholders switched off): then nothing is marked, and V16 leaves
-- the default switch as V10 made it.
DO $$
DECLARE
    history TEXT := format('%I.%I', '${flyway:defaultSchema}', '${flyway:table}');
    migrated BOOLEAN;
BEGIN
    IF to_regclass(history) IS NULL THEN
        RETURN;
    END IF;
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s WHERE success AND type <> ''SCHEMA'')', history)
        INTO migrated;
    IF NOT migrated THEN
        INSERT INTO tb_schema_install DEFAULT VALUES ON CONFLICT DO NOTHING;
    END IF;
END
$$;
