-- Issue 18: a practice's weapon (the referee's rules differ: a double hit only at épée). Chosen at creation,
-- changeable until the first bout; practices made before it are épée.
ALTER TABLE practices ADD COLUMN weapon TEXT NOT NULL DEFAULT 'epee' CHECK (weapon IN ('epee', 'foil', 'sabre'));
