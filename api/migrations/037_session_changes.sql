-- Issue 41 (decision 068): each API process remembers a session's state (open? must its teacher
-- set up two-factor?) for a moment instead of reading it on every call. Every change that can alter
-- that state tells every process at once through NOTIFY on `session_changes`, from triggers, so no
-- code path can forget to: a session ended or shortened ('s:<session>:<account>'), a person's
-- two-factor turned on or off or their organization changed ('a:<account>'), an organization's
-- requirement of two-factor changed or the organization gone ('*': forget everything).
-- A refresh only lengthens a session (its expiry, its last use), and tells no one.

CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('session_changes', 's:' || OLD.id || ':' || OLD.account_id);
	RETURN NULL;
END
$$;

CREATE TRIGGER auth_sessions_changed
	AFTER UPDATE ON auth_sessions
	FOR EACH ROW
	WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR NEW.expires_at < OLD.expires_at
		OR OLD.account_id IS DISTINCT FROM NEW.account_id)
	EXECUTE FUNCTION notify_session_change();

CREATE TRIGGER auth_sessions_deleted
	AFTER DELETE ON auth_sessions
	FOR EACH ROW
	EXECUTE FUNCTION notify_session_change();

CREATE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('session_changes', 'a:' || OLD.id);
	ELSIF TG_OP = 'INSERT' THEN
		PERFORM pg_notify('session_changes', 'a:' || NEW.account_id);
	ELSE
		PERFORM pg_notify('session_changes', 'a:' || OLD.account_id);
	END IF;
	RETURN NULL;
END
$$;

CREATE TRIGGER users_organization_changed
	AFTER UPDATE OF organization_id ON users
	FOR EACH ROW
	WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id)
	EXECUTE FUNCTION notify_account_change();

CREATE TRIGGER users_deleted
	AFTER DELETE ON users
	FOR EACH ROW
	EXECUTE FUNCTION notify_account_change();

CREATE TRIGGER two_factor_added
	AFTER INSERT ON two_factor
	FOR EACH ROW
	WHEN (NEW.enabled_at IS NOT NULL)
	EXECUTE FUNCTION notify_account_change();

CREATE TRIGGER two_factor_changed
	AFTER UPDATE ON two_factor
	FOR EACH ROW
	WHEN ((OLD.enabled_at IS NULL) <> (NEW.enabled_at IS NULL)
		OR OLD.account_id IS DISTINCT FROM NEW.account_id)
	EXECUTE FUNCTION notify_account_change();

CREATE TRIGGER two_factor_deleted
	AFTER DELETE ON two_factor
	FOR EACH ROW
	WHEN (OLD.enabled_at IS NOT NULL)
	EXECUTE FUNCTION notify_account_change();

CREATE FUNCTION notify_organization_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('session_changes', '*');
	RETURN NULL;
END
$$;

CREATE TRIGGER organizations_two_factor_changed
	AFTER UPDATE OF teachers_need_two_factor ON organizations
	FOR EACH ROW
	WHEN (OLD.teachers_need_two_factor IS DISTINCT FROM NEW.teachers_need_two_factor)
	EXECUTE FUNCTION notify_organization_change();

CREATE TRIGGER organizations_deleted
	AFTER DELETE ON organizations
	FOR EACH ROW
	EXECUTE FUNCTION notify_organization_change();
