-- Issue 25: signing in now needs a verified address (sign-up answers the same for a known address, so the
-- verification link is what proves the mailbox). Accounts made before it used the product as they were: they
-- count as verified from their creation.
UPDATE users SET email_verified_at = created_at WHERE email_verified_at IS NULL;
