-- The files coaches already have (issue 30): what federation entry files and US rosters say of a fencer beyond
-- name, club and FIE ranking, kept on the athlete so a later export can write it. A national rating is kept
-- with its system (USA Fencing's letter and year to start: 'usaf', value 'B2023' or 'U').
ALTER TABLE athletes ADD COLUMN licence TEXT;
ALTER TABLE athletes ADD COLUMN nation TEXT CHECK (nation IS NULL OR length(nation) = 3);
ALTER TABLE athletes ADD COLUMN birth_date TEXT;
ALTER TABLE athletes ADD COLUMN laterality TEXT CHECK (laterality IS NULL OR laterality IN ('R', 'L'));
ALTER TABLE athletes ADD COLUMN gender TEXT CHECK (gender IS NULL OR gender IN ('M', 'F'));
ALTER TABLE athletes ADD COLUMN region TEXT;
ALTER TABLE athletes ADD COLUMN rating_system TEXT CHECK (rating_system IS NULL OR rating_system IN ('usaf'));
ALTER TABLE athletes ADD COLUMN rating TEXT CHECK ((rating IS NULL) = (rating_system IS NULL));
