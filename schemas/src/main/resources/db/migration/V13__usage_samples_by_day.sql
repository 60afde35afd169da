-- data_usage_records partitioned by day (UTC) of sampled_at, so that old samples go by dropping a
-- partition instead of deleting rows: the check handlers drop the days older than their retention
-- and create the days ahead (UsageSamplePartitions). Partitions are named
-- data_usage_records_<yyyymmdd> and cover that UTC day.
--
-- The rows already there are kept without being copied: the old table becomes one partition,
-- data_usage_records_before_<yyyymmdd>, covering everything before that day (the day after this
-- migration runs), and goes as a whole once that day is older than the retention. Attaching it
-- reads the old table once to check that its rows fall in that range.
--
-- No foreign key to tb_iot_card any more: its check took a share lock on the card's row, a write
-- to the captured card table for every sample. The samples are a log written by the handlers for
-- cards they have just read, and cards are soft-deleted, never removed.
--
-- Re-runnable like every script here: a table already partitioned is left as it is.
DO $$
DECLARE
    first_day DATE := (now() AT TIME ZONE 'UTC')::date + 1;
    old_rows  TEXT := 'data_usage_records_before_' || to_char(first_day, 'YYYYMMDD');
    day       DATE;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_class
                   WHERE oid = to_regclass('public.data_usage_records') AND relkind = 'r') THEN
        RETURN;
    END IF;

    EXECUTE format('ALTER TABLE data_usage_records RENAME TO %I', old_rows);
    EXECUTE format('ALTER INDEX idx_data_usage_records_card RENAME TO %I', old_rows || '_card');
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT IF EXISTS data_usage_records_iot_card_id_fkey',
                   old_rows);

    CREATE TABLE data_usage_records (
        id             BIGINT         NOT NULL DEFAULT nextval('data_usage_records_id_seq'),
        iot_card_id    BIGINT         NOT NULL,
        month_start    DATE           NOT NULL,
        month_total_mb NUMERIC(18, 3) NOT NULL,
        -- Negative only for a carrier correction; it is recorded, never deducted.
        delta_mb       NUMERIC(18, 3) NOT NULL,
        sampled_at     TIMESTAMPTZ    NOT NULL DEFAULT now()
    ) PARTITION BY RANGE (sampled_at);
    ALTER SEQUENCE data_usage_records_id_seq OWNED BY data_usage_records.id;
    -- A card's samples by time: its last one is the end of a backward scan. The old table's index
    -- has the same definition, so attaching the old table takes it over instead of building one.
    CREATE INDEX idx_data_usage_records_card ON data_usage_records (iot_card_id, sampled_at);

    EXECUTE format(
        'ALTER TABLE data_usage_records ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)',
        old_rows, to_char(first_day, 'YYYY-MM-DD') || ' 00:00:00+00');

    -- A week ahead: writes have their partition even before a handlers instance maintains them.
    FOR i IN 0..6 LOOP
        day := first_day + i;
        EXECUTE format(
            'CREATE TABLE IF NOT EXISTS %I PARTITION OF data_usage_records FOR VALUES FROM (%L) TO (%L)',
            'data_usage_records_' || to_char(day, 'YYYYMMDD'),
            to_char(day, 'YYYY-MM-DD') || ' 00:00:00+00',
            to_char(day + 1, 'YYYY-MM-DD') || ' 00:00:00+00');
    END LOOP;
END $$;
