-- Commits one stored chunk of an upload in one round trip (lib/server/services/files/upload-chunk.ts).
-- Locking the upload row (FOR UPDATE) makes chunk commits of one upload take turns; being a volatile function,
-- every later statement here takes a fresh snapshot and sees every chunk committed before the lock was granted.
-- Answers status ('ok', 'missing', 'closed', 'restarted'), the blob the chunk replaces (journalled here for
-- deletion) and the ids of the chunks that arrived, sorted, comma-separated.
CREATE OR REPLACE FUNCTION files_commit_chunk(
	p_upload text, p_chunk integer, p_size bigint, p_crc32 text, p_key text, p_etag text, p_multipart text
) RETURNS TABLE (status text, old_key text, received text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	v_status text;
	v_multipart text;
	v_old text;
	v_touched timestamptz;
BEGIN
	SELECT u.status, u.multipart_id, u.touched_at INTO v_status, v_multipart, v_touched
		FROM files_uploads u WHERE u.id = p_upload FOR UPDATE;
	IF NOT FOUND THEN
		RETURN QUERY SELECT 'missing'::text, NULL::text, NULL::text;
		RETURN;
	END IF;
	IF v_status <> 'open' THEN
		RETURN QUERY SELECT 'closed'::text, NULL::text, NULL::text;
		RETURN;
	END IF;
	IF p_multipart IS NOT NULL AND v_multipart IS DISTINCT FROM p_multipart THEN
		RETURN QUERY SELECT 'restarted'::text, NULL::text, NULL::text;
		RETURN;
	END IF;
	-- The idle sweep counts in hours: the row (and its touched_at index) is rewritten at most once a minute.
	IF v_touched < now() - interval '1 minute' THEN
		UPDATE files_uploads u SET touched_at = now() WHERE u.id = p_upload;
	END IF;
	SELECT c.blob_key INTO v_old FROM files_upload_chunks c WHERE c.upload_id = p_upload AND c.chunk_id = p_chunk;
	INSERT INTO files_upload_chunks AS c (upload_id, chunk_id, size, crc32, blob_key, etag)
		VALUES (p_upload, p_chunk, p_size, p_crc32, p_key, p_etag)
		ON CONFLICT (upload_id, chunk_id) DO UPDATE
			SET size = excluded.size, crc32 = excluded.crc32, blob_key = excluded.blob_key, etag = excluded.etag, received_at = now();
	IF v_old IS NOT NULL AND v_old IS DISTINCT FROM p_key THEN
		INSERT INTO files_pending_blobs (key) VALUES (v_old) ON CONFLICT DO NOTHING;
	END IF;
	IF p_key IS NOT NULL THEN
		DELETE FROM files_pending_blobs WHERE key = p_key;
	END IF;
	RETURN QUERY SELECT 'ok'::text, v_old,
		(SELECT string_agg(c.chunk_id::text, ',' ORDER BY c.chunk_id) FROM files_upload_chunks c WHERE c.upload_id = p_upload);
END
$$;
