/** Build-time settings the page reads through import.meta.env (see vite.config.ts and README). */
interface ImportMetaEnv {
  /** Static build only: the Supabase project's URL, e.g. https://abc.supabase.co. */
  readonly VITE_SUPABASE_URL?: string;
  /** Static build only: the project's public anon key. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
}
