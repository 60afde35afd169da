-- tb_stop_resume_log is the outbox of polling.card.actions: the lifecycle listener captures its
-- inserts through the change stream (Debezium adds the table to the existing publication when it
-- starts) and turns every 'success' row into a CardAction. Every column a CardAction needs is
-- already there (id, card, device, action, reason, trigger, attempt, created_at).
--
-- Inserts carry the whole new row whatever the replica identity. FULL, as for the other captured
-- tables, makes a hand-made UPDATE or a retention DELETE of log rows readable by the same change
-- reader (the before-image is there), instead of a change the listener can only dead-letter.
ALTER TABLE tb_stop_resume_log REPLICA IDENTITY FULL;
