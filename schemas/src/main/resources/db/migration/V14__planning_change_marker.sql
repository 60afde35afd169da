-- The planning change marker: every card and device row carries the number of the last change to
-- the columns that decide whether and how it is polled (the columns the lifecycle listener
-- captures), drawn from one sequence by a trigger. The queue reconciler reads the rows changed
-- since the highest number it has compared, through the index below, instead of the whole table.
--
-- A trigger, not the application: every writer of the database (the platform, an import, a fix
-- typed in psql) moves the marker, whether or not it tells anyone. Usage accounting (month
-- counters, timestamps, package deductions) leaves those columns alone, so it never moves the
-- marker, and a row whose planning columns did not change keeps its number (and its index entry,
-- so such updates stay HOT).
--
-- CACHE 1 (the default) is required: the reconciler relies on numbers being handed out in the
-- order the calls happen across sessions; a per-session cache would hand out lower numbers after
-- higher ones.
--
-- NULL on the rows written before this script: they count as unchanged since, and the
-- reconciler's first pass over them is a full one. No backfill, which would rewrite the tables and
-- send every row through the change stream again.
--
-- Re-runnable like every script here.
CREATE SEQUENCE IF NOT EXISTS planning_change_seq AS BIGINT CACHE 1;

ALTER TABLE tb_iot_card ADD COLUMN IF NOT EXISTS planning_change_seq BIGINT;
ALTER TABLE tb_device ADD COLUMN IF NOT EXISTS planning_change_seq BIGINT;

-- Sets the new row's number: a fresh one for an insert, and for an update that changes a planning
-- column; the old one for an update that only tried to set the number, so that no writer moves it
-- by hand. The update triggers' WHEN clauses keep every other update (usage accounting among
-- them) from calling the functions at all. One function per table: PL/pgSQL resolves every field
-- an expression names, so one function could not name the columns of both.
--
-- A number is drawn only once the writing transaction has its transaction id (an update has one
-- already: locking the old row gave it one; an insert gets it here). So a transaction holding a
-- number was given its id before any reader saw that number handed out: a reader that then takes
-- a transaction id of its own knows that every writer which could still commit a number it saw
-- has a lower id, and can wait for those to end (sequences are not transactional: a number drawn
-- early may commit late).
CREATE OR REPLACE FUNCTION tb_iot_card_planning_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_current_xact_id();
    IF TG_OP = 'INSERT' THEN
        NEW.planning_change_seq := nextval('planning_change_seq');
    ELSIF (NEW.carrier_id, NEW.card_category, NEW.real_name_status, NEW.network_status,
           NEW.device_id, NEW.enable_polling, NEW.deleted_at)
        IS DISTINCT FROM
          (OLD.carrier_id, OLD.card_category, OLD.real_name_status, OLD.network_status,
           OLD.device_id, OLD.enable_polling, OLD.deleted_at) THEN
        NEW.planning_change_seq := nextval('planning_change_seq');
    ELSE
        NEW.planning_change_seq := OLD.planning_change_seq;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION tb_device_planning_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_current_xact_id();
    IF TG_OP = 'INSERT' THEN
        NEW.planning_change_seq := nextval('planning_change_seq');
    ELSIF (NEW.enable_polling, NEW.deleted_at) IS DISTINCT FROM (OLD.enable_polling, OLD.deleted_at) THEN
        NEW.planning_change_seq := nextval('planning_change_seq');
    ELSE
        NEW.planning_change_seq := OLD.planning_change_seq;
    END IF;
    RETURN NEW;
END $$;

DROP TRIGGER IF EXISTS tr_iot_card_planning_insert ON tb_iot_card;
CREATE TRIGGER tr_iot_card_planning_insert
    BEFORE INSERT ON tb_iot_card
    FOR EACH ROW EXECUTE FUNCTION tb_iot_card_planning_change();
DROP TRIGGER IF EXISTS tr_iot_card_planning_update ON tb_iot_card;
CREATE TRIGGER tr_iot_card_planning_update
    BEFORE UPDATE ON tb_iot_card
    FOR EACH ROW
    WHEN ((NEW.carrier_id, NEW.card_category, NEW.real_name_status, NEW.network_status,
           NEW.device_id, NEW.enable_polling, NEW.deleted_at, NEW.planning_change_seq)
          IS DISTINCT FROM
          (OLD.carrier_id, OLD.card_category, OLD.real_name_status, OLD.network_status,
           OLD.device_id, OLD.enable_polling, OLD.deleted_at, OLD.planning_change_seq))
    EXECUTE FUNCTION tb_iot_card_planning_change();

DROP TRIGGER IF EXISTS tr_device_planning_insert ON tb_device;
CREATE TRIGGER tr_device_planning_insert
    BEFORE INSERT ON tb_device
    FOR EACH ROW EXECUTE FUNCTION tb_device_planning_change();
DROP TRIGGER IF EXISTS tr_device_planning_update ON tb_device;
CREATE TRIGGER tr_device_planning_update
    BEFORE UPDATE ON tb_device
    FOR EACH ROW
    WHEN ((NEW.enable_polling, NEW.deleted_at, NEW.planning_change_seq)
          IS DISTINCT FROM (OLD.enable_polling, OLD.deleted_at, OLD.planning_change_seq))
    EXECUTE FUNCTION tb_device_planning_change();

-- The reconciler's reading: rows changed after a number, in number order. Partial, so the rows
-- that never changed since this script take no room.
CREATE INDEX IF NOT EXISTS idx_iot_card_planning_change
    ON tb_iot_card (planning_change_seq) WHERE planning_change_seq IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_device_planning_change
    ON tb_device (planning_change_seq) WHERE planning_change_seq IS NOT NULL;
