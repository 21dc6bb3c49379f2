-- The two lookups every chunk of an upload makes, as PL/pgSQL functions: a function's statements are planned
-- once per connection and the plan reused (the embedded PGlite spends more on planning a join than on
-- running it). Both are read by name in lib/server (require-user.ts, upload-chunk.ts).

-- The session of an access token with its user (requireUser): no row when the session does not exist.
CREATE OR REPLACE FUNCTION auth_session_user(p_sid text)
RETURNS TABLE (id text, email text, roles text[], user_id text, revoked_at timestamptz)
LANGUAGE plpgsql STABLE AS $$
BEGIN
	RETURN QUERY SELECT u.id, u.email, u.roles, s.user_id, s.revoked_at
		FROM auth_sessions s JOIN auth_users u ON u.id = s.user_id
		WHERE s.id = p_sid;
END
$$;
--> statement-breakpoint
-- The caller's upload for a chunk; when it is open and its chunks are blobs (not S3 parts: chunk_size below
-- p_parts_from), the chunk's blob key is journalled in the same call. With p_sid, the session of the caller's
-- token is checked first, as auth_session_user is read by requireUser: `session` answers 'invalid' (no such
-- session of this user) or 'revoked', and nothing else is done. No upload row when the user has no such upload.
CREATE OR REPLACE FUNCTION files_open_chunk(p_upload text, p_user text, p_key text, p_parts_from bigint, p_sid text)
RETURNS TABLE (session text, id text, status text, name text, size bigint, chunks integer, chunk_size bigint, multipart_key text, multipart_id text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	r record;
	s record;
BEGIN
	IF p_sid IS NOT NULL THEN
		SELECT a.user_id, a.revoked_at INTO s FROM auth_sessions a WHERE a.id = p_sid;
		IF NOT FOUND OR s.user_id <> p_user THEN
			RETURN QUERY SELECT 'invalid'::text, NULL::text, NULL::text, NULL::text, NULL::bigint, NULL::integer, NULL::bigint, NULL::text, NULL::text;
			RETURN;
		END IF;
		IF s.revoked_at IS NOT NULL THEN
			RETURN QUERY SELECT 'revoked'::text, NULL::text, NULL::text, NULL::text, NULL::bigint, NULL::integer, NULL::bigint, NULL::text, NULL::text;
			RETURN;
		END IF;
	END IF;
	SELECT u.id, u.status, u.name, u.size, u.chunks, u.chunk_size, u.multipart_key, u.multipart_id INTO r
		FROM files_uploads u WHERE u.id = p_upload AND u.user_id = p_user;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	IF r.status = 'open' AND (p_parts_from IS NULL OR r.chunk_size < p_parts_from) THEN
		INSERT INTO files_pending_blobs (key) VALUES (p_key) ON CONFLICT DO NOTHING;
	END IF;
	RETURN QUERY SELECT 'ok'::text, r.id, r.status, r.name, r.size, r.chunks, r.chunk_size, r.multipart_key, r.multipart_id;
END
$$;
