-- Every server process keeps API keys it has found in memory (lib/keys/api-key-cache.ts) and LISTENs
-- on api_key_changed; this tells them, at commit, which key to forget. Written by hand: Prisma's
-- schema has no triggers.
-- The payload is the row as it was (its hashedKey is what caches are keyed by) and whether the key is
-- now refused, which a revoking process waits to hear (lib/keys/revoke-api-key.ts).
CREATE FUNCTION "api_key_change_notify"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- No row to name: an empty payload makes every listener forget everything.
    PERFORM pg_notify('api_key_changed', '');
  ELSE
    PERFORM pg_notify(
      'api_key_changed',
      json_build_object(
        'id', OLD."id",
        'hashedKey', OLD."hashedKey",
        'revoked', TG_OP = 'DELETE' OR NEW."revokedAt" IS NOT NULL
      )::text
    );
  END IF;
  RETURN NULL;
END;
$$;

-- Only the columns authentication reads: the pipeline writes "lastUsedAt" once a minute per key,
-- and that must not empty the caches.
CREATE TRIGGER "ApiKey_change_notify_update"
AFTER UPDATE OF "revokedAt", "scopes", "allowedIps", "livemode", "applicationId", "hashedKey" ON "ApiKey"
FOR EACH ROW
WHEN (
  OLD."revokedAt" IS DISTINCT FROM NEW."revokedAt"
  OR OLD."scopes" IS DISTINCT FROM NEW."scopes"
  OR OLD."allowedIps" IS DISTINCT FROM NEW."allowedIps"
  OR OLD."livemode" IS DISTINCT FROM NEW."livemode"
  OR OLD."applicationId" IS DISTINCT FROM NEW."applicationId"
  OR OLD."hashedKey" IS DISTINCT FROM NEW."hashedKey"
)
EXECUTE FUNCTION "api_key_change_notify"();

CREATE TRIGGER "ApiKey_change_notify_delete"
AFTER DELETE ON "ApiKey"
FOR EACH ROW
EXECUTE FUNCTION "api_key_change_notify"();

CREATE TRIGGER "ApiKey_change_notify_truncate"
AFTER TRUNCATE ON "ApiKey"
FOR EACH STATEMENT
EXECUTE FUNCTION "api_key_change_notify"();
