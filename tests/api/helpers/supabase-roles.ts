import pg from "pg";

/** What a superuser runs once per PostgreSQL cluster so the test role can act as Supabase's roles. */
export const SUPABASE_ROLES_SQL = [
  "CREATE ROLE anon NOLOGIN NOINHERIT;",
  "CREATE ROLE authenticated NOLOGIN NOINHERIT;",
  "GRANT anon, authenticated TO <test role>;",
].join(" ");

/**
 * Makes sure the cluster has Supabase's `anon` and `authenticated` roles and that the connecting role may
 * `SET ROLE` to them. Roles belong to the cluster, not the database, so this is needed once per machine:
 * done here when the test role has CREATEROLE, otherwise the error says what a superuser must run
 * (.ci/run does it on CI machines).
 */
export async function ensureSupabaseRoles(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const missing = await missingRoles(client);
    if (missing.length === 0) return;
    try {
      for (const role of missing) {
        const exists = await client.query("select 1 from pg_roles where rolname = $1", [role]);
        if (exists.rowCount === 0) await client.query(`create role ${role} nologin noinherit`);
        await client.query(`grant ${role} to current_user`);
      }
    } catch (error) {
      throw new Error(
        `The PostgreSQL test role cannot use Supabase's roles (${missing.join(", ")}) and may not create them ` +
          `(${error instanceof Error ? error.message : String(error)}). As a superuser, run once: ${SUPABASE_ROLES_SQL}`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Supabase roles the connecting role cannot SET ROLE to (absent, or not granted to it). */
async function missingRoles(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ role: string; usable: boolean }>(
    `select wanted.role,
            coalesce(pg_has_role(current_user, r.oid, 'member'), false) as usable
       from (values ('anon'), ('authenticated')) as wanted(role)
       left join pg_roles r on r.rolname = wanted.role`,
  );
  return rows.filter((row) => !row.usable).map((row) => row.role);
}
