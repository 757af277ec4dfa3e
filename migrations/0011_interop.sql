-- Issue 15: an athlete's national ranking (FIE `Classement`), from a roster import or typed by hand.
ALTER TABLE athletes ADD COLUMN ranking INTEGER;
