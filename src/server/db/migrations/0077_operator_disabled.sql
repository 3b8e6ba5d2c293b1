-- An owner can take an operator's access away (someone who left, a stolen password): a disabled
-- operator cannot sign in, and their sessions end with the change. Null while the operator may sign in.
ALTER TABLE "operators" ADD COLUMN "disabled_at" timestamptz;
