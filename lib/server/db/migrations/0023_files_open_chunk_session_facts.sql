-- files_open_chunk answers the facts of the caller's session (its user and when it was revoked, NULL when there
-- is no such session) beside the upload, and no longer judges them: the rule of a valid session is written once,
-- in TypeScript (checkSession in lib/server/services/auth/require-user.ts), for every call alike. The caller's
-- upload (no upload columns when the user has no such upload); when it is open and its chunks are blobs (not
-- S3 parts: chunk_size below p_parts_from), the chunk's blob key is journalled in the same call (a refused
-- chunk clears its entry).
DROP FUNCTION IF EXISTS files_open_chunk(text, text, text, bigint, text);
--> statement-breakpoint
CREATE FUNCTION files_open_chunk(p_upload text, p_user text, p_key text, p_parts_from bigint, p_sid text)
RETURNS TABLE (session_user_id text, session_revoked_at timestamptz, id text, status text, name text, size bigint, chunks integer, chunk_size bigint, multipart_key text, multipart_id text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	r record;
	s_user text;
	s_revoked timestamptz;
BEGIN
	IF p_sid IS NOT NULL THEN
		SELECT a.user_id, a.revoked_at INTO s_user, s_revoked FROM auth_sessions a WHERE a.id = p_sid;
	END IF;
	SELECT u.id, u.status, u.name, u.size, u.chunks, u.chunk_size, u.multipart_key, u.multipart_id INTO r
		FROM files_uploads u WHERE u.id = p_upload AND u.user_id = p_user;
	IF FOUND AND r.status = 'open' AND (p_parts_from IS NULL OR r.chunk_size < p_parts_from) THEN
		INSERT INTO files_pending_blobs (key) VALUES (p_key) ON CONFLICT DO NOTHING;
	END IF;
	RETURN QUERY SELECT s_user, s_revoked, r.id::text, r.status::text, r.name::text, r.size::bigint,
		r.chunks::integer, r.chunk_size::bigint, r.multipart_key::text, r.multipart_id::text;
END
$$;
