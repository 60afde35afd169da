-- Default polling configurations (seed 003, seed 004 decision 15). Intervals in seconds.
-- Conditions are disjoint (a card is suspended, not_real_name or activated), so priority only
-- orders them against carrier-specific configs that operators add later (lower wins).
--
-- suspended: stopped cards keep being checked so that StopResumeService can resume them once
--   the reason is gone; realname is included because a card stopped for not_realname only
--   resumes after its verification is seen.
-- not_real_name: online but unverified; real-name is checked often, usage and packages
--   hourly (those checks are what stop an unverified normal card).
-- activated: online and verified; usage every 30 minutes, packages hourly, real-name daily.
-- protect: only cards an operator put under a protection period are in that queue; the
--   interval says how often the desired state is enforced while the period lasts.
INSERT INTO tb_polling_config (config_name, card_condition, carrier_id, priority,
                               realname_check_interval, carddata_check_interval,
                               package_check_interval, protect_check_interval, status)
VALUES ('default-suspended', 'suspended', NULL, 100, 1800, 3600, 3600, 60, 1),
       ('default-not-real-name', 'not_real_name', NULL, 100, 300, 3600, 3600, 60, 1),
       ('default-activated', 'activated', NULL, 100, 86400, 1800, 3600, 60, 1)
ON CONFLICT (config_name) DO NOTHING;
