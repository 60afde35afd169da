-- The month usage counters of the carddata check, out of tb_iot_card. That table is captured by
-- the change stream with REPLICA IDENTITY FULL: every counter update wrote the whole old card row
-- to the WAL, went through the replication slot, Debezium and Kafka, and was parsed by the
-- lifecycle topology only to be found meaningless, once per carddata check. This table is in no
-- publication, so the change stream carries lifecycle changes only.
--
-- A card has a row from its first usage sample on; no row reads as "no sample yet" (no month,
-- both counters 0). Re-runnable like every script here.
CREATE TABLE IF NOT EXISTS tb_card_month_usage (
    iot_card_id            BIGINT         PRIMARY KEY REFERENCES tb_iot_card (id) ON DELETE CASCADE,
    -- First day of the month the counter belongs to; NULL only for a row moved from a card that
    -- had a last-month total but no sample of its own yet.
    month_start            DATE,
    -- The month-to-date total the carrier last reported.
    current_month_usage_mb NUMERIC(18, 3) NOT NULL DEFAULT 0,
    -- The previous month's final total.
    last_month_total_mb    NUMERIC(18, 3) NOT NULL DEFAULT 0,
    CONSTRAINT ck_card_month_usage_not_negative
        CHECK (current_month_usage_mb >= 0 AND last_month_total_mb >= 0)
)
-- Room in each page for the next version of its rows: a counter update is then a heap-only
-- update, with no index entry to write (no indexed column changes).
WITH (fillfactor = 80);

-- The counters as they stood, for every card that has any; a card with none keeps no row.
INSERT INTO tb_card_month_usage (iot_card_id, month_start, current_month_usage_mb, last_month_total_mb)
SELECT id, current_month_start_date, current_month_usage_mb, last_month_total_mb
FROM tb_iot_card
WHERE current_month_start_date IS NOT NULL
   OR current_month_usage_mb <> 0
   OR last_month_total_mb <> 0
ON CONFLICT (iot_card_id) DO NOTHING;

-- The old columns stay for now, no longer read or written: a process of the previous version
-- still selects them while a rolling upgrade runs. A later migration drops them.
COMMENT ON COLUMN tb_iot_card.current_month_usage_mb IS
    'Frozen at migration V12 and no longer maintained: see tb_card_month_usage.';
COMMENT ON COLUMN tb_iot_card.current_month_start_date IS
    'Frozen at migration V12 and no longer maintained: see tb_card_month_usage.';
COMMENT ON COLUMN tb_iot_card.last_month_total_mb IS
    'Frozen at migration V12 and no longer maintained: see tb_card_month_usage.';
