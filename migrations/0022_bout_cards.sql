-- Cards kept with a saved result (issue 29): the referee's cards of a pool bout and of a tableau match, as JSON
-- ({"player1": [...], "player2": [...], "p_cards": n}, core/fencing/bout-cards), null when none was given. The
-- room's SQLite has the same columns (worker/room/schema.ts, step 8); its archive copies them here.
ALTER TABLE matches ADD COLUMN cards TEXT;
ALTER TABLE bracket_matches ADD COLUMN cards TEXT;
